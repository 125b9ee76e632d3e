import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { EXCEL_MONEY_FORMAT, excelUnitPriceFormat, excelWeightFormat, reportDefinitionSchema } from '@wb/protocol';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import type { ReportDataset } from './dataset';
import { executeDataset } from './execute';
import { countRows, writeReportWorkbook } from './export';
import { headerLayout } from './export-layout';

/** Rows made by the database: i = 1..n, two kinds, three materials, a time one hour apart from 2026-01-01 16:30 UTC. */
const generated: ReportDataset = {
  key: 'test.generated', name: '测试', nameEn: 'Test', permission: 'report_team_view', executor: 'app',
  params: [{ key: 'n', title: '行数', titleEn: 'Rows', type: 'number' }],
  fields: [
    { key: 'kind', title: '业务类型', titleEn: 'Kind', type: 'text' },
    { key: 'material', title: '物料', titleEn: 'Material', type: 'text' },
    { key: 'day', title: '日期', titleEn: 'Day', type: 'date' },
    { key: 'at', title: '时间', titleEn: 'Time', type: 'datetime' },
    { key: 'net', title: '净重', titleEn: 'Net', type: 'weight', total: true },
    { key: 'trips', title: '车数', titleEn: 'Trips', type: 'int', total: true },
    { key: 'amount', title: '金额', titleEn: 'Amount', type: 'money', total: true },
    { key: 'price', title: '单价', titleEn: 'Price', type: 'price' },
    { key: 'i', title: '序号', titleEn: 'No', type: 'int' },
  ],
  query: (input) => ({
    text: `SELECT CASE WHEN i % 2 = 0 THEN '采购' ELSE '销售' END AS kind, 'M' || (i % 3) AS material,
                  (date '2026-01-01' + (i % 5))::date AS day, timestamptz '2026-01-01 16:30:00+00' + i * interval '1 hour' AS at,
                  (i * 1.5)::numeric(12,3) AS net, 1 AS trips, (i * 100.25)::numeric(14,2) AS amount, 12.3456::numeric(12,4) AS price, i
             FROM generate_series(1, $1::int) AS i`,
    values: [input.params.n],
  }),
};

const definition = reportDefinitionSchema.parse({
  code: 'generated', name: '生成报表', nameEn: 'Generated', source: { kind: 'dataset', key: 'test.generated' },
  columns: [
    { field: 'kind', title: '业务类型', titleEn: 'Kind' },
    { field: 'material', title: '物料', titleEn: 'Material', width: 140 },
    { field: 'net', title: '净重', titleEn: 'Net', head: 'weight' },
    { field: 'trips', title: '车数', titleEn: 'Trips', head: 'weight' },
    { field: 'amount', title: '金额', titleEn: 'Amount', head: 'figures' },
    { field: 'price', title: '单价', titleEn: 'Price' },
    { field: 'at', title: '时间', titleEn: 'Time' },
    { field: 'day', title: '日期', titleEn: 'Day' },
    { field: 'i', title: '序号', titleEn: 'No', hidden: true },
  ],
  heads: [
    { id: 'figures', title: '数据', titleEn: 'Figures' },
    { id: 'weight', title: '重量', titleEn: 'Weight', parent: 'figures' },
  ],
  groupBy: ['kind'],
});

const input = (n: number) => ({ orgId: '1', userId: '1', params: { n }, timeZone: 'Asia/Shanghai' });

async function exportToBuffer(pool: import('pg').Pool, n: number, progress?: (rows: number) => void): Promise<{ bytes: Buffer; rows: number }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  const rows = await executeDataset(pool, generated, (client) =>
    writeReportWorkbook(out, client, generated, definition, input(n), [{ key: 'i', dir: 'asc' }], { timeZone: 'Asia/Shanghai', sheetName: '生成报表', progress, progressEveryMs: 0 }));
  await ended;
  return { bytes: Buffer.concat(chunks), rows };
}

