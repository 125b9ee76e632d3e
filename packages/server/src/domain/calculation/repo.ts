import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { NoticeLinePrice } from '../price/resolve';
import { CALC_KINDS, type CalcKind } from './kinds';
import type { CalcRow, CalcTotals, CountedTicket, TicketNow } from './rules';

/** The calculation's SQL: its header locked, the period's tickets, its rows, the tickets' lock columns. */
export type Tx = Transaction<DB>;

export interface CalcHeader {
  id: string;
  kind: CalcKind;
  calcNo: string;
  partyId: string;
  materialId: string | null;
  periodFrom: Date;
  periodTo: Date;
  lockState: 'OPEN' | 'LOCKED';
  calculatedVersion: number | null;
  version: number;
}

/** The calculation of this kind and company, locked (FOR UPDATE); null when there is none. */
export async function lockCalculation(tx: Tx, orgId: string, kind: CalcKind, id: string): Promise<CalcHeader | null> {
  const k = CALC_KINDS[kind];
  const row = await tx.selectFrom('wb_calculation')
    .select(['id', 'kind', 'calc_no', 'customer_id', 'peer_org_id', 'material_id', 'period_from', 'period_to', 'lock_state', 'calculated_version', 'version'])
    .where('org_id', '=', orgId).where('kind', '=', kind).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id, kind: row.kind, calcNo: row.calc_no, partyId: (k.partyColumn === 'customer_id' ? row.customer_id : row.peer_org_id) as string,
    materialId: row.material_id, periodFrom: row.period_from, periodTo: row.period_to, lockState: row.lock_state,
    calculatedVersion: row.calculated_version, version: row.version,
  };
}

/** A counted ticket with what its price resolution reads: its notice line's price as it stands now and the truck's route. */
export interface PeriodTicket extends CountedTicket {
  noticeLineId: string | null;
  noticeLine: NoticeLinePrice | null;
  routeId: string | null;
}

/** At most this many tickets in one calculation: a longer period is split. */
export const MAX_TICKETS = 5000;

/**
 * The period's tickets of the party: completed, audited or posted within [from, to), not voided,
 * not a return (a return is its own ticket, settled where it falls), not locked by another
 * document (this calculation's own lock counts as none), in completion order.
 */
export async function periodTickets(tx: Tx, orgId: string, c: CalcHeader, lockKind: string): Promise<PeriodTicket[]> {
  const party = c.kind === 'sa'
    ? sql`t.kind = 'sa' AND t.customer_id = ${c.partyId}::bigint`
    : sql`t.kind = 'al' AND t.side = 'DISPATCH' AND n.peer_org_id = ${c.partyId}::bigint`;
  const { rows } = await sql<Record<string, unknown>>`
    SELECT t.id::text, t.ticket_no, t.completed_at, t.material_id::text, t.net::text, t.price::text, t.amount::text, t.price_basis, t.gauge_volume::text,
           t.notice_line_id::text, l.price::text AS line_price, n.notice_no, l.seq, coalesce(r.line_id, n.line_id)::text AS route_id
      FROM wb_ticket t
      LEFT JOIN wb_notice n ON n.id = t.notice_id
      LEFT JOIN wb_notice_line l ON l.id = t.notice_line_id
      LEFT JOIN wb_registry r ON r.id = t.registry_id
     WHERE t.org_id = ${orgId} AND ${party}
       AND t.state IN ('COMPLETED', 'AUDITED', 'POSTED') AND t.net IS NOT NULL AND t.source_ticket_id IS NULL
       AND t.completed_at >= ${c.periodFrom} AND t.completed_at < ${c.periodTo}
       AND (${c.materialId}::bigint IS NULL OR t.material_id = ${c.materialId}::bigint)
       AND (t.locked_by_id IS NULL OR (t.locked_by_kind = ${lockKind} AND t.locked_by_id = ${c.id}::bigint))
     ORDER BY t.completed_at, t.id
     LIMIT ${MAX_TICKETS + 1}`.execute(tx);
  return rows.map((r) => ({
    id: r.id as string, ticketNo: r.ticket_no as string, completedAt: r.completed_at as Date | null, materialId: (r.material_id as string | null) ?? null,
    net: r.net as string, price: (r.price as string | null) ?? null, amount: (r.amount as string | null) ?? null,
    priceBasis: r.price_basis as CountedTicket['priceBasis'], gaugeVolume: (r.gauge_volume as string | null) ?? null,
    noticeLineId: (r.notice_line_id as string | null) ?? null,
    noticeLine: r.notice_line_id ? { price: (r.line_price as string | null) ?? null, noticeNo: r.notice_no as string, seq: Number(r.seq) } : null,
    routeId: (r.route_id as string | null) ?? null,
  }));
}

