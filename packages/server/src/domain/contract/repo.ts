import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';

/**
 * The contracts' SQL. Lock order, kept by every caller: the contract header, then its lines in id
 * order. A notice drawing on a line shares the header's lock (FOR SHARE: two notices draw at once,
 * an amendment or an un-audit waits for them) and takes the line FOR UPDATE, so two notices on one
 * line take turns and the second sums what the first wrote.
 */
type Tx = Transaction<DB>;

/** A line's notices count while their notice is not void: the quantity each notice line plans. */
const drawnBy = (line: RawBuilder<unknown>, exceptNotice: string | null = null) => sql`
  (SELECT coalesce(sum(nl.quantity), 0)::text FROM wb_notice_line nl JOIN wb_notice n ON n.id = nl.notice_id
    WHERE nl.contract_line_id = ${line} AND n.doc_status <> 'OBSOLETE' AND n.id IS DISTINCT FROM ${exceptNotice}::bigint)`;

/** Completed tickets' net on the notice lines drawn on a contract line (SQL over the line aliased `line`). */
export const executedSql = (line: string) => `trim_scale((SELECT coalesce(sum(tk.net), 0) FROM wb_notice_line nl JOIN wb_ticket tk ON tk.notice_line_id = nl.id
  WHERE nl.contract_line_id = ${line}.id AND tk.state IN ('COMPLETED', 'AUDITED', 'POSTED')))`;
/** What the notices (not void) plan on a contract line (SQL over the line aliased `line`). */
export const drawnSql = (line: string) => `trim_scale((SELECT coalesce(sum(nl.quantity), 0) FROM wb_notice_line nl JOIN wb_notice n ON n.id = nl.notice_id
  WHERE nl.contract_line_id = ${line}.id AND n.doc_status <> 'OBSOLETE'))`;
/** A contract's lines summed (SQL over the contract aliased t). */
export const overLines = (expr: string) => `trim_scale((SELECT coalesce(sum(${expr}), 0) FROM wb_contract_line l WHERE l.contract_id = t.id))`;

/** How many notice lines draw on the contracts' lines (any notice: the lines name them). */
export async function drawnLineCounts(tx: Tx, contractIds: string[]): Promise<Map<string, { contractNo: string; count: number }>> {
  const { rows } = await sql<{ id: string; contract_no: string; n: number }>`
    SELECT c.id::text, c.contract_no, (SELECT count(*)::int FROM wb_notice_line nl JOIN wb_contract_line l ON l.id = nl.contract_line_id WHERE l.contract_id = c.id) AS n
      FROM wb_contract c WHERE c.id = ANY(${contractIds}::bigint[])`.execute(tx);
  return new Map(rows.map((r) => [r.id, { contractNo: r.contract_no, count: r.n }]));
}

export async function stampAudit(tx: Tx, ids: string[], userId: string, table: 'wb_contract' | 'wb_contract_amend'): Promise<void> {
  await sql`UPDATE ${sql.table(table)} SET audited_at = now(), audited_by = ${userId}::bigint WHERE id = ANY(${ids}::bigint[])`.execute(tx);
}

export interface LockedDraw {
  contractNo: string;
  kind: string;
  status: string;
  partyId: string | null;
  materialId: string;
  validFrom: string;
  validTo: string;
  seq: number;
  quantity: string;
  tolerance: string;
  drawnElsewhere: string;
}

/**
 * A contract line a notice draws on, locked as the header says, with what the other notices
 * (not `noticeId`) draw on it, read after the lock so a notice that committed meanwhile counts.
 * Null when the line is not the company's.
 */
