import Decimal from 'decimal.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, SettlementState } from '../../platform/db/schema';
import { SETTLE_KINDS, type SettleKind } from './kinds';
import { excludedCounts, ROUNDING_REASON, type AdjustFigures, type ExcludedCount, type ExcludedReason, type RoundingFigures, type RowSums, type SettleRow, type SettleTicket, type SettleTotals, type SettleWagon } from './rules';

/** The goods settlement's SQL: its header locked, the candidates, the claim of tickets, its rows and totals. */
export type Tx = Transaction<DB>;

export interface SettleHeader {
  id: string;
  kind: SettleKind;
  settleNo: string;
  state: SettlementState;
  partyId: string;
  materialId: string | null;
  contractId: string | null;
  periodFrom: Date;
  periodTo: Date;
  ticketCount: number;
  totalAmount: string;
  paidAmount: string;
  invoicedAmount: string;
  version: number;
}

const HEADER_COLUMNS = ['id', 'kind', 'settle_no', 'state', 'vendor_id', 'customer_id', 'peer_org_id', 'material_id', 'contract_id', 'period_from', 'period_to',
  'ticket_count', 'total_amount', 'paid_amount', 'invoiced_amount', 'version'] as const;

/** The goods settlement of this kind and company, locked (FOR UPDATE): the first lock every settlement action takes. */
export async function lockSettlement(tx: Tx, orgId: string, kind: SettleKind | null, id: string): Promise<SettleHeader | null> {
  let q = tx.selectFrom('wb_settlement').select(HEADER_COLUMNS).where('org_id', '=', orgId).where('scope', '=', 'GOODS').where('id', '=', id);
  if (kind) q = q.where('kind', '=', kind);
  const row = await q.forUpdate().executeTakeFirst();
  if (!row) return null;
  const k = row.kind as SettleKind;
  return {
    id: row.id, kind: k, settleNo: row.settle_no, state: row.state, partyId: String(row[SETTLE_KINDS[k].partyColumn]), materialId: row.material_id,
    contractId: row.contract_id, periodFrom: row.period_from, periodTo: row.period_to, ticketCount: row.ticket_count, totalAmount: row.total_amount,
    paidAmount: row.paid_amount, invoicedAmount: row.invoiced_amount, version: row.version,
  };
}

/** The filters a settlement's candidates are chosen by. */
export interface CandidateQuery { kind: SettleKind; partyId: string; periodFrom: Date; periodTo: Date; materialId: string | null; contractId: string | null }

/**
 * The party's tickets of the kind a goods settlement counts: audited or posted, with a net, not a
 * return (a return is its own ticket and is settled where it falls), completed in [from, to).
 */
function countedSql(orgId: string, q: CandidateQuery) {
  return sql`${periodSql(orgId, q)} AND t.state IN ('AUDITED', 'POSTED') AND t.net IS NOT NULL`;
}

/** The party's tickets of the kind completed in [from, to) (of the material when named), returns left out: what the counted ones are chosen from. */
function periodSql(orgId: string, q: CandidateQuery) {
  const party = q.kind === 'pu' ? sql`t.vendor_id = ${q.partyId}::bigint`
    : q.kind === 'sa' ? sql`t.customer_id = ${q.partyId}::bigint`
      : sql`t.side = 'DISPATCH' AND EXISTS (SELECT 1 FROM wb_notice n WHERE n.id = t.notice_id AND n.peer_org_id = ${q.partyId}::bigint)`;
  return sql`t.org_id = ${orgId} AND t.kind = ${q.kind} AND ${party} AND t.source_ticket_id IS NULL
    AND t.completed_at >= ${q.periodFrom} AND t.completed_at < ${q.periodTo}
    AND (${q.materialId}::bigint IS NULL OR t.material_id = ${q.materialId}::bigint)`;
}

