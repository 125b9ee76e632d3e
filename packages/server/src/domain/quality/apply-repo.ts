import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { QualityTerm } from './terms';
import { holders } from '../settlement/repo';

/** The SQL of applying a sample's final values to its tickets: a few statements for the whole sample, whatever its size. */
type Tx = Transaction<DB>;

export interface SampleHead { id: string; blind_code: string; state: string }

export async function lockSample(tx: Tx, orgId: string, sampleId: string): Promise<SampleHead | undefined> {
  const { rows } = await sql<SampleHead>`SELECT id::text, blind_code, state FROM qm_sample WHERE org_id = ${orgId} AND id = ${sampleId}::bigint FOR UPDATE`.execute(tx);
  return rows[0];
}

/** The final values, by the item code the contract's terms name. */
export async function sampleValues(tx: Tx, sampleId: string): Promise<{ itemCode: string; value: string }[]> {
  const { rows } = await sql<{ item_code: string; value: string }>`
    SELECT i.item_code, v.value::text FROM qm_sample_value v JOIN qm_assay_item i ON i.id = v.item_id WHERE v.sample_id = ${sampleId}::bigint`.execute(tx);
  return rows.map((r) => ({ itemCode: r.item_code, value: r.value }));
}

export interface SampleTicket {
  id: string; ticket_no: string; kind: string; state: string; gross: string | null; tare: string | null; net: string | null; price: string | null; deduct_total: string | null;
  amount: string | null; quality_price_adjust: string; material_id: string | null; notice_line_id: string | null; settled_by_id: string | null;
  settled_by_no: string | null; locked_by_no: string | null; uploaded_at: Date | null; source_ticket_id: string | null; contract_id: string | null;
  /** 085: a price per m3 prices the gauged volume */
  price_basis: 'NET' | 'VOLUME'; gauge_volume: string | null;
}

/** The sample's tickets, locked in id order (every caller that locks several tickets does so) with the contract their notice line draws on. */
export async function lockSampleTickets(tx: Tx, orgId: string, sampleId: string): Promise<SampleTicket[]> {
  const { rows } = await sql<Omit<SampleTicket, 'settled_by_id' | 'settled_by_no'>>`
    SELECT t.id::text, t.ticket_no, t.kind, t.state, t.gross::text, t.tare::text, t.net::text, t.price::text, t.deduct_total::text, t.amount::text,
           t.quality_price_adjust::text, t.material_id::text, t.notice_line_id::text, t.price_basis, t.gauge_volume::text,
           t.locked_by_no, t.uploaded_at, t.source_ticket_id::text, cl.contract_id::text
      FROM qm_sample_ticket st
      JOIN wb_ticket t ON t.id = st.ticket_id AND t.org_id = st.org_id
      LEFT JOIN wb_notice_line nl ON nl.id = t.notice_line_id
      LEFT JOIN wb_contract_line cl ON cl.id = nl.contract_line_id
     WHERE st.org_id = ${orgId} AND st.sample_id = ${sampleId}::bigint
     ORDER BY t.id
       FOR UPDATE OF t`.execute(tx);
  // the goods settlement holding each is its row's claim, read after the locks: a settlement writes
  // its rows under the tickets' locks, and only a statement begun after them sees what it committed
  const held = await holders(tx, rows.map((t) => t.id));
  return rows.map((t) => {
    const h = held.get(t.id);
    return { ...t, settled_by_id: h?.id ?? null, settled_by_no: h?.no ?? null };
  });
}

/** The quality terms of these contracts, by contract and material. */
export async function contractTerms(tx: Tx, contractIds: string[]): Promise<Map<string, QualityTerm[]>> {
  const out = new Map<string, QualityTerm[]>();
  if (contractIds.length === 0) return out;
  const { rows } = await sql<{
    contract_id: string; material_id: string; item_code: string; item_name: string; standard_value: string; direction: 'MAX' | 'MIN';
    deduct_step: string | null; deduct_percent: string | null; deduct_basis: 'NET' | 'DRY'; band_step: string | null; band_price: string | null;
    band_mode: 'STEP' | 'PROPORTIONAL'; reject_limit: string | null;
  }>`
    SELECT contract_id::text, material_id::text, item_code, item_name, standard_value::text, direction, deduct_step::text, deduct_percent::text,
           deduct_basis, band_step::text, band_price::text, band_mode, reject_limit::text
      FROM wb_contract_quality WHERE contract_id = ANY(${contractIds}::bigint[]) ORDER BY contract_id, seq`.execute(tx);
  for (const r of rows) {
    const key = termsKey(r.contract_id, r.material_id);
    const list = out.get(key) ?? [];
    list.push({
      itemCode: r.item_code, itemName: r.item_name, standardValue: r.standard_value, direction: r.direction, deductStep: r.deduct_step,
      deductPercent: r.deduct_percent, deductBasis: r.deduct_basis, bandStep: r.band_step, bandPrice: r.band_price, bandMode: r.band_mode, rejectLimit: r.reject_limit,
    });
    out.set(key, list);
  }
  return out;
}
export const termsKey = (contractId: string, materialId: string) => `${contractId}:${materialId}`;

