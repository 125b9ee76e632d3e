import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import type { DB, SettlementState, WbSettlement } from '../../platform/db/schema';
import type { Updateable } from 'kysely';
import { nextNumbers } from '../../platform/numbering/repo';
import { FS_NUMBERING, MAX_TICKETS, type FreightKind } from './kinds';
import { excludedCounts, ROUNDING_REASON, type ExcludedCount, type ExcludedReason } from '../settlement/rules';
import type { ClaimedTicket, FuelAdvance } from './rules';

/**
 * The freight settlement's SQL. It lives in the settlements' tables (migrations/048: wb_settlement
 * with scope FREIGHT, its rows, its adjustment rows, invoices and payments) and claims tickets
 * through wb_ticket.freight_settled_by_id/no and fuel-card advances through
 * wb_freight_fuel_advance.deducted_by_id/no.
 *
 * Lock order of every write: the settlement's row, then its tickets in id order (one
 * `SELECT ... ORDER BY id FOR UPDATE`, as the weighing's batch actions and the calculation lock
 * them), then the carrier's fuel advances in id order.
 */
export type Tx = Transaction<DB>;

/** from and to as the wire sends them (yyyy-MM-dd HH:mm:ss, read in the database's time zone as every document's times are) */
export interface Period { kind: FreightKind; carrierId: string; from: string; to: string; materialId: string | null }

/** A ticket as the freight rules price it. */
export interface FreightTicket {
  id: string;
  ticketNo: string;
  kind: FreightKind;
  carrierId: string | null;
  materialId: string | null;
  completedAt: Date | null;
  /** what was hauled: gross - tare, before the goods' deductions */
  hauled: string;
  net: string;
  shipped: string | null;
  /** the goods' unit price a shortage is charged at: the ticket's price plus the lab's change */
  goodsPrice: string;
  routeId: string | null;
}

const TICKET_COLUMNS = sql`t.id::text AS id, t.ticket_no, t.kind, t.carrier_id::text AS carrier_id, t.material_id::text AS material_id, t.completed_at,
  (abs(t.gross - t.tare))::text AS hauled, t.net::text AS net, t.shipped_quantity::text AS shipped,
  (coalesce(t.price, 0) + t.quality_price_adjust)::text AS goods_price, coalesce(r.line_id, n.line_id)::text AS route_id`;
const TICKET_JOINS = sql`LEFT JOIN wb_notice n ON n.id = t.notice_id LEFT JOIN wb_registry r ON r.id = t.registry_id`;

const toTicket = (r: Record<string, unknown>): FreightTicket => ({
  id: r.id as string, ticketNo: r.ticket_no as string, kind: r.kind as FreightKind, carrierId: (r.carrier_id as string | null) ?? null,
  materialId: (r.material_id as string | null) ?? null, completedAt: (r.completed_at as Date | null) ?? null, hauled: r.hauled as string, net: r.net as string,
  shipped: (r.shipped as string | null) ?? null, goodsPrice: r.goods_price as string, routeId: (r.route_id as string | null) ?? null,
});

/** Audited (or posted) tickets: completed with a net, not voided, not a return (a return is a ticket of its own). */
const COUNTED = sql`t.state IN ('AUDITED', 'POSTED') AND t.net IS NOT NULL AND t.gross IS NOT NULL AND t.tare IS NOT NULL AND t.source_ticket_id IS NULL`;

/**
 * The candidates (createList): the carrier's counted tickets of the kind completed within
 * [from, to), of the material when one is named, in no freight settlement, in completion order.
 * One more than the most a settlement takes, so the caller can say the period is too long.
 */
