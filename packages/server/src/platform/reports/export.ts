import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import QueryStream from 'pg-query-stream';
import { DISPLAY_DEFAULTS, type DisplayParams, type ReportDefinition } from '@wb/protocol';
import type { DatasetInput, DatasetQuery, ReportClient, ReportDataset } from './dataset';
import { orderedQuery } from './execute';
import { isTruncated } from './run';
import { excelCellValue, exportColumns, headerLayout, StreamingTotals, type ExportColumn, type TotalRow } from './export-layout';

/**
 * The report's rows as an .xlsx file, written as they are read: a server-side cursor (batches of
 * EXPORT_BATCH_ROWS) feeds exceljs's streaming writer, which commits each row to the zip stream, so
 * memory holds a batch and the writer's buffers whatever the row count. Rows come in group order
 * (the grouping fields first, then the asked order) so that each group's subtotal row follows its
 * last row; the totals row closes the sheet.
 */

/**
 * The cursor's one statement lasts as long as the writing (rows are fetched at the writer's pace),
 * so a built-in report's ('app' executor) gets this bound instead of the report's 30 s; the count
 * before it ran under the report's. A database-source report keeps its own guard (the guarded and
 * data-source executors' statement timeout): an administrator's SQL never gets more time by export.
 */
export const EXPORT_STATEMENT_TIMEOUT_MS = 10 * 60_000;

/** rows one cursor fetch brings */
export const EXPORT_BATCH_ROWS = 1000;
/** an .xlsx sheet holds 1,048,576 rows: an export stops short of that, heads and totals included */
export const EXPORT_ROWS_MAX = 1_000_000;

export interface ExportSort { key: string; dir: 'asc' | 'desc' }

export interface ExportOptions {
  timeZone: string;
  display?: DisplayParams;
  /** the sheet's name (the report's) */
  sheetName: string;
  /** the parameters the report was run with, as the reader sees them (paramFacts): the sheet's page header */
  facts?: [string, string][];
  /**
   * Called every few hundred milliseconds with the data rows written so far (and once at the end):
   * the job's progress and its cancel check. A throw stops the export.
   */
  progress?: (rows: number) => Promise<void> | void;
  progressEveryMs?: number;
}

/** The parameters as the sheet's page header (printed above every page), '&' escaped as Excel's header codes want. */
export const factsHeader = (facts: [string, string][]): string =>
  `&L${facts.map(([k, v]) => `${k}：${v}`).join('　').replace(/&/g, '&&').slice(0, 240)}`;

/** The last row of an export its dataset's cap cut (a database-source report). */
export const truncatedNote = (cap: number) => `数据已截断：数据源报表最多读取 ${cap.toLocaleString('en-US')} 行，本文件只含前 ${cap.toLocaleString('en-US')} 行（Truncated: only the first ${cap.toLocaleString('en-US')} rows）`;

export class ExportTooLarge extends Error {
  constructor() {
    super(`导出最多 ${EXPORT_ROWS_MAX.toLocaleString('en-US')} 行，请缩小查询范围`);
  }
}

/** The order the export reads in: the grouping fields first (each group's rows together), then the asked order. */
export function exportOrder(definition: Pick<ReportDefinition, 'groupBy'>, dataset: Pick<ReportDataset, 'fields'>, sort: ExportSort[]): ExportSort[] {
  const known = new Set(dataset.fields.map((f) => f.key));
  const groupBy = definition.groupBy.filter((g) => known.has(g));
  const asked = sort.filter((s) => known.has(s.key));
  return [...groupBy.map((g) => asked.find((s) => s.key === g) ?? { key: g, dir: 'asc' as const }), ...asked.filter((s) => !groupBy.includes(s.key))];
}

/** How many rows the export would write, counting no further than `atMost` (a cheap look before choosing the job). */
export async function countRows(client: ReportClient, query: DatasetQuery, atMost?: number): Promise<number> {
  const text = atMost === undefined
    ? `SELECT count(*)::bigint AS n FROM (${query.text}) AS report_rows`
    : `SELECT count(*)::bigint AS n FROM (SELECT 1 FROM (${query.text}) AS report_rows LIMIT ${Math.max(0, Math.floor(atMost))}) AS some_rows`;
  const { rows } = await client.query<{ n: string }>(text, query.values);
  return Number(rows[0]!.n);
}

const styleOf = (c: ExportColumn): Partial<ExcelJS.Style> => ({
  ...(c.numFmt ? { numFmt: c.numFmt } : {}),
  ...(c.align ? { alignment: { horizontal: c.align } } : {}),
});

function rowValues(columns: ExportColumn[], row: Record<string, unknown>, o: ExportOptions): ExcelJS.CellValue[] {
  return columns.map((c) => excelCellValue(c.kind, row[c.field], o.timeZone, o.display ?? DISPLAY_DEFAULTS));
}

/**
 * Gives each cell its column's one style object: the writer looks a style up by its object first,
 * so a shared object costs a lookup where a fresh one per cell costs building its XML.
 */
