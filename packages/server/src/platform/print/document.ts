import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import {
  DISPLAY_DEFAULTS, EXCEL_MONEY_FORMAT, excelUnitPriceFormat, excelWeightFormat, formatMoney, formatUnitPrice, formatWeight, toDecimal, weightInUnit,
  WEIGHT_UNIT_LABELS, type DisplayParams,
} from '@wb/protocol';
import { pdfDocument } from './pdf';
import { XLSX_TYPE } from '../excel/workbook';

/**
 * The one place a printed statement is made (the settlement's statement, the freight plan's print,
 * the customer's money statement): a titled table document rendered to PDF and to Excel alike.
 * Both carry the company's letterhead (its name, and its address and phone when it has them), the
 * title, the header facts, the table with its totals row, lines after it and a signature and seal
 * block (制表 / 审核 / 客户签章 with date lines). Money and weights read as every screen shows them
 * (protocol display.ts, the plant's weight unit and decimals); an Excel cell holds the number with
 * its number format, a time is the plant's wall clock (PLANT_TIME_ZONE).
 */

/** What a column holds: words, money (yuan), a unit price, a weight (tons), a plain number, a time or a day. */
export type CellKind = 'text' | 'money' | 'price' | 'weight' | 'number' | 'time' | 'date';

export interface DocColumn {
  key: string;
  header: string;
  kind: CellKind;
  /** relative width (about mm on A4 landscape; characters in Excel) */
  width: number;
}

export interface Letterhead {
  company: string;
  address?: string | null;
  phone?: string | null;
  /** the company's main logo (a PNG, 088), drawn at the letterhead's left in the PDF */
  logo?: Buffer | null;
}

export type DocValue = string | number | Date | null | undefined;
export type DocRow = Record<string, DocValue>;

export interface TableDocument {
  title: string;
  /** the sheet's name (at most 31 characters are kept) */
  sheetName?: string;
  letterhead: Letterhead;
  /** label and value pairs under the title */
  facts: [string, string][];
  columns: DocColumn[];
  rows: DocRow[];
  /** the totals row: its first column's text is the label (合计 when none) */
  totals?: DocRow | null;
  /** label and text lines after the table (已开票, 期末余额 …) */
  notes?: [string, string][];
  /** the signature and seal block's labels; 制表 / 审核 / 客户签章 when none */
  signatures?: string[];
  display?: DisplayParams;
  /** a line under the title (单位：吨) */
  subtitle?: string;
  /** the rows printed bold (a report's group subtotals), by index */
  strongRows?: ReadonlySet<number>;
  /** the paper; A4 landscape when none */
  page?: { size: 'A4' | 'A3'; orientation: 'portrait' | 'landscape' };
  /** a line at the foot of every page, beside the page number (制表人：…) */
  footer?: string;
}

export const DEFAULT_SIGNATURES = ['制表', '审核', '客户签章'];
export const PDF_TYPE = 'application/pdf';

const zone = () => process.env.PLANT_TIME_ZONE || 'Asia/Shanghai';

/** The plant's wall clock of an instant, as its parts. */
function wallClock(v: Date): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone: zone(), year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(v).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), mo: Number(parts.month), d: Number(parts.day), h: Number(parts.hour), mi: Number(parts.minute), s: Number(parts.second) };
}

const pad = (n: number) => String(n).padStart(2, '0');
const asDate = (v: DocValue): Date | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = v instanceof Date ? v : new Date(typeof v === 'number' ? v : String(v));
  return Number.isNaN(d.getTime()) ? null : d;
};

/** An instant in the plant's zone: 2026-11-28 13:06:34. */
export function plantTimeText(v: DocValue): string {
  const d = asDate(v);
  if (!d) return v === null || v === undefined ? '' : String(v);
  const w = wallClock(d);
  return `${w.y}-${pad(w.mo)}-${pad(w.d)} ${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}`;
}

/** A day: a yyyy-MM-dd text stays as it is (a plant day), an instant is read in the plant's zone. */
export function plantDayText(v: DocValue): string {
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  return plantTimeText(v).slice(0, 10);
}