/** The contract a ticket was weighed under: its notice line's contract line. */
const CONTRACT_JOIN = sql`LEFT JOIN wb_notice_line l ON l.id = t.notice_line_id
  LEFT JOIN wb_contract_line cl ON cl.id = l.contract_line_id
  LEFT JOIN wb_contract c ON c.id = cl.contract_id`;

/**
 * A candidate: a counted ticket of the header's contract (when it names one) that no goods
 * settlement but `holder` holds (no GOODS row: an anti-join on the rows' UNIQUE (scope, ticket_id)).
 * Reads `t` and the contract `c` of CONTRACT_JOIN.
 */
function candidateSql(orgId: string, q: CandidateQuery, holder: string | null) {
  return sql`${countedSql(orgId, q)}
       AND NOT EXISTS (SELECT 1 FROM wb_settlement_row r WHERE r.scope = 'GOODS' AND r.ticket_id = t.id
                          AND (${holder}::bigint IS NULL OR r.settlement_id <> ${holder}::bigint))
       AND (${q.contractId}::bigint IS NULL OR c.id = ${q.contractId}::bigint)`;
}

/**
 * What a ticket's row is computed from, read alike for a candidate and for the pound list under its
 * locks (so the candidate shows what the row will hold): its own columns, its contract's basis and
 * tax rate, its QUALITY deduction and the site's deductions by kind (the hidden one is no party's).
 * Reads `t` and the contract joins of CONTRACT_JOIN.
 */
const FIGURES = sql`t.id::text, t.ticket_no, t.completed_at, t.material_id::text, t.notice_id::text, c.id::text AS contract_id, coalesce(c.settle_basis, 'OUR_NET') AS basis,
  t.net::text, t.shipped_quantity::text AS shipped, t.price::text, t.quality_price_adjust::text AS qpa, coalesce(l.tax_rate, cl.tax_rate, c.tax_rate)::text AS tax_rate,
  coalesce((SELECT d.amount FROM wb_ticket_deduction d WHERE d.ticket_id = t.id AND d.kind = 'QUALITY'), 0)::text AS quality,
  coalesce((SELECT jsonb_object_agg(d.kind, d.amount::text) FROM wb_ticket_deduction d WHERE d.ticket_id = t.id AND d.kind NOT IN ('QUALITY', 'HIDDEN')), '{}'::jsonb) AS site,
  t.price_basis, t.gauge_volume::text AS gauge_volume`;

/** A row of FIGURES as the rules read it. */
function settleTicketOf(r: Record<string, unknown>): SettleTicket {
  return {
    id: r.id as string, ticketNo: r.ticket_no as string, completedAt: (r.completed_at as Date | null) ?? null, materialId: (r.material_id as string | null) ?? null,
    noticeId: (r.notice_id as string | null) ?? null, contractId: (r.contract_id as string | null) ?? null, basis: r.basis as SettleTicket['basis'],
    net: (r.net as string | null) ?? '0', shipped: (r.shipped as string | null) ?? null, qualityDeduction: r.quality as string,
    siteDeductions: (r.site as SettleTicket['siteDeductions'] | null) ?? {}, price: (r.price as string | null) ?? null, qualityPriceAdjust: r.qpa as string,
    taxRate: (r.tax_rate as string | null) ?? null,
    ...(r.price_basis === 'VOLUME' ? { priceBasis: 'VOLUME' as const, gaugeVolume: (r.gauge_volume as string | null) ?? null } : {}),
  };
}

/** A candidate ticket: what the list shows of it and what its row is computed from. */
export interface CandidateTicket extends SettleTicket { plateNumber: string; materialName: string | null; contractNo: string | null }

