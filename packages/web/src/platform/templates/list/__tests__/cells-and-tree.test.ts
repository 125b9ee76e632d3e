import { describe, expect, it } from 'vitest';
import { cellText } from '../cell-value';
import { totalsRow } from '../totals';
import { filterTree, toTree } from '../tree-nodes';

const yesNo = { yes: '是', no: '否' };

describe('cells', () => {
  it('shows an option by its label and colour', () => {
    const f = { fieldType: 'ENUM', options: [{ value: 'BLUE', label: '蓝牌', color: 'blue' }] };
    expect(cellText(f, 'BLUE', yesNo)).toEqual({ kind: 'tag', label: '蓝牌', color: 'blue' });
  });
  it('shows a boolean without options as 是/否', () => {
    const f = { fieldType: 'BOOLEAN', options: [] };
    expect(cellText(f, true, yesNo)).toEqual({ kind: 'text', text: '是' });
    expect(cellText(f, false, yesNo)).toEqual({ kind: 'text', text: '否' });
    expect(cellText(f, null, yesNo)).toEqual({ kind: 'text', text: '' });
  });
  it('formats dates as yyyy-MM-dd HH:mm:ss, a day-searched field as yyyy-MM-dd', () => {
    expect(cellText({ fieldType: 'DATE', options: [] }, '2026-11-21T08:05:09', yesNo)).toEqual({ kind: 'text', text: '2026-11-21 08:05:09' });
    expect(cellText({ fieldType: 'DATE', options: [], searchType: 'datePickerRange' }, '2027-09-09T00:00:00', yesNo)).toEqual({ kind: 'text', text: '2027-09-09' });
  });
  it('shows a NUMERIC without the zeros its column scale adds, never rounding it', () => {
    const f = { fieldType: 'NUMBER', options: [] };
    expect(cellText(f, '31.9900', yesNo)).toEqual({ kind: 'text', text: '31.99' });
    expect(cellText(f, '30.0000', yesNo)).toEqual({ kind: 'text', text: '30' });
    expect(cellText(f, '1200', yesNo)).toEqual({ kind: 'text', text: '1200' });
    expect(cellText(f, '0.1234', yesNo)).toEqual({ kind: 'text', text: '0.1234' });
  });
  it('shows a MONEY amount as money: yuan sign, thousands separators, two decimals', () => {
    const f = { fieldType: 'NUMBER', options: [], classType: 'MONEY' };
    expect(cellText(f, '50000.0000', yesNo)).toEqual({ kind: 'text', text: '¥50,000.00' });
    expect(cellText(f, '1234567.8', yesNo)).toEqual({ kind: 'text', text: '¥1,234,567.80' });
    expect(cellText(f, '-11420', yesNo)).toEqual({ kind: 'text', text: '-¥11,420.00' });
    expect(cellText(f, '-0.0000', yesNo)).toEqual({ kind: 'text', text: '¥0.00' });
    expect(cellText(f, '95.1234', yesNo)).toEqual({ kind: 'text', text: '¥95.12' });
    expect(cellText(f, 0, yesNo)).toEqual({ kind: 'text', text: '¥0.00' });
    expect(cellText(f, null, yesNo)).toEqual({ kind: 'text', text: '' });
  });
  it('shows a field by its declared display kind, in the plant\'s format', () => {
    const money = { fieldType: 'NUMBER', options: [], displayKind: 'money' as const };
    const price = { fieldType: 'NUMBER', options: [], displayKind: 'unitPrice' as const };
    const weight = { fieldType: 'NUMBER', options: [], displayKind: 'weight' as const };
    expect(cellText(money, '1214.1', yesNo)).toEqual({ kind: 'text', text: '¥1,214.10' });
    expect(cellText(price, '350', yesNo)).toEqual({ kind: 'text', text: '¥350.00' });
    expect(cellText(price, '35.123456', yesNo, { weightUnit: 't', weightPrecision: 2, unitPricePrecision: 4 })).toEqual({ kind: 'text', text: '¥35.1235' });
    expect(cellText(weight, '144.5400', yesNo)).toEqual({ kind: 'text', text: '144.54' });
    expect(cellText(weight, '32.0000', yesNo, { weightUnit: 't', weightPrecision: 3, unitPricePrecision: 4 })).toEqual({ kind: 'text', text: '32.000' });
    expect(cellText(weight, '31.95', yesNo, { weightUnit: 'kg', weightPrecision: 0, unitPricePrecision: 4 })).toEqual({ kind: 'text', text: '31,950' });
    expect(cellText(weight, null, yesNo)).toEqual({ kind: 'text', text: '' });
  });
});

describe('合计 row', () => {
  it('puts each totalled field\'s sum under its column, nothing elsewhere', () => {
    const shown = [{ fieldName: 'plateNumber', itotal: false }, { fieldName: 'capacityTonnage', itotal: true }, { fieldName: 'lastTare', itotal: true }];
    expect(totalsRow(shown, { capacityTonnage: '120.50', lastTare: null })).toEqual([null, '120.5', null]);
  });
  it('sums a MONEY field as money', () => {
    expect(totalsRow([{ fieldName: 'available', itotal: true, classType: 'MONEY' }], { available: '38580.0000' })).toEqual(['¥38,580.00']);
  });
  it('sums a weight in the plant\'s unit and decimals', () => {
    const shown = [{ fieldName: 'net', itotal: true, displayKind: 'weight' as const }, { fieldName: 'amount', itotal: true, displayKind: 'money' as const }];
    expect(totalsRow(shown, { net: '1234.5', amount: '36536.6' })).toEqual(['1,234.50', '¥36,536.60']);
    expect(totalsRow(shown, { net: '1.5', amount: '0' }, { weightUnit: 'kg', weightPrecision: 1, unitPricePrecision: 4 })).toEqual(['1,500.0', '¥0.00']);
  });
});

describe('tree nodes', () => {
  it('links a flat answer by pid, 0 and "0" being the root, and filters keeping ancestors', () => {
    const tree = toTree([
      { id: 1, pid: 0, name: '原材料' },
      { id: 2, pid: '1', name: '石灰石' },
      { id: 3, pid: '0', name: '成品' },
    ]);
    expect(tree.map((n) => n.title)).toEqual(['原材料', '成品']);
    expect(filterTree(tree, '石灰')).toMatchObject([{ key: '1', title: '原材料', children: [{ key: '2', title: '石灰石', children: [] }] }]);
  });
});