export interface DeductionRow { ticket_id: string; kind: string; mode: 'AMOUNT' | 'RATE'; value: string; amount: string }

export async function deductionRows(tx: Tx, ticketIds: string[]): Promise<DeductionRow[]> {
  if (ticketIds.length === 0) return [];
  const { rows } = await sql<DeductionRow>`
    SELECT ticket_id::text, kind, mode, value::text, amount::text FROM wb_ticket_deduction WHERE ticket_id = ANY(${ticketIds}::bigint[]) ORDER BY id`.execute(tx);
  return rows;
}

export interface TicketWrite {
  id: string;
  /** the QUALITY row: none when nothing is deducted */
  quality: { mode: 'AMOUNT' | 'RATE'; value: string; amount: string } | null;
  net: string | null; deductTotal: string | null; amount: string | null; priceAdjust: string;
}

export interface OutcomeRow {
  ticketId: string; contractId: string | null; deduction: string; priceAdjust: string; rejected: boolean; items: unknown; settlementNo: string | null;
}

/**
 * Everything the application writes, in one statement (one round trip for the whole sample): each
 * edited ticket's QUALITY row upserted (or removed when nothing is deducted), its figures, and what
 * was decided for every ticket, settled ones included. The sets are disjoint, so the parts of the
 * statement never touch one row twice.
 */
export async function writeApplication(tx: Tx, orgId: string, sampleId: string, userId: string | null, writes: TicketWrite[], rows: OutcomeRow[]): Promise<void> {
  const kept = writes.filter((w) => w.quality !== null);
  const cleared = writes.filter((w) => w.quality === null).map((w) => w.id);
  await sql`
    WITH quality AS (
      INSERT INTO wb_ticket_deduction (org_id, ticket_id, kind, mode, value, amount, created_by)
      SELECT ${orgId}::bigint, x.id, 'QUALITY', x.mode, x.value, x.amount, ${userId}::bigint
        FROM unnest(${kept.map((w) => w.id)}::bigint[], ${kept.map((w) => w.quality!.mode)}::text[], ${kept.map((w) => w.quality!.value)}::numeric[],
                    ${kept.map((w) => w.quality!.amount)}::numeric[]) AS x(id, mode, value, amount)
      ON CONFLICT (ticket_id, kind, org_id) DO UPDATE SET mode = EXCLUDED.mode, value = EXCLUDED.value, amount = EXCLUDED.amount
    ), cleared AS (
      DELETE FROM wb_ticket_deduction WHERE ticket_id = ANY(${cleared}::bigint[]) AND kind = 'QUALITY'
    ), tickets AS (
      UPDATE wb_ticket t SET net = x.net, deduct_total = x.deduct_total, amount = x.amount, quality_price_adjust = x.adjust,
             updated_at = now(), updated_by = ${userId}::bigint, version = t.version + 1
        FROM unnest(${writes.map((w) => w.id)}::bigint[], ${writes.map((w) => w.net)}::numeric[], ${writes.map((w) => w.deductTotal)}::numeric[],
                    ${writes.map((w) => w.amount)}::numeric[], ${writes.map((w) => w.priceAdjust)}::numeric[]) AS x(id, net, deduct_total, amount, adjust)
       WHERE t.id = x.id AND t.org_id = ${orgId}
    )
    INSERT INTO qm_ticket_quality (ticket_id, org_id, sample_id, contract_id, deduction, price_adjust, rejected, items, settlement_no, applied_at, applied_by)
    SELECT x.ticket_id, ${orgId}::bigint, ${sampleId}::bigint, x.contract_id, x.deduction, x.price_adjust, x.rejected, x.items, x.settlement_no, now(), ${userId}::bigint
      FROM unnest(${rows.map((r) => r.ticketId)}::bigint[], ${rows.map((r) => r.contractId)}::bigint[], ${rows.map((r) => r.deduction)}::numeric[],
                  ${rows.map((r) => r.priceAdjust)}::numeric[], ${rows.map((r) => r.rejected)}::boolean[], ${rows.map((r) => JSON.stringify(r.items))}::jsonb[],
                  ${rows.map((r) => r.settlementNo)}::text[]) AS x(ticket_id, contract_id, deduction, price_adjust, rejected, items, settlement_no)
    ON CONFLICT (ticket_id, org_id) DO UPDATE SET sample_id = EXCLUDED.sample_id, contract_id = EXCLUDED.contract_id, deduction = EXCLUDED.deduction,
      price_adjust = EXCLUDED.price_adjust, rejected = EXCLUDED.rejected, items = EXCLUDED.items, settlement_no = EXCLUDED.settlement_no,
      applied_at = now(), applied_by = EXCLUDED.applied_by`.execute(tx);
}