/** A cell as the PDF prints it. */
export function cellText(kind: CellKind, v: DocValue, display: DisplayParams = DISPLAY_DEFAULTS): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'string' && (kind === 'money' || kind === 'price' || kind === 'weight' || kind === 'number') && !toDecimal(v)) return v;
  switch (kind) {
    case 'money': return formatMoney(v);
    case 'price': return formatUnitPrice(v, display);
    case 'weight': return formatWeight(v, display);
    case 'number': return toDecimal(v)?.toFixed() ?? String(v);
    case 'time': return plantTimeText(v);
    case 'date': return plantDayText(v);
    default: return v instanceof Date ? plantTimeText(v) : String(v);
  }
}

/** A weight column's header names the plant's unit: 结算数量(吨). */
export const weightHeader = (label: string, display: DisplayParams = DISPLAY_DEFAULTS) => `${label}(${WEIGHT_UNIT_LABELS[display.weightUnit].zh})`;

const letterheadLine = (l: Letterhead) => [l.address ? `地址：${l.address}` : '', l.phone ? `电话：${l.phone}` : ''].filter(Boolean).join('    ');

// --- PDF ------------------------------------------------------------------------------------

const PT_PER_MM = 72 / 25.4;
const mm = (v: number) => v * PT_PER_MM;
const PAPER = { A4: [210, 297], A3: [297, 420] } as const;
const pageBox = (p: TableDocument['page']) => {
  const [short, long] = PAPER[p?.size ?? 'A4'];
  return p?.orientation === 'portrait' ? { width: mm(short), height: mm(long) } : { width: mm(long), height: mm(short) };
};
const MARGIN = mm(10);
const ROW = mm(6.5);
const FOOT = mm(6);

const rightAligned = (k: CellKind) => k === 'money' || k === 'price' || k === 'weight' || k === 'number';