/** 磅单候选 (weight lists): the unsettled counted tickets of the party and period (and those `holder` holds), in completion order. */
export async function candidates(tx: Tx | Kysely<DB>, orgId: string, q: CandidateQuery, limit: number, holder: string | null = null): Promise<CandidateTicket[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${FIGURES}, t.plate_number, m.inv_name AS material_name, c.contract_no
      FROM wb_ticket t
      LEFT JOIN md_material m ON m.id = t.material_id
      ${CONTRACT_JOIN}
     WHERE ${candidateSql(orgId, q, holder)}
     ORDER BY t.completed_at, t.id
     LIMIT ${limit}`.execute(tx);
  return rows.map((r) => ({
    ...settleTicketOf(r), plateNumber: r.plate_number as string, materialName: (r.material_name as string | null) ?? null, contractNo: (r.contract_no as string | null) ?? null,
  }));
}

/**
 * Why the party's tickets of the period are not candidates, counted by reason in one statement
 * (the first reason that holds, in the order of EXCLUDED_REASONS): not weighed out, not audited,
 * closed, without a net, held by another goods settlement (one count per holder), of another
 * contract. Voided tickets and returns are nobody's candidates and are not counted.
 */
export async function excludedSummary(tx: Tx | Kysely<DB>, orgId: string, q: CandidateQuery, holder: string | null = null): Promise<ExcludedCount[]> {
  const { rows } = await sql<{ reason: ExcludedReason; settle_no: string | null; n: number }>`
    SELECT x.reason, CASE WHEN x.reason = 'HELD' THEN x.settle_no END AS settle_no, count(*)::int AS n FROM (
      SELECT CASE WHEN t.state IN ('FIRST_WEIGHED', 'CONFIRMED') THEN 'NOT_COMPLETED'
                  WHEN t.state = 'COMPLETED' THEN 'NOT_AUDITED'
                  WHEN t.state = 'CLOSED' THEN 'CLOSED'
                  WHEN t.net IS NULL THEN 'NO_NET'
                  WHEN h.settle_no IS NOT NULL THEN 'HELD'
                  ELSE 'OTHER_CONTRACT' END AS reason,
             h.settle_no
        FROM wb_ticket t
        ${CONTRACT_JOIN}
        LEFT JOIN LATERAL (SELECT s.settle_no FROM wb_settlement_row r JOIN wb_settlement s ON s.id = r.settlement_id
                            WHERE r.scope = 'GOODS' AND r.ticket_id = t.id AND (${holder}::bigint IS NULL OR r.settlement_id <> ${holder}::bigint) LIMIT 1) h ON true
       WHERE ${periodSql(orgId, q)} AND t.state <> 'OBSOLETE'
         AND (${candidateSql(orgId, q, holder)}) IS NOT TRUE
    ) x
    GROUP BY 1, 2
    ORDER BY 1, 2`.execute(tx);
  return excludedCounts(rows.map((r) => ({ reason: r.reason, settleNo: r.reason === 'HELD' ? r.settle_no : null, count: r.n })));
}

/** A chosen (or held) ticket under its row lock: what the claim decides on and what its row is computed from. */
export interface LockedTicket extends SettleTicket { counted: boolean; chosen: boolean; settledById: string | null; settledByNo: string | null }

/**
 * The chosen tickets and those the settlement holds now, under their row locks, taken in id order
 * in one statement (the weighing's batch actions lock tickets in id order too, and one statement
 * keeps two settlements swapping tickets from locking each other's in opposite orders), each with
 * whether it is one the settlement may count and the figures its row is computed from (its own
 * columns, its QUALITY deduction, its contract's basis and tax rate); a ticket that is not the
 * company's is missing.
 */
export async function lockPoundList(tx: Tx, orgId: string, s: SettleHeader, ids: readonly string[] | null): Promise<Map<string, LockedTicket>> {
  const q: CandidateQuery = { kind: s.kind, partyId: s.partyId, periodFrom: s.periodFrom, periodTo: s.periodTo, materialId: s.materialId, contractId: null };
  // no ids: every candidate, chosen and locked in this one statement (not listed first and locked after)
  const chosen = ids === null ? candidateSql(orgId, { ...q, contractId: s.contractId }, s.id) : sql`t.id = ANY(${ids as string[]}::bigint[])`;
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${FIGURES}, (${countedSql(orgId, q)}) AS counted, (${chosen}) AS chosen
      FROM wb_ticket t
      ${CONTRACT_JOIN}
     WHERE t.org_id = ${orgId}
       AND ((${chosen}) OR t.id IN (SELECT r.ticket_id FROM wb_settlement_row r WHERE r.settlement_id = ${s.id}::bigint AND r.ticket_id IS NOT NULL))
     ORDER BY t.id
       FOR UPDATE OF t`.execute(tx);
  // read after the locks, in a statement of its own: its snapshot sees the rows of a settlement that
  // held these tickets' locks and committed while we waited (the lock statement's would not)
  const held = await holders(tx, rows.map((r) => r.id as string));
  return new Map(rows.map((r) => [r.id as string, {
    ...settleTicketOf(r), counted: r.counted as boolean, chosen: r.chosen as boolean, settledById: held.get(r.id as string)?.id ?? null,
    settledByNo: held.get(r.id as string)?.no ?? null,
  }]));
}

