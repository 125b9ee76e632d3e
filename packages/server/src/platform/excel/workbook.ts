import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * Excel files of the document engine (DESIGN section 6: exceljs, streamed): exports are written
 * row by row to the response, imports read the first sheet, header row first.
 */
export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
  /** the cells' Excel number format (protocol display.ts: money, unit price, weight), so a sheet sums and sorts */
  numFmt?: string;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The attachment header of a download, with the Chinese name encoded as RFC 5987 asks. */
export function attachment(fileName: string): string {
  return `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams a sheet: rows are committed as they are written, so a large export never sits in
 * memory as a workbook. Returns the stream to send; writing goes on while it is read.
 */
export function streamSheet(sheetName: string, columns: SheetColumn[], rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 16, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for await (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err) => out.destroy(err as Error));
  return out;
}

/** An empty sheet with the import columns: what the import template download gives. */
export async function headerOnlyWorkbook(sheetName: string, columns: SheetColumn[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface SheetRows {
  headers: string[];
  /** data rows with their sheet row number (1 is the header), blank rows left out */
  rows: { row: number; cells: unknown[] }[];
}

/** A cell's plain value: rich text, hyperlinks and formulas give their text or result. */
export function cellValue(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'object' || v instanceof Date) return v;
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('text' in v && typeof v.text === 'string') return v.text;
  if ('result' in v) return cellValue(v.result as ExcelJS.CellValue);
  if ('error' in v) return null;
  return String(v);
}

/** Reads the first sheet of an .xlsx file; throws when the bytes are not one. */
export async function readFirstSheet(bytes: Buffer): Promise<SheetRows> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  const headerRow = sheet.getRow(1);
  const headers: string[] = [];
  headerRow.eachCell({ includeEmpty: true }, (cell, i) => {
    headers[i - 1] = String(cellValue(cell.value) ?? '').trim();
  });
  const rows: SheetRows['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = headers.map((_, i) => cellValue(row.getCell(i + 1).value));
    if (cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))) return;
    rows.push({ row: rowNumber, cells });
  });
  return { headers, rows };
}