/** The rows replaced by these, and the header's totals, stamped as calculated at the version it moves to. */
export async function saveCalculation(tx: Tx, orgId: string, c: CalcHeader, rows: readonly CalcRow[], totals: CalcTotals, userId: string): Promise<void> {
  await tx.deleteFrom('wb_calculation_row').where('org_id', '=', orgId).where('calculation_id', '=', c.id).execute();
  const chunk = 500;
  for (let i = 0; i < rows.length; i += chunk) {
    await tx.insertInto('wb_calculation_row').values(rows.slice(i, i + chunk).map((r, j) => ({
      org_id: orgId, calculation_id: c.id, seq: i + j + 1, ticket_id: r.ticketId, ticket_no: r.ticketNo, completed_at: r.completedAt, material_id: r.materialId,
      net: r.net, price_carried: r.priceCarried, price_in_force: r.priceInForce, price_source: r.priceSource, price_label: r.priceLabel,
      amount_carried: r.amountCarried, amount_in_force: r.amountInForce, difference: r.difference, price_basis: r.priceBasis, gauge_volume: r.gaugeVolume,
    }))).execute();
  }
  await tx.updateTable('wb_calculation').set({
    ticket_count: totals.ticketCount, total_net: totals.totalNet, total_carried: totals.totalCarried, total_in_force: totals.totalInForce,
    total_difference: totals.totalDifference, calculated_at: new Date(), calculated_version: c.version + 1, version: c.version + 1,
    updated_at: new Date(), updated_by: userId,
  }).where('org_id', '=', orgId).where('id', '=', c.id).execute();
}

export interface StoredRow { ticketId: string; ticketNo: string; net: string; priceCarried: string | null; amountCarried: string }

/** The calculation's rows in ticket id order: the order its tickets are locked in. */
export async function storedRows(tx: Tx, calculationId: string): Promise<StoredRow[]> {
  const rows = await tx.selectFrom('wb_calculation_row').select(['ticket_id', 'ticket_no', 'net', 'price_carried', 'amount_carried'])
    .where('calculation_id', '=', calculationId).orderBy('ticket_id').execute();
  return rows.map((r) => ({ ticketId: r.ticket_id, ticketNo: r.ticket_no, net: r.net, priceCarried: r.price_carried, amountCarried: r.amount_carried }));
}

/**
 * The tickets under their row locks, taken in id order in one statement (the LockRows step sits
 * above the sort), as the lock decides on them; a ticket that is gone is missing from the map.
 */
export async function lockTicketsNow(tx: Tx, orgId: string, ticketIds: string[]): Promise<Map<string, TicketNow>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await tx.selectFrom('wb_ticket').select(['id', 'ticket_no', 'state', 'net', 'price', 'amount', 'locked_by_kind', 'locked_by_id', 'locked_by_no'])
    .where('org_id', '=', orgId).where('id', 'in', ticketIds).orderBy('id').forUpdate().execute();
  return new Map(rows.map((t) => [t.id, {
    ticketNo: t.ticket_no, counted: t.state === 'COMPLETED' || t.state === 'AUDITED' || t.state === 'POSTED', net: t.net, price: t.price, amount: t.amount,
    lock: t.locked_by_kind && t.locked_by_id && t.locked_by_no ? { kind: t.locked_by_kind, id: t.locked_by_id, no: t.locked_by_no } : null,
  }]));
}

/**
 * The tickets take the calculation's lock; the version moves, so a form read before it saves a
 * conflict. The caller holds their row locks already.
 */
export async function setTicketLocks(tx: Tx, orgId: string, ticketIds: string[], lock: { kind: string; id: string; no: string } | null, userId: string): Promise<void> {
  if (ticketIds.length === 0) return;
  await tx.updateTable('wb_ticket').set((eb) => ({
    locked_by_kind: lock?.kind ?? null, locked_by_id: lock?.id ?? null, locked_by_no: lock?.no ?? null,
    version: eb('version', '+', 1), updated_at: new Date(), updated_by: userId,
  })).where('org_id', '=', orgId).where('id', 'in', ticketIds).execute();
}

/** The tickets this calculation locks, row-locked in id order. */
export async function lockedTicketIds(tx: Tx, orgId: string, lockKind: string, calculationId: string): Promise<string[]> {
  const rows = await tx.selectFrom('wb_ticket').select('id').where('org_id', '=', orgId).where('locked_by_kind', '=', lockKind)
    .where('locked_by_id', '=', calculationId).orderBy('id').forUpdate().execute();
  return rows.map((r) => r.id);
}

export async function setLockState(tx: Tx, orgId: string, c: CalcHeader, locked: boolean, userId: string): Promise<void> {
  await tx.updateTable('wb_calculation').set({
    lock_state: locked ? 'LOCKED' : 'OPEN', locked_at: locked ? new Date() : null, locked_by: locked ? userId : null,
    // the lock changes nothing the rows were computed from: a locked calculation unlocked stays calculated
    calculated_version: c.calculatedVersion === c.version ? c.version + 1 : c.calculatedVersion,
    version: c.version + 1, updated_at: new Date(), updated_by: userId,
  }).where('org_id', '=', orgId).where('id', '=', c.id).execute();
}
