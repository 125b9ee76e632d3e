import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { TICKET_PAPER_MM, type TicketPrintField, type TicketPrintLayout } from '@wb/protocol';

/**
 * The printed ticket as a PDF, drawn from the same layout as the print page. Paper: the 241 mm
 * continuous form's half page (241 x 139.7 mm), what weighbridge offices feed their dot-matrix
 * printers with multi-part carbonless forms (存根 / 客户 / 财务), so one press prints every copy.
 * The font is Noto Sans SC (SIL OFL 1.1) from its npm package, so a fresh machine needs no system
 * fonts; pdfkit embeds only the glyphs a ticket uses (a subset), which keeps the file small.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

let fonts: { regular: Buffer; bold: Buffer } | null = null;
/** read once per process: each is ~10 MB, and every PDF subsets from the same bytes */
function fontBytes(): { regular: Buffer; bold: Buffer } {
  fonts ??= { regular: readFileSync(require.resolve(FONT_FILES.regular)), bold: readFileSync(require.resolve(FONT_FILES.bold)) };
  return fonts;
}

const PT_PER_MM = 72 / 25.4;
const mm = (v: number) => v * PT_PER_MM;

const PAGE = { width: mm(TICKET_PAPER_MM.width), height: mm(TICKET_PAPER_MM.height) };
const LEFT = mm(12);
const WIDTH = PAGE.width - 2 * LEFT;
const ROW = mm(8.5);
const LABEL = mm(22);
const PAD = mm(1.5);

type Doc = PDFKit.PDFDocument;

/** One bordered cell with its text on one line, vertically centred, cut with an ellipsis when too long. */
function cell(doc: Doc, x: number, y: number, w: number, h: number, text: string, o: { bold?: boolean; size?: number; align?: 'left' | 'center' | 'right' } = {}): void {
  doc.rect(x, y, w, h).stroke();
  const size = o.size ?? 10;
  doc.font(o.bold ? 'bold' : 'regular').fontSize(size);
  doc.text(text, x + PAD, y + (h - size * 1.3) / 2, { width: w - 2 * PAD, height: size * 1.4, align: o.align ?? 'left', lineBreak: false, ellipsis: true });
}

/** A wrapped cell (the deduction list), at a smaller size. */
function wrappedCell(doc: Doc, x: number, y: number, w: number, h: number, text: string): void {
  doc.rect(x, y, w, h).stroke();
  doc.font('regular').fontSize(9).text(text, x + PAD, y + PAD, { width: w - 2 * PAD, height: h - 2 * PAD, ellipsis: true });
}

function header(doc: Doc, l: TicketPrintLayout): number {
  doc.font('bold').fontSize(16).text(l.title, LEFT, mm(7), { width: WIDTH, align: 'center', lineBreak: false });
  const y = mm(16);
  doc.font('regular').fontSize(10).text(`No. ${l.ticketNo}`, LEFT, y, { width: WIDTH / 3, lineBreak: false });
  const state = l.closedAs ?? (l.slip ? l.stateLabel : '');
  if (state) doc.text(`（${state}）`, LEFT + WIDTH / 3, y, { width: WIDTH / 3, align: 'center', lineBreak: false });
  const count = l.reprint ? `${l.printLabel}  补打` : l.printLabel;
  doc.text(`${count}   单位：${l.unit}`, LEFT + (2 * WIDTH) / 3, y, { width: WIDTH / 3, align: 'right', lineBreak: false });
  return mm(22);
}

/** Label-value pairs, two to a row. */
function pairs(doc: Doc, fields: TicketPrintField[], top: number): number {
  const value = WIDTH / 2 - LABEL;
  let y = top;
  for (let i = 0; i < fields.length; i += 2) {
    for (const [j, f] of fields.slice(i, i + 2).entries()) {
      const x = LEFT + j * (WIDTH / 2);
      cell(doc, x, y, LABEL, ROW, f.label, { bold: true });
      cell(doc, x + LABEL, y, value, ROW, f.value);
    }
    if (fields.length - i === 1) doc.rect(LEFT + WIDTH / 2, y, WIDTH / 2, ROW).stroke();
    y += ROW;
  }
  return y;
}