/**
 * The wagons of the party's audited trains (轨道衡) of the kind, arrived in [from, to) (of the
 * material when named: the wagon's, else its train's), weighed: what a settlement counts beside the
 * tickets. An allot settles no wagons (a train is bought or sold). Reads `w` and its train `tr`.
 */
function wagonCountedSql(orgId: string, q: CandidateQuery) {
  const party = q.kind === 'pu' ? sql`tr.vendor_id = ${q.partyId}::bigint` : q.kind === 'sa' ? sql`tr.customer_id = ${q.partyId}::bigint` : sql`false`;
  return sql`tr.org_id = ${orgId} AND tr.kind = ${q.kind} AND ${party} AND tr.doc_status = 'AUDITED'
    AND tr.arrived_at >= ${q.periodFrom} AND tr.arrived_at < ${q.periodTo} AND w.net IS NOT NULL
    AND (${q.materialId}::bigint IS NULL OR coalesce(w.material_id, tr.material_id) = ${q.materialId}::bigint)`;
}

/** A candidate wagon: a counted one of the header's contract (when it names one) no goods settlement but `holder` holds (UNIQUE (scope, wagon_id), 095). */
function wagonCandidateSql(orgId: string, q: CandidateQuery, holder: string | null) {
  return sql`${wagonCountedSql(orgId, q)}
       AND NOT EXISTS (SELECT 1 FROM wb_settlement_row r WHERE r.scope = 'GOODS' AND r.wagon_id = w.id
                          AND (${holder}::bigint IS NULL OR r.settlement_id <> ${holder}::bigint))
       AND (${q.contractId}::bigint IS NULL OR tr.contract_id = ${q.contractId}::bigint)`;
}

/**
 * What a wagon's row is computed from (rules.ts settleWagonRow): its net, the charged over-tolerance
 * loss, the price and tax rate its train's audit stamped, numbered 车次/车号, dated at the arrival.
 */
const WAGON_FIGURES = sql`w.id::text, tr.train_no || '/' || w.wagon_no AS ticket_no, tr.arrived_at AS completed_at,
  coalesce(w.material_id, tr.material_id)::text AS material_id, tr.notice_id::text, tr.contract_id::text, w.net::text, w.waybill::text,
  coalesce(w.charged, 0)::text AS charged, w.price::text, w.tax_rate::text`;

function settleWagonOf(r: Record<string, unknown>): SettleWagon {
  return {
    id: r.id as string, ticketNo: r.ticket_no as string, completedAt: (r.completed_at as Date | null) ?? null, materialId: (r.material_id as string | null) ?? null,
    noticeId: (r.notice_id as string | null) ?? null, contractId: (r.contract_id as string | null) ?? null, net: (r.net as string | null) ?? '0',
    waybill: (r.waybill as string | null) ?? null, charged: r.charged as string, price: (r.price as string | null) ?? null, taxRate: (r.tax_rate as string | null) ?? null,
  };
}