export async function lockDraw(tx: Tx, orgId: string, lineId: string, noticeId: string | null): Promise<LockedDraw | null> {
  const header = await sql<{ id: string }>`
    SELECT c.id::text FROM wb_contract c WHERE c.org_id = ${orgId} AND c.id = (SELECT l.contract_id FROM wb_contract_line l WHERE l.id = ${lineId}::bigint)
       FOR SHARE`.execute(tx);
  if (header.rows.length === 0) return null;
  const { rows } = await sql<{ contract_no: string; kind: string; doc_status: string; party: string | null; material_id: string; valid_from: string; valid_to: string; seq: number; quantity: string; tolerance: string }>`
    SELECT c.contract_no, c.kind, c.doc_status, coalesce(c.vendor_id, c.customer_id, c.peer_org_id)::text AS party, l.material_id::text,
           c.valid_from::text, c.valid_to::text, l.seq, l.quantity::text, c.tolerance::text
      FROM wb_contract_line l JOIN wb_contract c ON c.id = l.contract_id
     WHERE l.org_id = ${orgId} AND l.id = ${lineId}::bigint FOR UPDATE OF l`.execute(tx);
  const r = rows[0];
  if (!r) return null;
  const drawn = await sql<{ drawn: string }>`SELECT ${drawnBy(sql`${lineId}::bigint`, noticeId)} AS drawn`.execute(tx);
  return {
    contractNo: r.contract_no, kind: r.kind, status: r.doc_status, partyId: r.party, materialId: r.material_id, validFrom: r.valid_from, validTo: r.valid_to,
    seq: r.seq, quantity: r.quantity, tolerance: r.tolerance, drawnElsewhere: drawn.rows[0].drawn,
  };
}

/** The plant's calendar day of a notice's time, as the contract's validity counts days. */
export async function plantDays(tx: Tx, times: (string | null)[]): Promise<(string | null)[]> {
  const { rows } = await sql<{ d: string | null }>`
    SELECT (x::timestamptz AT TIME ZONE current_setting('TimeZone'))::date::text AS d FROM unnest(${times}::text[]) WITH ORDINALITY AS u(x, i) ORDER BY i`.execute(tx);
  return rows.map((r) => r.d);
}

export interface AmendmentToApply {
  id: string;
  amendNo: string;
  contractId: string;
  newTolerance: string | null;
  newValidTo: string | null;
  lines: { contractLineId: string; newQuantity: string | null; newPrice: string | null }[];
}

export async function amendmentsOf(tx: Tx, ids: string[]): Promise<AmendmentToApply[]> {
  const { rows } = await sql<{ id: string; amend_no: string; contract_id: string; new_tolerance: string | null; new_valid_to: string | null; lines: { contractLineId: string; newQuantity: string | null; newPrice: string | null }[] }>`
    SELECT a.id::text, a.amend_no, a.contract_id::text, a.new_tolerance::text, a.new_valid_to::text,
           coalesce((SELECT json_agg(json_build_object('contractLineId', al.contract_line_id::text, 'newQuantity', al.new_quantity::text, 'newPrice', al.new_price::text) ORDER BY al.seq)
                       FROM wb_contract_amend_line al WHERE al.amend_id = a.id), '[]') AS lines
      FROM wb_contract_amend a WHERE a.id = ANY(${ids}::bigint[]) ORDER BY a.id`.execute(tx);
  return rows.map((r) => ({ id: r.id, amendNo: r.amend_no, contractId: r.contract_id, newTolerance: r.new_tolerance, newValidTo: r.new_valid_to, lines: r.lines }));
}

export interface LockedContract {
  contractNo: string;
  status: string;
  tolerance: string;
  validFrom: string;
  validTo: string;
  lines: { id: string; seq: number; quantity: string; price: string | null; drawn: string }[];
}

