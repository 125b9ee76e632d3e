import QRCode from 'qrcode';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import { AppError } from '../../platform/http/errors';
import { pdfDocument } from '../weighing/print/pdf';

/**
 * 样品卡 (sample card info): the label stuck on the sealed sample bag, printed at the sampling
 * point. It carries what the lab may know: the blind code in large type and as a QR code (the
 * bench's scanner reads it into the entry screen), the material, the day and the portions; never
 * the vendor, a ticket or a plate. 80 x 50 mm, a common thermal label size.
 */
const PT_PER_MM = 72 / 25.4;
const mm = (v: number) => v * PT_PER_MM;

export interface SampleCard { blindCode: string; materialName: string | null; formatName: string; sampledOn: string; sampleCount: number; company: string }

export async function sampleCard(db: Database, orgId: string, sampleId: string): Promise<SampleCard> {
  const { rows } = await sql<SampleCard>`
    SELECT s.blind_code AS "blindCode", (SELECT m.inv_name FROM md_material m WHERE m.id = s.material_id) AS "materialName",
           f.format_name AS "formatName", to_char(s.sampled_on, 'YYYY-MM-DD') AS "sampledOn", s.sample_count AS "sampleCount",
           (SELECT o.org_name FROM sys_org o WHERE o.id = s.org_id) AS company
      FROM qm_sample s JOIN qm_format f ON f.id = s.format_id WHERE s.id = ${sampleId}::bigint AND s.org_id = ${orgId}`.execute(db);
  if (!rows[0]) throw new AppError(404, '样品不存在', 'id');
  return rows[0];
}

/** The card of the sample a ticket joined. */
export async function ticketSampleCard(db: Database, orgId: string, ticketId: string): Promise<SampleCard> {
  const { rows } = await sql<{ sample_id: string }>`
    SELECT sample_id::text AS sample_id FROM qm_sample_ticket WHERE ticket_id = ${ticketId}::bigint AND org_id = ${orgId}`.execute(db);
  if (!rows[0]) throw new AppError(404, '该磅单未取样', 'id');
  return sampleCard(db, orgId, rows[0].sample_id);
}

export function sampleCardPdf(c: SampleCard): Promise<Buffer> {
  const width = mm(80);
  const height = mm(50);
  const { doc, bytes } = pdfDocument({ size: [width, height], autoFirstPage: true, info: { Title: `样品卡 ${c.blindCode}`, Subject: c.blindCode, Author: c.company } });
  const qr = QRCode.create(c.blindCode, { errorCorrectionLevel: 'M' });
  const side = mm(34);
  const cellSize = side / qr.modules.size;
  const qx = mm(3);
  const qy = (height - side) / 2;
  doc.fillColor('black');
  for (let r = 0; r < qr.modules.size; r++) {
    for (let col = 0; col < qr.modules.size; col++) {
      if (qr.modules.get(r, col)) doc.rect(qx + col * cellSize, qy + r * cellSize, cellSize, cellSize).fill();
    }
  }
  const x = qx + side + mm(3);
  const w = width - x - mm(2);
  doc.font('bold').fontSize(9).text('样品卡', x, mm(4), { width: w });
  // the code on one line, whatever its letters: a wide one (W, M) is set smaller rather than broken in two
  doc.font('bold');
  let size = 14;
  while (size > 8 && doc.fontSize(size).widthOfString(c.blindCode, { characterSpacing: 0.5 }) > w) size -= 0.5;
  doc.fontSize(size).text(c.blindCode, x, mm(10), { width: w, characterSpacing: 0.5, lineBreak: false });
  doc.font('regular').fontSize(8);
  doc.text(`物料: ${c.materialName ?? ''}`, x, mm(20), { width: w, lineBreak: false, ellipsis: true });
  doc.text(`模板: ${c.formatName}`, x, mm(25), { width: w, lineBreak: false, ellipsis: true });
  doc.text(`取样日期: ${c.sampledOn}`, x, mm(30), { width: w });
  doc.text(`样品份数: ${c.sampleCount}`, x, mm(35), { width: w });
  doc.end();
  return bytes;
}