/** A candidate wagon: what the list shows of it and what its row is computed from. */
export interface CandidateWagon extends SettleWagon { trainNo: string; wagonNo: string; materialName: string | null; contractNo: string | null }

/** The unsettled counted wagons of the party and period (and those `holder` holds), in arrival order, train by train. */
export async function candidateWagons(tx: Tx | Kysely<DB>, orgId: string, q: CandidateQuery, limit: number, holder: string | null = null): Promise<CandidateWagon[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${WAGON_FIGURES}, tr.train_no, w.wagon_no, m.inv_name AS material_name, c.contract_no
      FROM wb_wagon w JOIN wb_train tr ON tr.id = w.train_id
      LEFT JOIN md_material m ON m.id = coalesce(w.material_id, tr.material_id)
      LEFT JOIN wb_contract c ON c.id = tr.contract_id
     WHERE ${wagonCandidateSql(orgId, q, holder)}
     ORDER BY tr.arrived_at, tr.id, w.seq, w.id
     LIMIT ${limit}`.execute(tx);
  return rows.map((r) => ({
    ...settleWagonOf(r), trainNo: r.train_no as string, wagonNo: r.wagon_no as string, materialName: (r.material_name as string | null) ?? null,
    contractNo: (r.contract_no as string | null) ?? null,
  }));
}

/** A chosen (or held) wagon under its row lock, as lockPoundList's tickets. */
export interface LockedWagon extends SettleWagon { counted: boolean; chosen: boolean; settledById: string | null; settledByNo: string | null }

/**
 * The chosen wagons and those the settlement holds now, locked in id order in one statement (after
 * the tickets: every settlement action takes them in this order), then read in a statement of its
 * own: whether each is one the settlement may count (its train still audited: a reverse audit
 * locks the wagons too and waits), its figures, and the settlement holding it. No ids: every
 * candidate wagon. A wagon not the company's is missing.
 */
export async function lockWagons(tx: Tx, orgId: string, s: SettleHeader, ids: readonly string[] | null): Promise<Map<string, LockedWagon>> {
  const q: CandidateQuery = { kind: s.kind, partyId: s.partyId, periodFrom: s.periodFrom, periodTo: s.periodTo, materialId: s.materialId, contractId: null };
  const chosen = ids === null ? wagonCandidateSql(orgId, { ...q, contractId: s.contractId }, s.id) : sql`w.id = ANY(${ids as string[]}::bigint[])`;
  const held = sql`w.id IN (SELECT r.wagon_id FROM wb_settlement_row r WHERE r.settlement_id = ${s.id}::bigint AND r.wagon_id IS NOT NULL)`;
  const { rows: locked } = await sql<{ id: string }>`
    SELECT w.id::text FROM wb_wagon w JOIN wb_train tr ON tr.id = w.train_id
     WHERE w.org_id = ${orgId} AND ((${chosen}) OR ${held})
     ORDER BY w.id
       FOR UPDATE OF w`.execute(tx);
  if (locked.length === 0) return new Map();
  const lockedIds = locked.map((r) => r.id);
  // a fresh snapshot: the train's state and the holders as they are once the locks are ours
  const again = ids === null ? wagonCandidateSql(orgId, { ...q, contractId: s.contractId }, s.id) : chosen;
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${WAGON_FIGURES}, (${wagonCountedSql(orgId, q)}) AS counted, (${again}) AS chosen
      FROM wb_wagon w JOIN wb_train tr ON tr.id = w.train_id
     WHERE w.id = ANY(${lockedIds}::bigint[])
     ORDER BY w.id`.execute(tx);
  const by = await wagonHolders(tx, lockedIds);
  return new Map(rows.map((r) => [r.id as string, {
    ...settleWagonOf(r), counted: r.counted === true, chosen: r.chosen === true, settledById: by.get(r.id as string)?.id ?? null, settledByNo: by.get(r.id as string)?.no ?? null,
  }]));
}

