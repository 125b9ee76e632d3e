import { afterEach, describe, expect, it } from 'vitest';
import { pageAction, type PageActionContext } from '@/platform/templates/buttons/page-actions';
import type { LabLine, LabSample } from '../api';
import '../QualityLabDialogHost';
import { useQualityLabDialog } from '../dialog-store';
import { cellProblem, changedValues, draftOf, rangeText } from '../result-rows';

const line = (over: Partial<LabLine>): LabLine => ({
  itemId: '1', itemCode: '001', itemName: '水分', unit: '%', precisionDigits: 2, minValue: '0', maxValue: '40', method: null, formula: null, mayEnter: true,
  first: { value: null, version: 0, enteredBy: null }, recheck: null, final: null, ...over,
});
const sample = (lines: LabLine[], round = 1): LabSample => ({
  id: '9', blindCode: 'K7M2Q9XW3R', materialName: '烟煤', formatName: '烟煤化验', recheckMode: 'AVERAGE', sampledOn: '2026-11-20', sampleCount: 1,
  state: round === 2 ? 'RECHECK' : 'TESTING', stateName: '', round, checkedBy: null, recheckReason: null, version: 1, lines,
});

describe('the 录入结果 rows', () => {
  it('are cells only for the caller’s items that no formula derives, holding the current round’s value', () => {
    const s = sample([
      line({ itemId: '1', first: { value: '10', version: 3, enteredBy: '李' }, recheck: { value: '11', version: 1, enteredBy: '李' } }),
      line({ itemId: '2', itemCode: '003', mayEnter: false }),
      line({ itemId: '3', itemCode: '006', formula: '[003] * 100 / (100 - [001])' }),
    ], 2);
    expect(draftOf(s)).toEqual({ 1: '11' });
  });

  it('word a bad value as the server does: digits, decimals, range', () => {
    expect(cellProblem(line({}), '')).toBeNull();
    expect(cellProblem(line({}), '12.34')).toBeNull();
    expect(cellProblem(line({}), '1a')).toBe('水分 应为数字');
    expect(cellProblem(line({}), '12.345')).toBe('水分 最多2位小数');
    expect(cellProblem(line({}), '-1')).toBe('水分 不能小于 0（有效范围 0 ~ 40）');
    expect(cellProblem(line({}), '40.5')).toBe('水分 不能大于 40（有效范围 0 ~ 40）');
    expect(rangeText(line({}))).toBe('0 ~ 40');
    expect(rangeText(line({ minValue: null, maxValue: null }))).toBe('');
  });

  it('send only what changed, each with the version it was read at; a cleared cell sends null', () => {
    const s = sample([
      line({ itemId: '1', first: { value: '10', version: 3, enteredBy: 'x' } }),
      line({ itemId: '2', itemCode: '003', first: { value: '0.9', version: 2, enteredBy: 'x' } }),
      line({ itemId: '4', itemCode: '002', first: { value: '4', version: 5, enteredBy: 'x' } }),
      line({ itemId: '5', itemCode: '004', first: null }),
    ]);
    expect(changedValues(s, { 1: '10.00', 2: '0.95', 4: '', 5: '3' })).toEqual([
      { itemId: '2', value: '0.95', version: 2 }, { itemId: '4', value: null, version: 5 }, { itemId: '5', value: '3', version: 0 },
    ]);
  });
});

describe('the 录入结果 and 复检 buttons', () => {
  afterEach(() => useQualityLabDialog.getState().close());
  const ctx = (selectedIds: string[]): PageActionContext => ({
    base: '/api/quality/assay', button: { id: 'b', name: 'x', label: 'x' } as PageActionContext['button'], selectedIds,
    selectedRows: selectedIds.map((id) => ({ id })), refresh: () => undefined, clearSelection: () => undefined,
  });

  it('open their dialog on exactly one sample', async () => {
    for (const name of ['assayEnter', 'assayRecheck']) {
      await pageAction(name)?.(ctx([]));
      expect(useQualityLabDialog.getState().open).toBeNull();
      await pageAction(name)?.(ctx(['1', '2']));
      expect(useQualityLabDialog.getState().open).toBeNull();
      await pageAction(name)?.(ctx(['1']));
      expect(useQualityLabDialog.getState().open).toMatchObject({ kind: name, ctx: { selectedIds: ['1'] } });
      useQualityLabDialog.getState().close();
    }
  });
});