export async function candidates(tx: Tx, orgId: string, p: Period): Promise<FreightTicket[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${TICKET_COLUMNS} FROM wb_ticket t ${TICKET_JOINS}
     WHERE t.org_id = ${orgId} AND t.kind = ${p.kind} AND t.carrier_id = ${p.carrierId}::bigint AND ${COUNTED}
       AND t.freight_settled_by_id IS NULL
       AND t.completed_at >= ${p.from}::timestamptz AND t.completed_at < ${p.to}::timestamptz
       AND (${p.materialId}::bigint IS NULL OR t.material_id = ${p.materialId}::bigint)
     ORDER BY t.completed_at, t.id
     LIMIT ${MAX_TICKETS + 1}`.execute(tx);
  return rows.map(toTicket);
}

/**
 * Why the tickets of the kind and period (of the material when named) are not the carrier's
 * candidates, counted by reason in one statement (the first that holds): no carrier, another
 * carrier, not weighed out, not audited, closed, without a net, held by a freight settlement (one
 * count per holder). Voided tickets and returns are not counted.
 */
export async function excludedSummary(tx: Tx, orgId: string, p: Period): Promise<ExcludedCount[]> {
  const { rows } = await sql<{ reason: ExcludedReason; settle_no: string | null; n: number }>`
    SELECT x.reason, CASE WHEN x.reason = 'HELD' THEN x.settle_no END AS settle_no, count(*)::int AS n FROM (
      SELECT CASE WHEN t.carrier_id IS NULL THEN 'NO_CARRIER'
                  WHEN t.carrier_id <> ${p.carrierId}::bigint THEN 'OTHER_CARRIER'
                  WHEN t.state IN ('FIRST_WEIGHED', 'CONFIRMED') THEN 'NOT_COMPLETED'
                  WHEN t.state = 'COMPLETED' THEN 'NOT_AUDITED'
                  WHEN t.state = 'CLOSED' THEN 'CLOSED'
                  WHEN t.net IS NULL OR t.gross IS NULL OR t.tare IS NULL THEN 'NO_NET'
                  WHEN t.freight_settled_by_id IS NOT NULL THEN 'HELD' END AS reason,
             t.freight_settled_by_no AS settle_no
        FROM wb_ticket t
       WHERE t.org_id = ${orgId} AND t.kind = ${p.kind} AND t.source_ticket_id IS NULL AND t.state <> 'OBSOLETE'
         AND t.completed_at >= ${p.from}::timestamptz AND t.completed_at < ${p.to}::timestamptz
         AND (${p.materialId}::bigint IS NULL OR t.material_id = ${p.materialId}::bigint)
    ) x
   WHERE x.reason IS NOT NULL
   GROUP BY 1, 2
   ORDER BY 1, 2`.execute(tx);
  return excludedCounts(rows.map((r) => ({ reason: r.reason, settleNo: r.settle_no, count: r.n })));
}

/** What the clerk reads of a candidate beside its figures: the plate and the material's name. */
export async function candidateLabels(tx: Tx, orgId: string, ids: readonly string[]): Promise<Map<string, { plateNumber: string; materialName: string | null }>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: string; plate_number: string; material_name: string | null }>`
    SELECT t.id::text AS id, t.plate_number, (SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id) AS material_name
      FROM wb_ticket t WHERE t.org_id = ${orgId} AND t.id = ANY(${ids as string[]}::bigint[])`.execute(tx);
  return new Map(rows.map((r) => [r.id, { plateNumber: r.plate_number, materialName: r.material_name }]));
}

/**
 * The chosen tickets under their row locks, in id order in one statement, with what the claim
 * decides on; a ticket of another company is missing from the map.
 */
export async function lockTickets(tx: Tx, orgId: string, ids: readonly string[]): Promise<{ claim: Map<string, ClaimedTicket>; tickets: Map<string, FreightTicket> }> {
  const claim = new Map<string, ClaimedTicket>();
  const tickets = new Map<string, FreightTicket>();
  if (ids.length === 0) return { claim, tickets };
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${TICKET_COLUMNS}, t.freight_settled_by_no, (${COUNTED}) AS counted
      FROM wb_ticket t ${TICKET_JOINS}
     WHERE t.org_id = ${orgId} AND t.id = ANY(${ids}::bigint[])
     ORDER BY t.id FOR UPDATE OF t`.execute(tx);
  for (const r of rows) {
    const t = toTicket(r);
    tickets.set(t.id, t);
    claim.set(t.id, { ticketNo: t.ticketNo, kind: t.kind, carrierId: t.carrierId, counted: r.counted === true, freightSettledByNo: (r.freight_settled_by_no as string | null) ?? null });
  }
  return { claim, tickets };
}

/** The settlement's number, from the company's code rule (YFJS + day + serial by default). */
export async function settlementNumber(tx: Tx, orgId: string): Promise<string> {
  const [no] = await nextNumbers(tx, {
    orgId, ...FS_NUMBERING, count: 1,
    taken: async (codes) => new Set((await tx.selectFrom('wb_settlement').select('settle_no').where('org_id', '=', orgId).where('settle_no', 'in', codes).execute()).map((r) => r.settle_no)),
    highestSerial: async (stem) => {
      const { rows } = await sql<{ n: string | null }>`
        SELECT max(substr(settle_no, ${stem.length + 1})::numeric)::text AS n FROM wb_settlement
         WHERE org_id = ${orgId} AND left(settle_no, ${stem.length}) = ${stem} AND substr(settle_no, ${stem.length + 1}) ~ '^[0-9]{1,15}$'`.execute(tx);
      return Number(rows[0]?.n ?? 0);
    },
  });
  return no as string;
}

