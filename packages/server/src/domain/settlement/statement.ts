import Decimal from 'decimal.js';
import type { Readable } from 'node:stream';
import { streamSheet, type SheetColumn } from '../../platform/excel/workbook';
import { pdfDocument, tableRow, type PdfTable } from '../weighing/print/pdf';
import { SETTLE_KINDS } from './kinds';
import type { RowRead, SettlementRead } from './reads';
import { STATE_WORDS } from './rules';

/**
 * The settlement's statement (结算单) as an Excel sheet and as a PDF on the ticket print engine (A4
 * landscape, Noto Sans SC): the header, one line per ticket, the adjustment rows and the totals.
 * Figures are printed as stored, never rounded again, so the printed total is the sum of the printed rows.
 */
const COLUMNS: SheetColumn[] = [
  { header: '序号', key: 'seq', width: 6 },
  { header: '磅单号', key: 'ticketNo', width: 20 },
  { header: '完成时间', key: 'completedAt', width: 20 },
  { header: '物料', key: 'materialName', width: 14 },
  { header: '净重(吨)', key: 'net', width: 11 },
  { header: '质量扣重', key: 'qualityDeduction', width: 10 },
  { header: '结算数量', key: 'quantity', width: 11 },
  { header: '单价', key: 'unitPrice', width: 11 },
  { header: '金额', key: 'amount', width: 14 },
  { header: '税率%', key: 'taxRate', width: 8 },
  { header: '税额', key: 'tax', width: 12 },
  { header: '不含税金额', key: 'amountExTax', width: 14 },
  { header: '不含税单价', key: 'unitPriceExTax', width: 12 },
];

const timeText = (v: unknown) => (v === null || v === undefined ? '' : new Intl.DateTimeFormat('zh-CN', {
  timeZone: process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false,
}).format(new Date(v as string | Date)).replace(/\//g, '-'));

/** A stored figure as printed: its own decimals, at least two for money. */
export const figure = (v: unknown, money = true): string => {
  if (v === null || v === undefined || v === '') return '';
  const d = new Decimal(String(v));
  return d.toFixed(money ? Math.max(2, d.decimalPlaces()) : d.decimalPlaces());
};

const cells = (r: RowRead): string[] => [
  String(r.seq), String(r.ticketNo), timeText(r.completedAt), String(r.materialName ?? ''), figure(r.net, false), figure(r.qualityDeduction, false),
  figure(r.quantity, false), figure(r.unitPrice), figure(r.amount), figure(r.taxRate, false), figure(r.tax), figure(r.amountExTax), figure(r.unitPriceExTax),
];

const title = (s: SettlementRead) => `${SETTLE_KINDS[s.kind].label}单 ${s.settleNo}`;
const headLine = (s: SettlementRead) =>
  `${SETTLE_KINDS[s.kind].partyLabel}：${s.party.code} ${s.party.name}    期间：${timeText(s.periodFrom)} 至 ${timeText(s.periodTo)}    状态：${STATE_WORDS[s.state]}`;
const totalLines = (s: SettlementRead): [string, string][] => [
  ['磅单合计', `${s.ticketCount} 张；结算数量 ${figure(s.totalQuantity, false)} 吨；金额 ${figure(s.rowsAmount)}；税额 ${figure(s.rowsTax)}；不含税 ${figure(s.rowsAmountExTax)}`],
  ['调整合计', `${figure(s.adjustAmount)}（税额 ${figure(s.adjustTax)}）`],
  ['结算金额', `${figure(s.totalAmount)}；税额 ${figure(s.totalTax)}；不含税金额 ${figure(s.totalAmountExTax)}`],
  ['已开票', figure(s.invoicedAmount)],
  [SETTLE_KINDS[s.kind].payment === 'OUT' ? '已付款' : '已收款', figure(s.paidAmount)],
];

function* sheetRows(s: SettlementRead): Iterable<Record<string, unknown>> {
  yield { seq: title(s), ticketNo: headLine(s) };
  for (const r of s.rows) yield Object.fromEntries(COLUMNS.map((c, i) => [c.key, i === 0 ? r.seq : cells(r)[i]]));
  for (const a of s.adjusts) yield { seq: `调整 ${a.seq}`, ticketNo: a.ticketNo ?? '', materialName: a.reason, quantity: figure(a.quantity, false), amount: figure(a.amount), tax: figure(a.tax), amountExTax: figure(a.amountExTax) };
  for (const [label, text] of totalLines(s)) yield { seq: label, ticketNo: text };
}

export function statementSheet(s: SettlementRead): Readable {
  return streamSheet(title(s).slice(0, 31), COLUMNS, sheetRows(s));
}

export const statementFileName = (s: SettlementRead, ext: 'xlsx' | 'pdf') => `${SETTLE_KINDS[s.kind].label}_${s.settleNo}_${s.party.name}.${ext}`;

const PT_PER_MM = 72 / 25.4;
const mm = (v: number) => v * PT_PER_MM;
const PAGE = { width: mm(297), height: mm(210) };
const MARGIN = mm(10);
const ROW = mm(6.5);
const WIDTHS = [10, 34, 32, 24, 18, 16, 18, 18, 24, 12, 20, 24, 20].map(mm);

const TABLE: PdfTable = { x: MARGIN, widths: WIDTHS, rowHeight: ROW, fontSize: 7.5, rightFrom: 4 };
const line = (doc: PDFKit.PDFDocument, y: number, cells: string[], bold = false) => tableRow(doc, TABLE, y, cells, bold);

export function statementPdf(s: SettlementRead): Promise<Buffer> {
  const { doc, bytes } = pdfDocument({ size: [PAGE.width, PAGE.height], info: { Title: title(s) } });
  const bottom = PAGE.height - MARGIN - ROW;
  const header = (first: boolean) => {
    let y = MARGIN;
    if (first) {
      doc.font('bold').fontSize(14).text(title(s), MARGIN, y, { width: PAGE.width - 2 * MARGIN, align: 'center' });
      y += mm(9);
      doc.font('regular').fontSize(9).text(headLine(s), MARGIN, y, { lineBreak: false });
      y += mm(6);
    }
    line(doc, y, COLUMNS.map((c) => c.header), true);
    return y + ROW;
  };
  const room = (y: number) => {
    if (y <= bottom) return y;
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    return header(false);
  };
  let y = header(true);
  for (const r of s.rows) {
    y = room(y);
    line(doc, y, cells(r));
    y += ROW;
  }
  for (const a of s.adjusts) {
    y = room(y);
    line(doc, y, [`调${a.seq}`, a.ticketNo ?? '', String(a.reasonKind), a.reason, '', '', figure(a.quantity, false), '', figure(a.amount), '', figure(a.tax), figure(a.amountExTax), '']);
    y += ROW;
  }
  for (const [label, text] of totalLines(s)) {
    y = room(y + mm(1));
    doc.font('bold').fontSize(9).text(`${label}：`, MARGIN, y, { continued: true, lineBreak: false }).font('regular').text(text, { lineBreak: false });
    y += mm(5);
  }
  doc.end();
  return bytes;
}
