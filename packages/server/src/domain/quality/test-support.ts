import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { Plant } from '../weighing/test-support';

/**
 * Rows the quality tests stand on, written straight into the tables (contracts, samples and
 * their checks have their own tests): an audited purchase contract with quality terms on the
 * plant's material, notice lines drawn on it, a sample with its tickets and final values.
 */
let serial = 0;
const next = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(serial++).toString().padStart(3, '0')}`;

export interface TermRow {
  itemCode: string; itemName: string; standardValue: string; direction: 'MAX' | 'MIN'; deductStep?: string; deductPercent?: string; deductBasis?: 'NET' | 'DRY';
  bandStep?: string; bandPrice?: string; bandMode?: 'STEP' | 'PROPORTIONAL'; rejectLimit?: string;
}

export async function makeQualityContract(db: Database, p: Plant, terms: TermRow[]): Promise<{ contractId: string; contractNo: string; lineId: string }> {
  const contractNo = next('HT');
  const c = await db.insertInto('wb_contract').values({
    org_id: p.orgId, kind: 'pu', contract_no: contractNo, doc_status: 'AUDITED', vendor_id: p.vendorId, valid_from: '2026-01-01', valid_to: '2030-12-31',
  }).returning('id').executeTakeFirstOrThrow();
  const l = await db.insertInto('wb_contract_line').values({ org_id: p.orgId, contract_id: c.id, seq: 1, material_id: p.materialId, quantity: '1000000' })
    .returning('id').executeTakeFirstOrThrow();
  for (const [i, t] of terms.entries()) {
    await sql`INSERT INTO wb_contract_quality (org_id, contract_id, seq, material_id, item_code, item_name, standard_value, direction, deduct_step, deduct_percent,
        deduct_basis, band_step, band_price, band_mode, reject_limit)
      VALUES (${p.orgId}, ${c.id}, ${i + 1}, ${p.materialId}, ${t.itemCode}, ${t.itemName}, ${t.standardValue}, ${t.direction}, ${t.deductStep ?? null}, ${t.deductPercent ?? null},
        ${t.deductBasis ?? 'NET'}, ${t.bandStep ?? null}, ${t.bandPrice ?? null}, ${t.bandMode ?? 'STEP'}, ${t.rejectLimit ?? null})`.execute(db);
  }
  return { contractId: String(c.id), contractNo, lineId: String(l.id) };
}

/** The notice line draws on the contract line (its ticket then carries the contract's terms). */
export async function drawOnContract(db: Database, noticeLineId: string, contractLineId: string): Promise<void> {
  await sql`UPDATE wb_notice_line SET contract_line_id = ${contractLineId}::bigint WHERE id = ${noticeLineId}::bigint`.execute(db);
}

export async function makeFormat(db: Database, orgId: string, itemCodes: string[]): Promise<string> {
  const f = await db.insertInto('qm_format').values({ org_id: orgId, format_code: next('F'), format_name: '煤质化验' }).returning('id').executeTakeFirstOrThrow();
  const items = await sql<{ id: string; item_code: string }>`
    SELECT i.id::text, i.item_code FROM qm_assay_item i JOIN sys_org o ON o.group_id = i.group_id WHERE o.id = ${orgId}::bigint AND i.item_code = ANY(${itemCodes}::text[])`.execute(db);
  for (const [seq, it] of items.rows.entries()) await db.insertInto('qm_format_item').values({ org_id: orgId, format_id: f.id, seq, item_id: it.id }).execute();
  return f.id;
}

export async function itemIds(db: Database, orgId: string, codes: string[]): Promise<Record<string, string>> {
  const { rows } = await sql<{ id: string; item_code: string }>`
    SELECT i.id::text, i.item_code FROM qm_assay_item i JOIN sys_org o ON o.group_id = i.group_id WHERE o.id = ${orgId}::bigint AND i.item_code = ANY(${codes}::text[])`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.item_code, r.id]));
}

/** A sample of these tickets; with values, checked (its final values written), else waiting for the lab. */
export async function makeSample(db: Database, p: Plant, ticketIds: string[], values: Record<string, string> | null, formatId?: string): Promise<{ id: string; blindCode: string }> {
  const format = formatId ?? await makeFormat(db, p.orgId, ['001', '002', '003']);
  const blindCode = `Q${(Date.now() % 1e9).toString(36).toUpperCase().padStart(6, '0')}${(serial++ % 1000).toString().padStart(3, '0')}`.slice(0, 10);
  const s = await db.insertInto('qm_sample').values({
    org_id: p.orgId, blind_code: blindCode, material_id: p.materialId, vendor_id: p.vendorId, format_id: format, sampled_on: '2026-11-25',
    truck_count: ticketIds.length, state: values ? 'CHECKED' : 'TESTING',
  }).returning('id').executeTakeFirstOrThrow();
  for (const t of ticketIds) await db.insertInto('qm_sample_ticket').values({ ticket_id: t, org_id: p.orgId, sample_id: s.id }).execute();
  if (values) await setValues(db, p.orgId, s.id, values);
  // the first round's empty results, as the sampling grid leaves them for the lab
  else await sql`INSERT INTO qm_result (org_id, sample_id, round, item_id, derived)
    SELECT ${p.orgId}::bigint, ${s.id}::bigint, 1, l.item_id, l.formula IS NOT NULL FROM qm_format_item l WHERE l.format_id = ${format}::bigint`.execute(db);
  return { id: s.id, blindCode };
}

/** The sample's final values replaced, as a check or a recheck writes them. */
export async function setValues(db: Database, orgId: string, sampleId: string, values: Record<string, string>): Promise<void> {
  const ids = await itemIds(db, orgId, Object.keys(values));
  await db.deleteFrom('qm_sample_value').where('sample_id', '=', sampleId).execute();
  for (const [code, value] of Object.entries(values)) await db.insertInto('qm_sample_value').values({ sample_id: sampleId, org_id: orgId, item_id: ids[code], value }).execute();
}