/** The document as PDF bytes: A4 landscape unless it says, the header row again on every page, 第 n 页 共 m 页 at the foot. */
export function documentPdf(d: TableDocument): Promise<Buffer> {
  const display = d.display ?? DISPLAY_DEFAULTS;
  const PAGE = pageBox(d.page);
  const { doc, bytes } = pdfDocument({ size: [PAGE.width, PAGE.height], bufferPages: true, info: { Title: d.title, Author: d.letterhead.company } });
  doc.lineWidth(0.5).strokeColor('#000').fillColor('#000');
  const inner = PAGE.width - 2 * MARGIN;
  const scale = inner / d.columns.reduce((s, c) => s + c.width, 0);
  const widths = d.columns.map((c) => c.width * scale);
  const bottom = PAGE.height - MARGIN - FOOT;
  const fontSize = d.columns.length > 12 ? 7 : 8;

  const tableRow = (y: number, cells: string[], bold = false) => {
    let x = MARGIN;
    doc.font(bold ? 'bold' : 'regular').fontSize(fontSize);
    cells.forEach((text, i) => {
      const w = widths[i] as number;
      doc.rect(x, y, w, ROW).stroke();
      doc.text(text, x + 2, y + (ROW - fontSize * 1.3) / 2, {
        width: w - 4, height: fontSize * 1.4, align: !bold && rightAligned(d.columns[i]!.kind) ? 'right' : bold && i > 0 && rightAligned(d.columns[i]!.kind) ? 'right' : 'left',
        lineBreak: false, ellipsis: true,
      });
      x += w;
    });
  };
  const headerRow = (y: number) => {
    tableRow(y, d.columns.map((c) => c.header), true);
    return y + ROW;
  };
  const newPage = () => {
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    return headerRow(MARGIN);
  };

  // letterhead, title, facts
  let y = MARGIN;
  if (d.letterhead.logo) doc.image(d.letterhead.logo, MARGIN, y - mm(1), { fit: [mm(36), mm(9)] });
  doc.font('bold').fontSize(12).text(d.letterhead.company, MARGIN, y, { width: inner, align: 'center', lineBreak: false });
  y += mm(5.5);
  const line = letterheadLine(d.letterhead);
  if (line) {
    doc.font('regular').fontSize(8).text(line, MARGIN, y, { width: inner, align: 'center', lineBreak: false });
    y += mm(4);
  }
  doc.moveTo(MARGIN, y).lineTo(MARGIN + inner, y).stroke();
  y += mm(2);
  doc.font('bold').fontSize(14).text(d.title, MARGIN, y, { width: inner, align: 'center', lineBreak: false });
  y += mm(8);
  if (d.subtitle) {
    doc.font('regular').fontSize(9).text(d.subtitle, MARGIN, y - mm(2), { width: inner, align: 'center', lineBreak: false });
    y += mm(4);
  }
  doc.font('regular').fontSize(9);
  const facts = d.facts.map(([label, value]) => `${label}：${value}`);
  for (let i = 0; i < facts.length; i += 3) {
    facts.slice(i, i + 3).forEach((f, j) => doc.text(f, MARGIN + (j * inner) / 3, y, { width: inner / 3 - mm(2), lineBreak: false, ellipsis: true }));
    y += mm(5);
  }
  y = headerRow(y + mm(1));

  for (const [i, r] of d.rows.entries()) {
    if (y + ROW > bottom) y = newPage();
    const strong = d.strongRows?.has(i) ?? false;
    tableRow(y, d.columns.map((c, j) => (strong && j === 0 ? String(r[c.key] ?? '') : cellText(c.kind, r[c.key], display))), strong);
    y += ROW;
  }
  if (d.totals) {
    if (y + ROW > bottom) y = newPage();
    tableRow(y, d.columns.map((c, i) => (i === 0 ? String(d.totals?.[c.key] ?? '合计') : cellText(c.kind, d.totals?.[c.key], display))), true);
    y += ROW;
  }
  y += mm(2);
  for (const [label, text] of d.notes ?? []) {
    if (y + mm(5) > bottom) {
      doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
      y = MARGIN;
    }
    doc.font('bold').fontSize(9).text(`${label}：`, MARGIN, y, { continued: true, lineBreak: false }).font('regular').text(text, { lineBreak: false });
    y += mm(5);
  }

  // the signature and seal block: one column each, a line to sign on and a date line under it
  const signs = d.signatures ?? DEFAULT_SIGNATURES;
  const block = mm(20);
  if (signs.length && y + block > bottom) {
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    y = MARGIN;
  }
  y += mm(4);
  const colW = inner / signs.length;
  signs.forEach((label, i) => {
    const x = MARGIN + i * colW;
    doc.font('regular').fontSize(10).text(`${label}：`, x, y, { lineBreak: false });
    doc.moveTo(x + mm(20), y + mm(4.5)).lineTo(x + colW - mm(10), y + mm(4.5)).stroke();
    doc.fontSize(9).text('日期：        年      月      日', x, y + mm(9), { lineBreak: false });
  });

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.font('regular').fontSize(8).text(`第 ${i + 1} 页 共 ${range.count} 页`, MARGIN, PAGE.height - MARGIN - mm(3), { width: inner, align: 'center', lineBreak: false });
    if (d.footer) doc.text(d.footer, MARGIN, PAGE.height - MARGIN - mm(3), { width: inner / 3, align: 'left', lineBreak: false, ellipsis: true });
  }
  doc.end();
  return bytes;
}

// --- Excel ------------------------------------------------------------------------------------

/** The Excel number format of a column's cells (none for words). */
export function excelFormat(kind: CellKind, display: DisplayParams = DISPLAY_DEFAULTS): string | undefined {
  switch (kind) {
    case 'money': return EXCEL_MONEY_FORMAT;
    case 'price': return excelUnitPriceFormat(display);
    case 'weight': return excelWeightFormat(display);
    case 'time': return 'yyyy-mm-dd hh:mm:ss';
    case 'date': return 'yyyy-mm-dd';
    default: return undefined;
  }
}