async function readBack(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

describe('the style heads as header rows', () => {
  it('spans a head over the columns under it and a title down the rows below its heads', () => {
    const layout = headerLayout(
      [{ title: 'A' }, { title: 'B', head: 'w' }, { title: 'C', head: 'w' }, { title: 'D', head: 'top' }],
      [{ id: 'top', title: '数据', titleEn: '' }, { id: 'w', title: '重量', titleEn: '', parent: 'top' }],
    );
    expect(layout.rows).toEqual([['A', '数据', '', ''], ['', '重量', '', 'D'], ['', 'B', 'C', '']]);
    expect(layout.merges).toEqual(expect.arrayContaining([
      { top: 1, left: 2, bottom: 1, right: 4 }, { top: 2, left: 2, bottom: 2, right: 3 },
      { top: 1, left: 1, bottom: 3, right: 1 }, { top: 2, left: 4, bottom: 3, right: 4 },
    ]));
    expect(layout.merges).toHaveLength(4);
  });

  it('is one row of titles when no column has a head', () => {
    expect(headerLayout([{ title: 'A' }, { title: 'B' }], [])).toEqual({ rows: [['A', 'B']], merges: [] });
  });
});

describe('a report exported to Excel and read back', () => {
  it('has the merged heads, the number formats, plant-time dates, group subtotals and the totals row', async () => {
    const { database } = await freshDatabase();
    const { bytes, rows } = await exportToBuffer(database.pool, 10);
    expect(rows).toBe(10);
    const sheet = await readBack(bytes);

    // three header rows: 数据 over 重量 (净重, 车数) and 金额; the others' titles merged down
    expect(sheet.getCell('A1').value).toBe('业务类型');
    expect(sheet.getCell('A3').isMerged).toBe(true);
    expect(sheet.getCell('C1').value).toBe('数据');
    expect(sheet.getCell('E1').isMerged).toBe(true);
    expect(sheet.getCell('C2').value).toBe('重量');
    expect(sheet.getCell('D2').isMerged).toBe(true);
    expect(sheet.getCell('E2').value).toBe('金额');
    expect(sheet.getCell('C3').value).toBe('净重');
    expect(sheet.getCell('D3').value).toBe('车数');
    expect(sheet.getCell('H1').value).toBe('日期');
    // the hidden column is not exported
    expect(sheet.getCell('I1').value).toBeNull();
    expect(sheet.getColumn(2).width).toBe(20);

    // 采购 (even i) first, in order, then its subtotal; then 销售, its subtotal, the totals row
    const kinds = Array.from({ length: 13 }, (_, k) => sheet.getCell(`A${4 + k}`).value);
    expect(kinds).toEqual(['采购', '采购', '采购', '采购', '采购', '采购 小计', '销售', '销售', '销售', '销售', '销售', '销售 小计', '合计']);
    expect(sheet.getCell('C4').value).toBe(3);
    expect(sheet.getCell('C4').numFmt).toBe(excelWeightFormat());
    expect(sheet.getCell('E4').value).toBe(200.5);
    expect(sheet.getCell('E4').numFmt).toBe(EXCEL_MONEY_FORMAT);
    expect(sheet.getCell('F4').value).toBe(12.3456);
    expect(sheet.getCell('F4').numFmt).toBe(excelUnitPriceFormat());
    // i = 2: 2026-01-01 18:30 UTC is 02:30 on the 2nd at the plant
    expect(sheet.getCell('G4').value).toEqual(new Date('2026-01-02T02:30:00Z'));
    expect(sheet.getCell('G4').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getCell('H4').value).toEqual(new Date('2026-01-03T00:00:00Z'));
    expect(sheet.getCell('H4').numFmt).toBe('yyyy-mm-dd');

    // 采购: i = 2+4+6+8+10 = 30; 销售: 1+3+5+7+9 = 25
    expect([sheet.getCell('C9').value, sheet.getCell('D9').value, sheet.getCell('E9').value]).toEqual([45, 5, 3007.5]);
    expect([sheet.getCell('C15').value, sheet.getCell('D15').value, sheet.getCell('E15').value]).toEqual([37.5, 5, 2506.25]);
    expect([sheet.getCell('C16').value, sheet.getCell('D16').value, sheet.getCell('E16').value]).toEqual([82.5, 10, 5513.75]);
    expect(sheet.getCell('E16').numFmt).toBe(EXCEL_MONEY_FORMAT);
    expect(sheet.getCell('C16').font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(16);
  });

  it('reports its progress as rows are written, and stops when the progress call throws', async () => {
    const { database } = await freshDatabase();
    const seen: number[] = [];
    const { rows } = await exportToBuffer(database.pool, 5000, (n) => { seen.push(n); });
    expect(rows).toBe(5000);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(5000);

    await expect(exportToBuffer(database.pool, 5000, (n) => { if (n >= 1000) throw new Error('cancelled'); })).rejects.toThrow('cancelled');
    // the connection went back to the pool with no transaction open
    const left = await executeDataset(database.pool, generated, (client) => countRows(client, generated.query(input(50))));
    expect(left).toBe(50);
  });

  it('counts no further than it is asked to', async () => {
    const { database } = await freshDatabase();
    const q = generated.query(input(1234));
    await executeDataset(database.pool, generated, async (client) => {
      expect(await countRows(client, q)).toBe(1234);
      expect(await countRows(client, q, 101)).toBe(101);
    });
  });
});