export interface NewHeader { orgId: string; settleNo: string; kind: FreightKind; carrierId: string; materialId: string | null; from: string; to: string; remark: string | null; userId: string }

export async function insertHeader(tx: Tx, h: NewHeader): Promise<string> {
  const row = await tx.insertInto('wb_settlement').values({
    org_id: h.orgId, scope: 'FREIGHT', kind: h.kind, settle_no: h.settleNo, carrier_id: h.carrierId, material_id: h.materialId,
    period_from: h.from, period_to: h.to, pounds_confirmed_at: new Date(), remark: h.remark, created_by: h.userId, updated_by: h.userId,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The tickets take the settlement (only those still in none: the column is the "at most one"; the
 * caller holds their row locks and has checked them, so a shortfall is a bug and rolls back).
 */
export async function claimTickets(tx: Tx, orgId: string, ids: readonly string[], s: { id: string; no: string }, userId: string): Promise<number> {
  if (ids.length === 0) return 0;
  const { numAffectedRows } = await sql`
    UPDATE wb_ticket SET freight_settled_by_id = ${s.id}::bigint, freight_settled_by_no = ${s.no}, version = version + 1, updated_at = now(), updated_by = ${userId}::bigint
     WHERE org_id = ${orgId} AND id = ANY(${ids}::bigint[]) AND freight_settled_by_id IS NULL`.execute(tx);
  return Number(numAffectedRows ?? 0);
}

/** The tickets this settlement holds let go (and only those), row-locked in id order first. */
export async function freeTickets(tx: Tx, orgId: string, settlementId: string, userId: string): Promise<number> {
  const held = await tx.selectFrom('wb_ticket').select('id').where('org_id', '=', orgId).where('freight_settled_by_id', '=', settlementId).orderBy('id').forUpdate().execute();
  if (held.length === 0) return 0;
  await tx.updateTable('wb_ticket').set((eb) => ({ freight_settled_by_id: null, freight_settled_by_no: null, version: eb('version', '+', 1), updated_at: new Date(), updated_by: userId }))
    .where('org_id', '=', orgId).where('id', 'in', held.map((r) => r.id)).execute();
  return held.length;
}

/**
 * The carrier's confirmed fuel-card advances not yet deducted (whatever the kind of the plan they
 * were given on: the carrier is paid as one party), row-locked in id order: two settlements of one
 * carrier queue here, and the second sees what the first deducted. Oldest first.
 */
export async function lockOpenAdvances(tx: Tx, orgId: string, carrierId: string): Promise<FuelAdvance[]> {
  const { rows } = await sql<{ id: string; amount: string; confirmed_at: Date }>`
    SELECT a.id::text, a.amount::text, a.confirmed_at FROM wb_freight_fuel_advance a
     WHERE a.org_id = ${orgId} AND a.carrier_id = ${carrierId}::bigint AND a.deducted_by_id IS NULL
     ORDER BY a.id FOR UPDATE`.execute(tx);
  return rows.sort((a, b) => a.confirmed_at.getTime() - b.confirmed_at.getTime() || Number(a.id) - Number(b.id)).map((r) => ({ id: r.id, amount: r.amount }));
}

export interface FsHeader {
  id: string; settleNo: string; kind: FreightKind; carrierId: string; state: SettlementState; ticketCount: number;
  rowsAmount: string; totalAmount: string; paidAmount: string; invoicedAmount: string; version: number;
}

/** A freight settlement of the company, locked (FOR UPDATE); null when there is none. */
export async function lockHeader(tx: Tx, orgId: string, id: string): Promise<FsHeader | null> {
  const r = await tx.selectFrom('wb_settlement').select(['id', 'settle_no', 'kind', 'carrier_id', 'state', 'ticket_count', 'rows_amount', 'total_amount', 'paid_amount', 'invoiced_amount', 'version'])
    .where('org_id', '=', orgId).where('scope', '=', 'FREIGHT').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id, settleNo: r.settle_no, kind: r.kind, carrierId: r.carrier_id as string, state: r.state, ticketCount: r.ticket_count, rowsAmount: String(r.rows_amount),
    totalAmount: String(r.total_amount), paidAmount: String(r.paid_amount), invoicedAmount: String(r.invoiced_amount), version: r.version,
  };
}

export async function deleteHeader(tx: Tx, orgId: string, id: string): Promise<void> {
  await tx.deleteFrom('wb_settlement').where('org_id', '=', orgId).where('scope', '=', 'FREIGHT').where('id', '=', id).execute();
}

/** What a freight row stores beyond the freight rules' figures. */
export interface RowToStore {
  ticket: FreightTicket;
  basis: 'OUR_NET' | 'SHIPPED' | 'LESSER';
  basisWeight: string;
  freightPrice: string;
  freightAmount: string;
  freightTax: string;
  freightWithoutTax: string;
  unitPriceWithoutTax: string;
  taxRate: string;
  shortage: string;
  lossCharge: string;
}

/**
 * The rows (one per ticket: quantity = the basis weight, price = the freight price, amount = the
 * freight), and the adjustment rows: each loss charge (LOSS, on its ticket, the shortage as its
 * quantity) and each fuel advance deducted (FUEL_ADVANCE), both negative and without tax.
 */
export async function insertRows(
  tx: Tx, orgId: string, settlementId: string, rows: readonly RowToStore[], advances: readonly { id: string; amount: string }[],
  rounding: { amount: string; tax: string; amountExTax: string }, userId: string,
): Promise<void> {
  const chunk = 500;
  for (let i = 0; i < rows.length; i += chunk) {
    await tx.insertInto('wb_settlement_row').values(rows.slice(i, i + chunk).map((r, j) => ({
      org_id: orgId, settlement_id: settlementId, scope: 'FREIGHT' as const, seq: i + j + 1, ticket_id: r.ticket.id, ticket_no: r.ticket.ticketNo,
      completed_at: r.ticket.completedAt, material_id: r.ticket.materialId, basis: r.basis, net: r.ticket.net, shipped: r.ticket.shipped, gross_net: r.ticket.hauled,
      basis_quantity: r.basisWeight, quantity: r.basisWeight, price: r.freightPrice, unit_price: r.freightPrice, tax_rate: r.taxRate,
      amount: r.freightAmount, tax: r.freightTax, amount_ex_tax: r.freightWithoutTax, unit_price_ex_tax: r.unitPriceWithoutTax,
    }))).execute();
  }
  const adjusts = [
    ...rows.filter((r) => r.lossCharge !== '0').map((r) => ({
      reason_kind: 'LOSS' as const, reason: `亏吨 ${r.shortage} 吨扣款`, ticket_id: r.ticket.id, ticket_no: r.ticket.ticketNo, quantity: r.shortage, amount: `-${r.lossCharge}`,
    })),
    ...advances.map((a) => ({ reason_kind: 'FUEL_ADVANCE' as const, reason: `油卡预付 ${a.id}`, ticket_id: null, ticket_no: null, quantity: '0', amount: `-${a.amount}` })),
  ];
  for (let i = 0; i < adjusts.length; i += chunk) {
    await tx.insertInto('wb_settlement_adjust').values(adjusts.slice(i, i + chunk).map((a, j) => ({
      org_id: orgId, settlement_id: settlementId, seq: i + j + 1, ...a, tax: '0', amount_ex_tax: a.amount, created_by: userId,
    }))).execute();
  }
  // the payable rounded to the cent once: what the rounding added, the automatic rounding row
  if (!new Decimal(rounding.amount).isZero() || !new Decimal(rounding.tax).isZero()) {
    await tx.insertInto('wb_settlement_adjust').values({
      org_id: orgId, settlement_id: settlementId, seq: adjusts.length + 1, reason_kind: 'ROUNDING', reason: ROUNDING_REASON, quantity: '0',
      amount: rounding.amount, tax: rounding.tax, amount_ex_tax: rounding.amountExTax, auto_rounding: true, created_by: userId,
    }).execute();
  }
}

export interface HeaderTotals {
  ticketCount: number; totalNet: string; totalQuantity: string; rowsAmount: string; rowsTax: string; rowsAmountExTax: string;
  adjustAmount: string; adjustTax: string; totalAmount: string; totalTax: string; totalAmountExTax: string;
}

export async function saveTotals(tx: Tx, orgId: string, settlementId: string, t: HeaderTotals, userId: string): Promise<void> {
  await tx.updateTable('wb_settlement').set({
    ticket_count: t.ticketCount, total_net: t.totalNet, total_quantity: t.totalQuantity, rows_amount: t.rowsAmount, rows_tax: t.rowsTax,
    rows_amount_ex_tax: t.rowsAmountExTax, adjust_amount: t.adjustAmount, adjust_tax: t.adjustTax, total_amount: t.totalAmount, total_tax: t.totalTax,
    total_amount_ex_tax: t.totalAmountExTax, updated_at: new Date(), updated_by: userId,
  }).where('org_id', '=', orgId).where('id', '=', settlementId).execute();
}

/** Whether the carrier is one of the company's (allocated to it). */
export async function carrierOfCompany(tx: Tx, orgId: string, carrierId: string): Promise<boolean> {
  const r = await tx.selectFrom('md_carrier_alloc').select('archive_id').where('org_id', '=', orgId).where('archive_id', '=', carrierId).executeTakeFirst();
  return r !== undefined;
}

/** The header's state and what moves with it; the version moves too, so a form read before it saves a conflict. */
export async function setState(tx: Tx, orgId: string, h: FsHeader, change: Updateable<WbSettlement>, userId: string): Promise<void> {
  await tx.updateTable('wb_settlement').set({ ...change, version: h.version + 1, updated_at: new Date(), updated_by: userId })
    .where('org_id', '=', orgId).where('id', '=', h.id).execute();
}

/** A payment to the carrier (OUT), numbered after the settlement's last. */
export async function insertPayment(tx: Tx, orgId: string, settlementId: string, p: { paidOn: string; method: 'BANK' | 'CASH' | 'ACCEPTANCE'; amount: string; reference: string | null }, userId: string): Promise<void> {
  const last = await tx.selectFrom('wb_settlement_payment').select((eb) => eb.fn.max('seq').as('seq')).where('settlement_id', '=', settlementId).executeTakeFirst();
  await tx.insertInto('wb_settlement_payment').values({
    org_id: orgId, settlement_id: settlementId, seq: Number(last?.seq ?? 0) + 1, direction: 'OUT', paid_on: p.paidOn, method: p.method, amount: p.amount,
    reference: p.reference, created_by: userId,
  }).execute();
}

export async function invoiceNoTaken(tx: Tx, orgId: string, invoiceNo: string): Promise<boolean> {
  return (await tx.selectFrom('wb_settlement_invoice').select('id').where('org_id', '=', orgId).where('invoice_no', '=', invoiceNo).executeTakeFirst()) !== undefined;
}

export async function insertInvoice(tx: Tx, orgId: string, settlementId: string, i: { invoiceNo: string; invoiceDate: string; amount: string; tax: string }, userId: string): Promise<void> {
  await tx.insertInto('wb_settlement_invoice').values({
    org_id: orgId, settlement_id: settlementId, invoice_no: i.invoiceNo, invoice_date: i.invoiceDate, amount: i.amount, tax: i.tax, created_by: userId,
  }).execute();
}

/** An un-examined settlement's rows, adjustment rows and totals go: its tickets were freed. */
export async function clearRows(tx: Tx, orgId: string, settlementId: string, userId: string): Promise<void> {
  await tx.deleteFrom('wb_settlement_row').where('org_id', '=', orgId).where('settlement_id', '=', settlementId).execute();
  await tx.deleteFrom('wb_settlement_adjust').where('org_id', '=', orgId).where('settlement_id', '=', settlementId).execute();
  await saveTotals(tx, orgId, settlementId, {
    ticketCount: 0, totalNet: '0', totalQuantity: '0', rowsAmount: '0', rowsTax: '0', rowsAmountExTax: '0', adjustAmount: '0', adjustTax: '0', totalAmount: '0', totalTax: '0', totalAmountExTax: '0',
  }, userId);
}

/** A draft filled again after un-examining: its period and material as now chosen. */
export async function refillHeader(tx: Tx, orgId: string, id: string, h: Pick<NewHeader, 'materialId' | 'from' | 'to' | 'remark'>): Promise<void> {
  await tx.updateTable('wb_settlement').set({ material_id: h.materialId, period_from: h.from, period_to: h.to, remark: h.remark, pounds_confirmed_at: new Date() })
    .where('org_id', '=', orgId).where('id', '=', id).execute();
}