/** Gross, tare, net (weight and time) on the left; the deductions and their total on the right. */
function weights(doc: Doc, l: TicketPrintLayout, top: number): number {
  const weightW = mm(36);
  const timeW = WIDTH / 2 - LABEL - weightW;
  l.weights.forEach((w, i) => {
    const y = top + i * ROW;
    cell(doc, LEFT, y, LABEL, ROW, w.label, { bold: true });
    cell(doc, LEFT + LABEL, y, weightW, ROW, w.value, { bold: w.key === 'net', size: w.key === 'net' ? 12 : 11, align: 'right' });
    cell(doc, LEFT + LABEL + weightW, y, timeW, ROW, w.time, { size: 9 });
  });
  const x = LEFT + WIDTH / 2;
  cell(doc, x, top, LABEL, ROW, '扣重合计', { bold: true });
  cell(doc, x + LABEL, top, WIDTH / 2 - LABEL, ROW, l.deductions.total, { align: 'right' });
  cell(doc, x, top + ROW, LABEL, 2 * ROW, '扣重明细', { bold: true });
  const list = l.deductions.rows.map((r) => `${r.item} ${r.weight}`).join('；');
  wrappedCell(doc, x + LABEL, top + ROW, WIDTH / 2 - LABEL, 2 * ROW, list);
  return top + l.weights.length * ROW;
}

function remark(doc: Doc, l: TicketPrintLayout, top: number): number {
  cell(doc, LEFT, top, LABEL, ROW, '备注', { bold: true });
  cell(doc, LEFT + LABEL, top, WIDTH - LABEL, ROW, l.remark);
  return top + ROW;
}

function footer(doc: Doc, l: TicketPrintLayout, top: number): void {
  const y = top + mm(3);
  const w = WIDTH / l.footer.length;
  doc.font('regular').fontSize(9);
  l.footer.forEach((f, i) => doc.text(`${f.label}：${f.value}`, LEFT + i * w, y, { width: w, lineBreak: false, align: i === l.footer.length - 1 ? 'right' : 'left' }));
  doc.text('司机签字：', LEFT, y + mm(7), { width: WIDTH / 2, lineBreak: false });
}

export function drawTicket(doc: Doc, l: TicketPrintLayout): void {
  doc.lineWidth(0.6).strokeColor('#000').fillColor('#000');
  let y = header(doc, l);
  y = pairs(doc, l.fields, y);
  y = weights(doc, l, y);
  if (l.money.length) y = pairs(doc, l.money, y);
  y = remark(doc, l, y);
  footer(doc, l, y);
  if (l.check) checkCode(doc, l.check.qr);
}

/** The public check link's QR code in the top right corner, above the print count: 扫码验真. */
function checkCode(doc: Doc, qr: { size: number; path: string }): void {
  const side = mm(13);
  const x = LEFT + WIDTH - side;
  const y = mm(2);
  doc.save().translate(x, y).scale(side / qr.size).path(qr.path).fill('#000').restore();
  doc.font('regular').fontSize(7).text('扫码验真', x - mm(14), y + side - mm(3), { width: mm(13), align: 'right', lineBreak: false });
}

/**
 * A PDF document with the embedded Chinese fonts registered ('regular', 'bold') and its bytes
 * gathered: draw on `doc`, call `doc.end()`, then await `bytes`. The ticket and the customer's
 * statement are both made this way.
 */
export function pdfDocument(options: PDFKit.PDFDocumentOptions): { doc: Doc; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({ margin: 0, ...options, info: { Creator: '统一称重管控平台', ...options.info } });
  const { regular, bold } = fontBytes();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** Where a document's table sits: its left edge, its columns' widths (points), its row height and type size. */
export interface PdfTable {
  x: number;
  widths: number[];
  rowHeight: number;
  fontSize: number;
  /** the first column whose figures are set right (the columns before it are words) */
  rightFrom: number;
}

/**
 * One row of a document's table at `y`: each cell boxed and its text on one line, cut with an
 * ellipsis where it does not fit (the customer's statement, a settlement's, a freight plan's).
 */
export function tableRow(doc: Doc, t: PdfTable, y: number, cells: string[], bold = false): void {
  let x = t.x;
  doc.font(bold ? 'bold' : 'regular').fontSize(t.fontSize);
  cells.forEach((text, i) => {
    const width = t.widths[i] as number;
    doc.rect(x, y, width, t.rowHeight).stroke();
    doc.text(text, x + 2, y + (t.rowHeight - t.fontSize * 1.3) / 2, {
      width: width - 4, height: t.fontSize * 1.4, align: i >= t.rightFrom ? 'right' : 'left', lineBreak: false, ellipsis: true,
    });
    x += width;
  });
}

/** The ticket as PDF bytes: one page of the form. */
export function ticketPdf(l: TicketPrintLayout): Promise<Buffer> {
  const { doc, bytes } = pdfDocument({
    size: [PAGE.width, PAGE.height], autoFirstPage: true,
    info: { Title: `${l.title} ${l.ticketNo}`, Subject: l.ticketNo, Author: l.company },
  });
  drawTicket(doc, l);
  doc.end();
  return bytes;
}