/** What an Excel cell holds: a number for figures (a weight in the plant's unit), the plant's wall clock for a time, words as words. */
export function excelValue(kind: CellKind, v: DocValue, display: DisplayParams = DISPLAY_DEFAULTS): ExcelJS.CellValue {
  if (v === null || v === undefined || v === '') return null;
  if (kind === 'money' || kind === 'price' || kind === 'number') {
    const d = toDecimal(v);
    return d ? d.toNumber() : String(v);
  }
  if (kind === 'weight') return weightInUnit(v, display) ?? String(v);
  if (kind === 'time' || kind === 'date') {
    if (kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(`${v}T00:00:00Z`);
    const d = asDate(v);
    if (!d) return String(v);
    // Excel has no zone: the cell holds the plant's wall clock
    const w = wallClock(d);
    return new Date(Date.UTC(w.y, w.mo - 1, w.d, kind === 'date' ? 0 : w.h, kind === 'date' ? 0 : w.mi, kind === 'date' ? 0 : w.s));
  }
  return v instanceof Date ? plantTimeText(v) : String(v);
}

/** The document as an .xlsx workbook: letterhead, title and facts above the table, totals and notes under it, then the signature block. */
export async function documentXlsx(d: TableDocument): Promise<Buffer> {
  const display = d.display ?? DISPLAY_DEFAULTS;
  const book = new ExcelJS.Workbook();
  book.creator = d.letterhead.company;
  const sheet = book.addWorksheet((d.sheetName ?? d.title).replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  const n = d.columns.length;
  sheet.columns = d.columns.map((c) => ({ key: c.key, width: Math.max(8, Math.round(c.width * 0.7)) }));
  const wide = (values: string, opts: { bold?: boolean; size?: number; center?: boolean } = {}) => {
    const row = sheet.addRow([values]);
    sheet.mergeCells(row.number, 1, row.number, n);
    row.getCell(1).font = { bold: opts.bold ?? false, size: opts.size ?? 11 };
    if (opts.center) row.getCell(1).alignment = { horizontal: 'center' };
    return row;
  };
  wide(d.letterhead.company, { bold: true, size: 13, center: true });
  const line = letterheadLine(d.letterhead);
  if (line) wide(line, { center: true });
  wide(d.title, { bold: true, size: 15, center: true });
  for (const [label, value] of d.facts) wide(`${label}：${value}`);
  const head = sheet.addRow(d.columns.map((c) => c.header));
  head.font = { bold: true };
  head.eachCell((cell) => { cell.border = { bottom: { style: 'thin' } }; });
  sheet.views = [{ state: 'frozen', ySplit: head.number }];
  const put = (r: DocRow, label?: string) => {
    const row = sheet.addRow(d.columns.map((c, i) => (i === 0 && label !== undefined ? label : excelValue(c.kind, r[c.key], display))));
    d.columns.forEach((c, i) => {
      const fmt = excelFormat(c.kind, display);
      if (fmt && !(i === 0 && label !== undefined)) row.getCell(i + 1).numFmt = fmt;
    });
    return row;
  };
  for (const r of d.rows) put(r);
  if (d.totals) put(d.totals, String(d.totals[d.columns[0]!.key] ?? '合计')).font = { bold: true };
  for (const [label, text] of d.notes ?? []) wide(`${label}：${text}`);
  sheet.addRow([]);
  const signs = d.signatures ?? DEFAULT_SIGNATURES;
  const span = Math.max(1, Math.floor(n / signs.length));
  const signRow = sheet.addRow([]);
  const dateRow = sheet.addRow([]);
  signs.forEach((label, i) => {
    const col = 1 + i * span;
    signRow.getCell(col).value = `${label}：`;
    dateRow.getCell(col).value = '日期：    年   月   日';
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

// --- replies ----------------------------------------------------------------------------------

const disposition = (kind: 'inline' | 'attachment', fileName: string, fallback: string) =>
  `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * Sends the document as PDF (inline: the web shows it in its print preview, a browser opens it)
 * or as Excel (an attachment). `fileName` without its extension.
 */
export async function sendDocument(reply: FastifyReply, d: TableDocument, format: 'pdf' | 'xlsx', fileName: string): Promise<FastifyReply> {
  if (format === 'xlsx') {
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', disposition('attachment', `${fileName}.xlsx`, 'export.xlsx')).send(await documentXlsx(d));
  }
  return reply.header('content-type', PDF_TYPE).header('content-disposition', disposition('inline', `${fileName}.pdf`, 'document.pdf')).send(await documentPdf(d));
}
