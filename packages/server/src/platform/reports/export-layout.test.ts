import { describe, expect, it } from 'vitest';
import { excelCellValue, exportColumns, StreamingTotals } from './export-layout';

const fields = [
  { key: 'kind', title: '类型', titleEn: 'Kind', type: 'text' as const },
  { key: 'material', title: '物料', titleEn: 'Material', type: 'text' as const },
  { key: 'net', title: '净重', titleEn: 'Net', type: 'weight' as const, total: true },
  { key: 'amount', title: '金额', titleEn: 'Amount', type: 'money' as const, total: true },
  { key: 'plate', title: '车牌', titleEn: 'Plate', type: 'text' as const },
];
const col = (field: string, extra: object = {}) => ({ field, title: field, titleEn: field, ...extra });

describe('the sheet columns', () => {
  it('totals what the field or the column asks, never a grouping field, never a sum of words', () => {
    const cols = exportColumns({ fields }, {
      groupBy: ['kind'],
      columns: [col('kind', { total: 'count' }), col('net'), col('amount', { total: 'avg' }), col('plate', { total: 'sum' }), col('material', { hidden: true })],
    });
    expect(cols.map((c) => [c.field, c.total])).toEqual([['kind', undefined], ['net', 'sum'], ['amount', 'avg'], ['plate', undefined]]);
  });
});

describe('subtotals while rows stream past', () => {
  it('closes the deeper group first, keeps cents exact, and ends with the totals row', () => {
    const cols = exportColumns({ fields }, { groupBy: ['kind', 'material'], columns: [col('kind'), col('material'), col('net'), col('amount')] });
    const t = new StreamingTotals(cols, ['kind', 'material']);
    const rows = [
      { kind: '采购', material: '煤', net: '1.1', amount: '0.10' },
      { kind: '采购', material: '煤', net: '2.2', amount: '0.20' },
      { kind: '采购', material: '砂', net: '3.3', amount: null },
      { kind: '销售', material: '煤', net: '4.4', amount: '0.30' },
    ];
    const out = rows.flatMap((r) => t.push(r).map((x) => [x.level, x.label, x.values.net, x.values.amount]));
    expect(out).toEqual([
      [2, '采购 / 煤 小计', '3.3', '0.3'],
      [2, '采购 / 砂 小计', '3.3', '0'],
      [1, '采购 小计', '6.6', '0.3'],
    ]);
    expect(t.finish().map((x) => [x.level, x.label, x.values.net, x.values.amount])).toEqual([
      [2, '销售 / 煤 小计', '4.4', '0.3'],
      [1, '销售 小计', '4.4', '0.3'],
      [0, '合计', '11', '0.6'],
    ]);
  });
});

describe('cell values', () => {
  it('keeps a plant day as that day, a time as the plant wall clock, a weight in the plant unit', () => {
    expect(excelCellValue('date', '2026-03-01', 'Asia/Shanghai')).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(excelCellValue('datetime', new Date('2026-02-28T16:30:00Z'), 'Asia/Shanghai')).toEqual(new Date('2026-03-01T00:30:00Z'));
    expect(excelCellValue('date', new Date('2026-02-28T16:30:00Z'), 'Asia/Shanghai')).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(excelCellValue('weight', '31.95', 'Asia/Shanghai', { weightUnit: 'kg', weightPrecision: 0, unitPricePrecision: 4 })).toBe(31950);
    expect(excelCellValue('money', '1214.10', 'Asia/Shanghai')).toBe(1214.1);
    expect(excelCellValue('text', null, 'Asia/Shanghai')).toBeNull();
  });
});
