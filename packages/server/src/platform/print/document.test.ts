import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { pageTexts } from '../../domain/weighing/print/pdf-text.test-support';
import { cellText, documentPdf, documentXlsx, excelValue, plantTimeText, type TableDocument } from './document';

/** The platform's one output of a printed statement: the same document to PDF and to Excel. */
const doc = (rows: number, o: Partial<TableDocument> = {}): TableDocument => ({
  title: '测试结算单 JS001',
  letterhead: { company: '江苏称重示范有限公司', address: '南京市称重路 8 号', phone: '025-1234 5678' },
  facts: [['客户', 'C001 南京建材'], ['期间', '2026-11-01 至 2026-11-30']],
  columns: [
    { key: 'no', header: '磅单号', kind: 'text', width: 30 },
    { key: 'at', header: '完成时间', kind: 'time', width: 30 },
    { key: 'net', header: '净重', kind: 'weight', width: 20 },
    { key: 'price', header: '单价', kind: 'price', width: 20 },
    { key: 'amount', header: '金额', kind: 'money', width: 25 },
  ],
  rows: Array.from({ length: rows }, (_, i) => ({ no: `CG${String(i + 1).padStart(4, '0')}`, at: new Date('2026-11-27T16:06:34Z'), net: '31.95', price: '38', amount: '1214.1' })),
  totals: { no: '合计', net: '63.9', amount: '2428.2' },
  notes: [['已付款', '¥0.00']],
  ...o,
});

describe('a printed document', () => {
  it('reads money and weights as the screens do, and times on the plant\'s clock', () => {
    expect(cellText('money', '1214.1')).toBe('¥1,214.10');
    expect(cellText('money', '-2.5')).toBe('-¥2.50');
    expect(cellText('price', '7.3333')).toBe('¥7.3333');
    expect(cellText('weight', '31.95', { weightUnit: 'kg', weightPrecision: 0, unitPricePrecision: 4 })).toBe('31,950');
    expect(cellText('money', null)).toBe('');
    // 16:06:34 UTC is 00:06:34 the next day in Asia/Shanghai
    expect(plantTimeText(new Date('2026-11-27T16:06:34Z'))).toBe('2026-11-28 00:06:34');
    const inExcel = excelValue('time', new Date('2026-11-27T16:06:34Z')) as Date;
    expect(inExcel.toISOString()).toBe('2026-11-28T00:06:34.000Z');
    expect(excelValue('weight', '31.95', { weightUnit: 'kg', weightPrecision: 0, unitPricePrecision: 4 })).toBe(31950);
    expect(excelValue('money', '1214.1')).toBe(1214.1);
  });

  it('prints the letterhead, title, facts, table, totals, notes and the signature block, the header row again on every page', async () => {
    const bytes = await documentPdf(doc(60));
    const first = (await pageTexts(bytes, 0)).join('|');
    for (const text of ['江苏称重示范有限公司', '地址：南京市称重路 8 号    电话：025-1234 5678', '测试结算单 JS001', '客户：C001 南京建材', '|磅单号|完成时间|净重|单价|金额|',
      'CG0001|2026-11-28 00:06:34|31.95|¥38.00|¥1,214.10', '第 1 页 共 3 页']) expect(first).toContain(text);
    const last = (await pageTexts(bytes, 2)).join('|');
    for (const text of ['磅单号|完成时间|净重|', 'CG0060', '合计|63.90|¥2,428.20', '已付款：', '制表：', '审核：', '客户签章：', '日期：', '第 3 页 共 3 页']) expect(last).toContain(text);
  });

  it('writes Excel cells as numbers with their formats, times as dates, under the letterhead and over the signature block', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await documentXlsx(doc(2))) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('测试结算单 JS001');
    const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect([cells(1)[0], cells(2)[0], cells(3)[0], cells(4)[0]]).toEqual(['江苏称重示范有限公司', '地址：南京市称重路 8 号    电话：025-1234 5678', '测试结算单 JS001', '客户：C001 南京建材']);
    expect(cells(6)).toEqual(['磅单号', '完成时间', '净重', '单价', '金额']);
    const row = sheet.getRow(7);
    expect(row.getCell(1).value).toBe('CG0001');
    expect([row.getCell(2).value, row.getCell(2).numFmt]).toEqual([new Date('2026-11-28T00:06:34Z'), 'yyyy-mm-dd hh:mm:ss']);
    expect([row.getCell(3).value, row.getCell(3).numFmt]).toEqual([31.95, '#,##0.00']);
    expect([row.getCell(4).value, row.getCell(4).numFmt]).toEqual([38, '"¥"#,##0.00##']);
    expect([row.getCell(5).value, row.getCell(5).numFmt]).toEqual([1214.1, '"¥"#,##0.00;-"¥"#,##0.00']);
    expect(cells(9)).toEqual(['合计', undefined, 63.9, undefined, 2428.2]);
    const texts: string[] = [];
    sheet.eachRow((r) => texts.push(String(r.getCell(1).value)));
    expect(texts).toContain('已付款：¥0.00');
    expect(texts).toContain('制表：');
    expect(texts.filter((t) => t.startsWith('日期：'))).toHaveLength(1);
  });
});