/** The goods settlement holding each of these wagons (its row's claim), by wagon id. */
export async function wagonHolders(tx: Tx | Kysely<DB>, wagonIds: readonly string[]): Promise<Map<string, { id: string; no: string }>> {
  if (wagonIds.length === 0) return new Map();
  const { rows } = await sql<{ wagon_id: string; id: string; no: string }>`
    SELECT r.wagon_id::text, s.id::text, s.settle_no AS no FROM wb_settlement_row r JOIN wb_settlement s ON s.id = r.settlement_id
     WHERE r.scope = 'GOODS' AND r.wagon_id = ANY(${wagonIds as string[]}::bigint[])`.execute(tx);
  return new Map(rows.map((r) => [r.wagon_id, { id: r.id, no: r.no }]));
}

/** The goods settlement holding each of these tickets (its row's claim), by ticket id. */
export async function holders(tx: Tx, ticketIds: readonly string[]): Promise<Map<string, { id: string; no: string }>> {
  if (ticketIds.length === 0) return new Map();
  const { rows } = await sql<{ ticket_id: string; id: string; no: string }>`
    SELECT r.ticket_id::text, s.id::text, s.settle_no AS no FROM wb_settlement_row r JOIN wb_settlement s ON s.id = r.settlement_id
     WHERE r.scope = 'GOODS' AND r.ticket_id = ANY(${ticketIds as string[]}::bigint[])`.execute(tx);
  return new Map(rows.map((r) => [r.ticket_id, { id: r.id, no: r.no }]));
}

/** How many tickets the settlement holds: its rows, the claim (deleting them, saveRows, frees the tickets). */
export async function heldCount(tx: Tx, orgId: string, settlementId: string): Promise<number> {
  const row = await tx.selectFrom('wb_settlement_row').select(sql<number>`count(*)::int`.as('n')).where('org_id', '=', orgId).where('settlement_id', '=', settlementId).executeTakeFirstOrThrow();
  return row.n;
}

/** A sub-settlement as saved: its seq, number, batch and the rows' sums. */
export interface FdToSave { seq: number; fdNo: string; noticeId: string | null; contractId: string | null; materialId: string | null; rows: SettleRow[]; totals: SettleTotals }

/**
 * The rows and sub-settlements replaced by these, in one statement each (a month's 10,000 rows in
 * one round trip, read by json_to_recordset).
 */
