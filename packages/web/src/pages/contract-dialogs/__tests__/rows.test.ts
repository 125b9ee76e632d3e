import { describe, expect, it } from 'vitest';
import type { QualityTerm } from '../api';
import { displayWith } from '@/platform/display';
import { historyRows } from '../history-rows';
import { bodyOf, emptyRow, problemAt, rowsOf } from '../quality-rows';

const TERM: QualityTerm = {
  seq: 1, materialCode: '0101001', itemCode: 'MT', itemName: '全水', standardValue: '8', direction: 'MAX',
  deductStep: '0.5', deductPercent: '1', bandStep: null, bandPrice: null, rejectLimit: '12', remark: null, deductBasis: 'DRY', bandMode: 'PROPORTIONAL',
};

describe('the quality terms the dialog edits', () => {
  it('sends what it read back unchanged, an empty optional number as null', () => {
    expect(bodyOf(rowsOf([TERM]))).toEqual([{
      materialCode: '0101001', itemCode: 'MT', itemName: '全水', standardValue: '8', direction: 'MAX',
      deductStep: '0.5', deductPercent: '1', deductBasis: 'DRY', bandStep: null, bandPrice: null, bandMode: 'PROPORTIONAL', rejectLimit: '12', remark: null,
    }]);
  });

  it('trims what was typed and sends blanks as null', () => {
    const row = { ...emptyRow('0101001'), itemCode: ' S ', itemName: '硫', standardValue: ' 1.2 ', bandStep: '  ', remark: ' 按批 ' };
    expect(bodyOf([row])[0]).toMatchObject({ itemCode: 'S', standardValue: '1.2', bandStep: null, remark: '按批', direction: 'MAX', deductBasis: 'NET', bandMode: 'STEP' });
  });

  it('puts a refusal at the cell it names: the body path, or the field and the row its message names', () => {
    expect(problemAt('terms.1.standardValue', '参数 terms.1.standardValue 错误: 标准值不能超过…')).toMatchObject({ row: 1, column: 'standardValue' });
    expect(problemAt('rejectLimit', '第2行 拒收限值须高于标准值')).toMatchObject({ row: 1, column: 'rejectLimit' });
    expect(problemAt('id', '销售合同 XSHT1 不是草稿，不能修改质量条款')).toMatchObject({ row: null, column: null });
  });
});

describe('the amendment history', () => {
  it('names the field in words and leaves the line empty for a header value', () => {
    const rows = historyRows([
      { amendNo: 'XSBC1', lineSeq: null, field: 'validTo', before: '2030-12-31', after: '2031-06-30', changedAt: '2026-03-01T02:00:00Z', changedBy: '张会计' },
      { amendNo: 'XSBC1', lineSeq: 1, field: 'quantity', before: '100', after: '150', changedAt: '2026-03-01T02:00:00Z', changedBy: null },
    ], (f) => ({ validTo: '有效期至', quantity: '数量' })[f] ?? f, displayWith());
    expect(rows.map((r) => [r.line, r.field, r.before, r.after, r.who])).toEqual([['', '有效期至', '2030-12-31', '2031-06-30', '张会计'], ['1', '数量', '100.00 吨', '150.00 吨', '']]);
  });

  it('shows a quantity as a weight in the plant\'s unit, a price as money and a tolerance in %', () => {
    const at = { amendNo: 'XSBC2', changedAt: '2026-03-01T02:00:00Z', changedBy: null };
    const rows = historyRows([
      { ...at, lineSeq: 1, field: 'quantity', before: '1200.5', after: '1500' },
      { ...at, lineSeq: 1, field: 'price', before: '350', after: '362.125' },
      { ...at, lineSeq: null, field: 'tolerance', before: '5', after: '3' },
    ], (f) => f, displayWith({ weightUnit: 'kg', weightPrecision: 0, unitPricePrecision: 4 }));
    expect(rows.map((r) => [r.before, r.after])).toEqual([['1,200,500 千克', '1,500,000 千克'], ['¥350.00', '¥362.125'], ['5%', '3%']]);
  });
});