/** The contract and its lines locked in the fixed order, with what the notices draw on each line. */
export async function lockContract(tx: Tx, contractId: string): Promise<LockedContract> {
  const { rows } = await sql<{ contract_no: string; doc_status: string; tolerance: string; valid_from: string; valid_to: string }>`
    SELECT contract_no, doc_status, tolerance::text, valid_from::text, valid_to::text FROM wb_contract WHERE id = ${contractId}::bigint FOR UPDATE`.execute(tx);
  const lines = await sql<{ id: string; seq: number; quantity: string; price: string | null }>`
    SELECT id::text, seq, quantity::text, price::text FROM wb_contract_line WHERE contract_id = ${contractId}::bigint ORDER BY id FOR UPDATE`.execute(tx);
  const drawn = await sql<{ id: string; drawn: string }>`
    SELECT l.id::text, ${drawnBy(sql`l.id`)} AS drawn FROM wb_contract_line l WHERE l.contract_id = ${contractId}::bigint`.execute(tx);
  const drawnOf = new Map(drawn.rows.map((r) => [r.id, r.drawn]));
  const c = rows[0];
  return {
    contractNo: c.contract_no, status: c.doc_status, tolerance: c.tolerance, validFrom: c.valid_from, validTo: c.valid_to,
    lines: lines.rows.map((l) => ({ ...l, drawn: drawnOf.get(l.id) ?? '0' })),
  };
}

export interface ChangeRow { contractLineId: string | null; field: string; before: string | null; after: string | null }

/** Writes an amendment's new values on its contract and keeps what each replaced. */
export async function applyAmendment(tx: Tx, orgId: string, userId: string, a: AmendmentToApply, changes: ChangeRow[]): Promise<void> {
  if (a.newTolerance !== null || a.newValidTo !== null) {
    await sql`UPDATE wb_contract SET tolerance = coalesce(${a.newTolerance}::numeric, tolerance), valid_to = coalesce(${a.newValidTo}::date, valid_to),
      version = version + 1, updated_at = now(), updated_by = ${userId}::bigint WHERE id = ${a.contractId}::bigint`.execute(tx);
  }
  for (const l of a.lines) {
    await sql`UPDATE wb_contract_line SET quantity = coalesce(${l.newQuantity}::numeric, quantity), price = coalesce(${l.newPrice}::numeric, price),
      version = version + 1, updated_at = now(), updated_by = ${userId}::bigint WHERE id = ${l.contractLineId}::bigint AND contract_id = ${a.contractId}::bigint`.execute(tx);
  }
  if (changes.length === 0) return;
  await tx.insertInto('wb_contract_change').values(changes.map((c) => ({
    org_id: orgId, contract_id: a.contractId, amend_id: a.id, contract_line_id: c.contractLineId, field: c.field, before_value: c.before, after_value: c.after, changed_by: userId,
  }))).execute();
}

/** The contract of an amendment, as its form names it: the company's, of the amendment's kind. */
export async function contractOfKind(tx: Tx, orgId: string, contractId: string): Promise<{ kind: string; status: string; contractNo: string } | null> {
  const { rows } = await sql<{ kind: string; doc_status: string; contract_no: string }>`
    SELECT kind, doc_status, contract_no FROM wb_contract WHERE org_id = ${orgId} AND id = ${contractId}::bigint`.execute(tx);
  return rows[0] ? { kind: rows[0].kind, status: rows[0].doc_status, contractNo: rows[0].contract_no } : null;
}

/** Which of the contract lines belong to the contract. */
export async function linesOfContract(tx: Tx, contractId: string, lineIds: string[]): Promise<Set<string>> {
  const { rows } = await sql<{ id: string }>`
    SELECT id::text FROM wb_contract_line WHERE contract_id = ${contractId}::bigint AND id = ANY(${lineIds}::bigint[])`.execute(tx);
  return new Set(rows.map((r) => r.id));
}

/** The company's own group companies: the receiving company of an allot contract. */
export async function isPeerCompany(tx: Tx, orgId: string, groupId: string, peer: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM sys_org WHERE id = ${peer}::bigint AND group_id = ${groupId}::bigint AND id <> ${orgId}::bigint`.execute(tx);
  return rows.length > 0;
}
