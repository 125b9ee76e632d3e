import { pdfDocument } from '../../../platform/print/pdf';
import { TICKET_PAPER_MM, type TicketPrintField, type TicketPrintLayout } from '@wb/protocol';

/**
 * The printed ticket as a PDF, drawn from the same layout as the print page. Paper: the 241 mm
 * continuous form's half page (241 x 139.7 mm), what weighbridge offices feed their dot-matrix
 * printers with multi-part carbonless forms (存根 / 客户 / 财务), so one press prints every copy.
 * The font is Noto Sans SC (SIL OFL 1.1) from its npm package, so a fresh machine needs no system
 * fonts; pdfkit embeds only the glyphs a ticket uses (a subset), which keeps the file small.
 */
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

/** Documents are made on the platform's PDF engine (platform/print/pdf.ts): the ticket, the statements. */
export { pdfDocument };

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