export async function saveRows(tx: Tx, orgId: string, settlementId: string, fds: readonly FdToSave[]): Promise<void> {
  await tx.deleteFrom('wb_settlement_row').where('org_id', '=', orgId).where('settlement_id', '=', settlementId).execute();
  await tx.deleteFrom('wb_settlement_fd').where('org_id', '=', orgId).where('settlement_id', '=', settlementId).execute();
  if (fds.length === 0) return;
  const fdIds = await tx.insertInto('wb_settlement_fd').values(fds.map((f) => ({
    org_id: orgId, settlement_id: settlementId, seq: f.seq, fd_no: f.fdNo, notice_id: f.noticeId, contract_id: f.contractId, material_id: f.materialId,
    ticket_count: f.totals.ticketCount, total_net: f.totals.totalNet, total_quantity: f.totals.totalQuantity, total_volume: f.totals.totalVolume, total_amount: f.totals.rowsAmount,
    total_tax: f.totals.rowsTax, total_amount_ex_tax: f.totals.rowsAmountExTax,
  }))).returning(['id', 'seq']).execute();
  const idOf = new Map(fdIds.map((f) => [f.seq, f.id]));
  let seq = 0;
  const rows = fds.flatMap((f) => f.rows.map((r) => ({
    fd_id: idOf.get(f.seq), seq: ++seq, ticket_id: r.ticketId, wagon_id: r.wagonId, ticket_no: r.ticketNo, completed_at: r.completedAt, material_id: r.materialId, notice_id: r.noticeId,
    contract_id: r.contractId, basis: r.basis, net: r.net, shipped: r.shipped, gross_net: r.grossNet, basis_quantity: r.basisQuantity,
    quality_deduction: r.qualityDeduction, quantity: r.quantity, price: r.price, quality_price_adjust: r.qualityPriceAdjust, unit_price: r.unitPrice,
    tax_rate: r.taxRate, amount: r.amount, tax: r.tax, amount_ex_tax: r.amountExTax, unit_price_ex_tax: r.unitPriceExTax, deductions: r.deductions,
    price_basis: r.priceBasis ?? 'NET',
  })));
  await sql`INSERT INTO wb_settlement_row (org_id, settlement_id, scope, fd_id, seq, ticket_id, wagon_id, ticket_no, completed_at, material_id, notice_id, contract_id,
      basis, net, shipped, gross_net, basis_quantity, quality_deduction, quantity, price, quality_price_adjust, unit_price, tax_rate, amount, tax, amount_ex_tax, unit_price_ex_tax,
      deductions, price_basis)
    SELECT ${orgId}::bigint, ${settlementId}::bigint, 'GOODS', x.fd_id, x.seq, x.ticket_id, x.wagon_id, x.ticket_no, x.completed_at, x.material_id, x.notice_id, x.contract_id,
      x.basis, x.net, x.shipped, x.gross_net, x.basis_quantity, x.quality_deduction, x.quantity, x.price, x.quality_price_adjust, x.unit_price, x.tax_rate, x.amount, x.tax,
      x.amount_ex_tax, x.unit_price_ex_tax, coalesce(x.deductions, '{}'::jsonb), x.price_basis
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(fd_id bigint, seq integer, ticket_id bigint, wagon_id bigint, ticket_no text, completed_at timestamptz, material_id bigint,
        notice_id bigint, contract_id bigint, basis text, net numeric, shipped numeric, gross_net numeric, basis_quantity numeric, quality_deduction numeric, quantity numeric,
        price numeric, quality_price_adjust numeric, unit_price numeric, tax_rate numeric, amount numeric, tax numeric, amount_ex_tax numeric, unit_price_ex_tax numeric,
        deductions jsonb, price_basis text)`.execute(tx);
}

/** The sums of the stored rows and adjustment rows, exact (numeric), as the totals read them. */
export async function storedSums(tx: Tx, settlementId: string): Promise<{ rows: RowSums; adjusts: AdjustFigures }> {
  const { rows } = await sql<Record<string, string>>`
    SELECT r.n::text AS n, r.net, r.quantity, r.volume, r.amount, r.tax, r.ex_tax, a.quantity AS a_quantity, a.amount AS a_amount, a.tax AS a_tax, a.ex_tax AS a_ex_tax
      FROM (SELECT count(*) AS n, coalesce(sum(net), 0)::text AS net, coalesce(sum(quantity) FILTER (WHERE price_basis = 'NET'), 0)::text AS quantity,
                   coalesce(sum(quantity) FILTER (WHERE price_basis = 'VOLUME'), 0)::text AS volume, coalesce(sum(amount), 0)::text AS amount,
                   coalesce(sum(tax), 0)::text AS tax, coalesce(sum(amount_ex_tax), 0)::text AS ex_tax
              FROM wb_settlement_row WHERE settlement_id = ${settlementId}::bigint) r,
           (SELECT coalesce(sum(quantity), 0)::text AS quantity, coalesce(sum(amount), 0)::text AS amount, coalesce(sum(tax), 0)::text AS tax,
                   coalesce(sum(amount_ex_tax), 0)::text AS ex_tax
              FROM wb_settlement_adjust WHERE settlement_id = ${settlementId}::bigint AND NOT auto_rounding) a`.execute(tx);
  const x = rows[0];
  return {
    rows: { ticketCount: Number(x.n), net: x.net, quantity: x.quantity, volume: x.volume, amount: x.amount, tax: x.tax, amountExTax: x.ex_tax },
    adjusts: { quantity: x.a_quantity, amount: x.a_amount, tax: x.a_tax, amountExTax: x.a_ex_tax },
  };
}

