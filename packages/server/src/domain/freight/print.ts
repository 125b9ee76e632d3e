import { pdfDocument, tableRow, type PdfTable } from '../weighing/print/pdf';
import type { PlanDetail } from './plan-read';
import { BASIS_OPTIONS, CHARGE_OPTIONS, KIND_OPTIONS, LOSS_OPTIONS } from './kinds';

/**
 * findPrint: the plan with its pound list as a PDF (A4 landscape, on the ticket print engine's
 * fonts): the header (carrier, route, price and terms, totals, remitted and advanced), then one
 * row a ticket with its freight figures, then the totals.
 */
const PT_PER_MM = 72 / 25.4;
const mm = (v: number) => v * PT_PER_MM;
const PAGE = { width: mm(297), height: mm(210) };
const MARGIN = mm(12);
const ROW = mm(7);
const HEADERS = ['序号', '磅单号', '车号', '物料', '原发(吨)', '净重(吨)', '计费重量', '运费', '路耗', '亏吨', '亏吨扣款'];
const WIDTHS = [12, 38, 26, 34, 22, 22, 22, 26, 20, 20, 31].map(mm);

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const word = (list: { value: string; label: string }[], v: unknown) => list.find((o) => o.value === v)?.label ?? s(v);
const timeText = (v: unknown) => (v ? new Intl.DateTimeFormat('zh-CN', { timeZone: process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short', hour12: false }).format(new Date(String(v))) : '');

const TABLE: PdfTable = { x: MARGIN, widths: WIDTHS, rowHeight: ROW, fontSize: 8, rightFrom: 4 };
const row = (doc: PDFKit.PDFDocument, y: number, cells: string[], bold = false) => tableRow(doc, TABLE, y, cells, bold);

export function planPdf(d: PlanDetail): Promise<Buffer> {
  const p = d.plan;
  const { doc, bytes } = pdfDocument({ size: [PAGE.width, PAGE.height], info: { Title: `运费计划 ${s(p.planNo)}`, Subject: s(p.planNo) } });
  const width = PAGE.width - 2 * MARGIN;
  const header = (first: boolean) => {
    let y = MARGIN;
    if (first) {
      doc.font('bold').fontSize(14).text(`运费计划 ${s(p.planNo)}${p.urgent ? '（加急）' : ''}`, MARGIN, y, { width, align: 'center' });
      y += mm(9);
      doc.font('regular').fontSize(9);
      const lines = [
        `业务类型：${word(KIND_OPTIONS, p.kind)}    承运商：${s(p.carrierName)}    物料：${s(p.materialName)}    线路/区域：${s(p.routeName)}    存储仓库：${s(p.wareName)}`,
        `运价：${s(p.price)}（${word(CHARGE_OPTIONS, p.chargeMode)}，${word(BASIS_OPTIONS, p.basis)}${p.distanceKm ? `，运距 ${s(p.distanceKm)} km` : ''}）    税率：${s(p.taxRate) || '0'}%    `
          + `合理路耗：${p.lossMode ? `${s(p.lossValue)} ${word(LOSS_OPTIONS, p.lossMode)}` : '无'}    运价依据：${s(p.priceLabel)}`,
        `计划期间：${timeText(p.startTime)} 至 ${timeText(p.endTime) || '—'}    磅单确认：${timeText(p.poundsConfirmedAt) || '未确认'}`,
        `运费合计：${s(p.freightTotal) || '0'}    亏吨扣款：${s(p.lossChargeTotal) || '0'}    已汇款：${s(p.remitted)}    油卡预付：${s(p.fuelAdvanced)}`,
      ];
      for (const l of lines) {
        doc.text(l, MARGIN, y, { width, lineBreak: false, ellipsis: true });
        y += mm(5.5);
      }
      y += mm(1);
    }
    row(doc, y, HEADERS, true);
    return y + ROW;
  };
  let y = header(true);
  for (const t of d.pounds) {
    if (y + ROW > PAGE.height - MARGIN - ROW) {
      doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
      y = header(false);
    }
    row(doc, y, [s(t.seq), s(t.ticketNo), s(t.plateNumber), s(t.materialName), s(t.shipped), s(t.net), s(t.basisWeight), s(t.freight), s(t.loss), s(t.shortage), s(t.lossCharge)]);
    y += ROW;
  }
  row(doc, y, ['合计', `${d.pounds.length} 张`, '', '', '', '', '', s(p.freightTotal), '', '', s(p.lossChargeTotal)], true);
  doc.end();
  return bytes;
}
