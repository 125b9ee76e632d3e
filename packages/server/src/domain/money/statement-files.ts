import type { Readable } from 'node:stream';
import { streamSheet, type SheetColumn } from '../../platform/excel/workbook';
import { pdfDocument, tableRow, type PdfTable } from '../weighing/print/pdf';
import { moneyText } from './rules';
import type { Statement, StatementLine } from './statement';

/** The statement as an Excel sheet and as a PDF (A4 landscape, Noto Sans SC as the printed ticket). */
const COLUMNS: SheetColumn[] = [
  { header: '时间', key: 'at', width: 20 },
  { header: '类型', key: 'kind', width: 12 },
  { header: '单据号', key: 'docNo', width: 20 },
  { header: '物料', key: 'material', width: 18 },
  { header: '净重(吨)', key: 'net', width: 12 },
  { header: '单价', key: 'price', width: 12 },
  { header: '收款', key: 'received', width: 14 },
  { header: '消费', key: 'consumed', width: 14 },
  { header: '余额', key: 'balance', width: 16 },
];

/** Shown in the plant's zone, as the screens show times. */
const timeText = (iso: string) =>
  new Intl.DateTimeFormat('zh-CN', {
    timeZone: process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false,
  }).format(new Date(iso)).replace(/\//g, '-');

const num = (v: string | null) => (v === null ? null : Number(v));
const KIND_NAMES: Record<string, string> = {
  RECEIPT: '收款', RECEIPT_WITHDRAWN: '收款反审核', REFUND: '退款', REFUND_WITHDRAWN: '退款反审核', CONSUME: '消费', CONSUME_REVERSED: '消费冲回',
};
const kindName = (kind: string) => KIND_NAMES[kind] ?? kind;

function* sheetRows(s: Statement): Iterable<Record<string, unknown>> {
  yield { at: `${s.from} 至 ${s.to}`, kind: '期初余额', balance: num(s.opening) };
  for (const l of s.lines) {
    yield {
      at: timeText(l.at), kind: kindName(l.kind), docNo: l.docNo, material: l.materialName ?? '', net: num(l.net), price: num(l.price),
      received: num(l.received), consumed: num(l.consumed), balance: num(l.balance),
    };
  }
  yield { kind: '本期合计', received: num(s.receipts), consumed: num(s.consumed) };
  yield { kind: '期末余额', balance: num(s.closing) };
}

export function statementSheet(s: Statement): Readable {
  return streamSheet(`对账单 ${s.customer.name}`.slice(0, 31), COLUMNS, sheetRows(s));
}

export const statementFileName = (s: Statement, ext: 'xlsx' | 'pdf') => `对账单_${s.customer.name}_${s.from}_${s.to}.${ext}`;

const PT_PER_MM = 72 / 25.4;
const mm = (v: number) => v * PT_PER_MM;
const A4_LANDSCAPE = { width: mm(297), height: mm(210) };
const MARGIN = mm(12);
const ROW = mm(7);
const WIDTHS = [36, 24, 38, 34, 22, 22, 28, 28, 33].map(mm);

function lineCells(l: StatementLine): string[] {
  const m = (v: string | null) => (v === null ? '' : moneyText(v));
  return [timeText(l.at), kindName(l.kind), l.docNo, l.materialName ?? '', l.net ?? '', l.price === null ? '' : m(l.price), m(l.received), m(l.consumed), m(l.balance)];
}

const TABLE: PdfTable = { x: MARGIN, widths: WIDTHS, rowHeight: ROW, fontSize: 8, rightFrom: 4 };
const row = (doc: PDFKit.PDFDocument, y: number, cells: string[], bold = false) => tableRow(doc, TABLE, y, cells, bold);

export function statementPdf(s: Statement): Promise<Buffer> {
  const { doc, bytes } = pdfDocument({ size: [A4_LANDSCAPE.width, A4_LANDSCAPE.height], info: { Title: `对账单 ${s.customer.name}` } });
  const header = (first: boolean) => {
    let y = MARGIN;
    if (first) {
      doc.font('bold').fontSize(14).text('客户对账单', MARGIN, y, { width: A4_LANDSCAPE.width - 2 * MARGIN, align: 'center' });
      y += mm(9);
      doc.font('regular').fontSize(9).text(`客户：${s.customer.code} ${s.customer.name}    期间：${s.from} 至 ${s.to}    期初余额：${moneyText(s.opening)} 元`, MARGIN, y);
      y += mm(6);
    }
    row(doc, y, COLUMNS.map((c) => c.header), true);
    return y + ROW;
  };
  let y = header(true);
  for (const l of s.lines) {
    if (y + ROW > A4_LANDSCAPE.height - MARGIN - ROW * 2) {
      doc.addPage({ size: [A4_LANDSCAPE.width, A4_LANDSCAPE.height], margin: 0 });
      y = header(false);
    }
    row(doc, y, lineCells(l));
    y += ROW;
  }
  row(doc, y, ['本期合计', '', '', '', '', '', moneyText(s.receipts), moneyText(s.consumed), ''], true);
  row(doc, y + ROW, ['期末余额', '', '', '', '', '', '', '', moneyText(s.closing)], true);
  doc.end();
  return bytes;
}