/**
 * The settlement's automatic rounding row (migration 061) says what rounding its total to the cent
 * added: updated in place, added after the other rows when there was none, deleted when nothing.
 */
export async function saveRounding(tx: Tx, orgId: string, settlementId: string, r: RoundingFigures, userId: string | null): Promise<void> {
  const zero = new Decimal(r.amount).isZero() && new Decimal(r.tax).isZero() && new Decimal(r.amountExTax).isZero();
  if (zero) {
    await tx.deleteFrom('wb_settlement_adjust').where('settlement_id', '=', settlementId).where('auto_rounding', '=', true).execute();
    return;
  }
  const updated = await tx.updateTable('wb_settlement_adjust').set({ amount: r.amount, tax: r.tax, amount_ex_tax: r.amountExTax })
    .where('settlement_id', '=', settlementId).where('auto_rounding', '=', true).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await tx.insertInto('wb_settlement_adjust').values({
    org_id: orgId, settlement_id: settlementId, seq: await nextSeq(tx, 'wb_settlement_adjust', settlementId), reason_kind: 'ROUNDING', reason: ROUNDING_REASON,
    quantity: '0', amount: r.amount, tax: r.tax, amount_ex_tax: r.amountExTax, auto_rounding: true, created_by: userId,
  }).execute();
}

/** The header's totals and version moved; `confirmed` stamps the pound list fixed (or not, when it is emptied). */
export async function saveTotals(tx: Tx, orgId: string, s: Pick<SettleHeader, 'id' | 'version'>, t: SettleTotals, userId: string | null, confirmed?: boolean): Promise<void> {
  await tx.updateTable('wb_settlement').set({
    ticket_count: t.ticketCount, total_net: t.totalNet, total_quantity: t.totalQuantity, total_volume: t.totalVolume, rows_amount: t.rowsAmount, rows_tax: t.rowsTax,
    rows_amount_ex_tax: t.rowsAmountExTax, adjust_amount: t.adjustAmount, adjust_tax: t.adjustTax, total_amount: t.totalAmount, total_tax: t.totalTax,
    total_amount_ex_tax: t.totalAmountExTax, version: s.version + 1, updated_at: new Date(), updated_by: userId,
    ...(confirmed === undefined ? {} : { pounds_confirmed_at: confirmed ? new Date() : null }),
  }).where('org_id', '=', orgId).where('id', '=', s.id).execute();
}

export async function setState(tx: Tx, orgId: string, s: Pick<SettleHeader, 'id' | 'version'>, state: SettlementState, userId: string | null): Promise<void> {
  const now = new Date();
  await tx.updateTable('wb_settlement').set({
    state, version: s.version + 1, updated_at: now, updated_by: userId,
    ...(state === 'DRAFT' ? { examined_at: null, examined_by: null } : {}),
    ...(state === 'EXAMINED' ? { examined_at: sql`coalesce(examined_at, ${now})`, examined_by: sql`coalesce(examined_by, ${userId}::bigint)`, paid_at: null } : {}),
    ...(state === 'PAID' ? { paid_at: now } : {}),
    ...(state === 'CLOSED' ? { closed_at: now, closed_by: userId } : {}),
  }).where('org_id', '=', orgId).where('id', '=', s.id).execute();
}

/** The next seq of a settlement's child table (adjustment rows, payments): the header's lock serialises them. */
export async function nextSeq(tx: Tx, table: 'wb_settlement_adjust' | 'wb_settlement_payment', settlementId: string): Promise<number> {
  const r = await tx.selectFrom(table).select(sql<number>`coalesce(max(seq), 0) + 1`.as('next')).where('settlement_id', '=', settlementId).executeTakeFirstOrThrow();
  return Number(r.next);
}