function styleCells(row: ExcelJS.Row, styles: Partial<ExcelJS.Style>[]): ExcelJS.Row {
  for (let i = 0; i < styles.length; i++) row.getCell(i + 1).style = styles[i]!;
  return row;
}

/**
 * The report's name and the conditions it was run with, above the table: whoever opens the file
 * on screen sees what it holds (the page header repeats them only on paper). A blank row after.
 */
function writeFactRows(sheet: ExcelJS.Worksheet, title: string, facts: [string, string][]): void {
  const head = sheet.addRow([title]);
  head.font = { bold: true, size: 14 };
  head.commit();
  for (const [k, v] of facts) {
    const r = sheet.addRow([`${k}：`, v]);
    r.getCell(1).style = { font: { bold: true }, alignment: { horizontal: 'right' } };
    r.getCell(2).style = { alignment: { horizontal: 'left' } };
    r.commit();
  }
  sheet.addRow([]).commit();
}

/** Waits while the file's reader is behind: the zip stream stops taking bytes until it drains. */
async function keepPace(out: Writable): Promise<void> {
  if (out.destroyed) throw new Error('export stream closed');
  if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  if (out.destroyed) throw new Error('export stream closed');
}

/**
 * Writes the report to `out` as an .xlsx workbook, reading the dataset's rows through `client` (a
 * client of executeDataset: inside its READ ONLY transaction). Answers the data rows written.
 */
export async function writeReportWorkbook(
  out: Writable,
  client: ReportClient,
  dataset: ReportDataset,
  definition: Pick<ReportDefinition, 'columns' | 'heads' | 'groupBy'>,
  input: DatasetInput,
  sort: ExportSort[],
  o: ExportOptions,
): Promise<number> {
  const display = o.display ?? DISPLAY_DEFAULTS;
  const columns = exportColumns(dataset, definition, display);
  const header = headerLayout(columns, definition.heads);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const above = o.facts?.length ? o.facts.length + 2 : 0;
  const sheet = workbook.addWorksheet(o.sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1', {
    views: [{ state: 'frozen', ySplit: above + header.rows.length }],
    ...(o.facts?.length ? { headerFooter: { oddHeader: factsHeader(o.facts), evenHeader: factsHeader(o.facts) } } : {}),
  });
  sheet.columns = columns.map((c) => ({ key: c.field, width: c.width, style: styleOf(c) }));
  if (above) writeFactRows(sheet, o.sheetName, o.facts!);
  const headerRows = header.rows.map((cells) => {
    const r = sheet.addRow(cells);
    r.font = { bold: true };
    r.alignment = { horizontal: 'center', vertical: 'middle' };
    return r;
  });
  for (const m of header.merges) sheet.mergeCells(above + m.top, m.left, above + m.bottom, m.right);
  for (const r of headerRows) r.commit();

  const groupBy = definition.groupBy.filter((g) => dataset.fields.some((f) => f.key === g));
  const totals = new StreamingTotals(columns, groupBy);
  // never changed once set: a style object is shared by every cell of its column
  const cellStyles = columns.map(styleOf);
  const totalStyles = cellStyles.map((st) => ({ ...st, font: { bold: true } }));
  const writeTotal = (t: TotalRow) => {
    const values = rowValues(columns, t.values, o);
    values[0] = t.label;
    styleCells(sheet.addRow(values), totalStyles).commit();
  };

  const query = orderedQuery(dataset, input, exportOrder(definition, dataset, sort));
  if (dataset.executor === 'app') await client.query(`SET LOCAL statement_timeout = ${EXPORT_STATEMENT_TIMEOUT_MS}`);
  const stream = client.query(new QueryStream(query.text, query.values, { batchSize: EXPORT_BATCH_ROWS }));
  const every = o.progressEveryMs ?? 250;
  let written = 0;
  let lastReport = Date.now();
  try {
    for await (const row of stream as AsyncIterable<Record<string, unknown>>) {
      for (const t of totals.push(row)) writeTotal(t);
      styleCells(sheet.addRow(rowValues(columns, row, o)), cellStyles).commit();
      written++;
      if (written > EXPORT_ROWS_MAX) throw new ExportTooLarge();
      if (written % 200 === 0) {
        await keepPace(out);
        if (o.progress && Date.now() - lastReport >= every) {
          lastReport = Date.now();
          await o.progress(written);
        }
      }
    }
  } catch (err) {
    // the cursor is closed with the transaction the caller rolls back
    stream.destroy();
    throw err;
  }
  for (const t of totals.finish()) writeTotal(t);
  if (await isTruncated(client, dataset, input, written)) {
    // the reader sees it where the rows end: the dataset's cap cut the report
    const note = sheet.addRow([truncatedNote(dataset.rowCap!)]);
    note.font = { bold: true, color: { argb: 'FFC00000' } };
    note.commit();
  }
  sheet.commit();
  await workbook.commit();
  await o.progress?.(written);
  return written;
}
