import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import { liveRecordCount, postRecords, reverseRecords, type NewRecord, type StockPosting } from './ledger';
import { ticketMovements, type Movement } from './rules/movements';
import { returnMovements, returnStillPosted } from './rules/returns';
import { addressOfMovement } from './address/rules';

/**
 * What "down" and "reversedown" of a weigh ticket write to stock. Both run in the CALLER's
 * transaction (the ticket's own action), so the ticket's state and its stock move together or not
 * at all; neither changes the ticket row itself (its state and posted_at are the caller's).
 *
 *   postTicketStock(tx, orgId, ticketId, userId): Promise<StockPosting>
 *     Locks the ticket (FOR UPDATE: the caller may have locked it already), refuses a ticket that has
 *     live records (磅单 X 已记账，不能重复记账), a ticket without net, material or warehouse; writes
 *     the records rules/movements.ts decides (IN: pu, pr, al/tr receive; OUT: sa, al/tr dispatch;
 *     OUT and IN for a one-ticket transfer) with quantity = net, and moves the balances.
 *     A return ticket (source_ticket_id set) posts its original's live records turned round
 *     (rules/returns.ts), each naming the original in its remark; its original must be posted
 *     (原磅单 X 未过账，退货单 Y 不能过账). It locks the original too: callers that lock tickets
 *     themselves lock the original first (it is the older ticket, the lower id), so the batch's id
 *     order holds.
 *   reverseTicketStock(tx, orgId, ticketId, userId): Promise<StockPosting>
 *     Locks the ticket, refuses one without live records (磅单 X 未记账，不能反记账), stamps its
 *     records reversed (they stay for the history) and moves the balances back. An original whose
 *     return is posted is refused (磅单 X 的退货单 Y 已过账，不能反过账): the return's records stood on
 *     its own. A return's posting holds its original's lock, so the two cannot pass each other.
 *
 *   correctTicketStock(tx, orgId, ticketId, before, after, userId): Promise<StockPosting>
 *     A posted ticket's net changed afterwards (the lab's quality deduction or its recheck,
 *     domain/quality apply.ts): each live record of the ticket gets a correcting record of the
 *     difference (its own direction when the net grew, the other one when it shrank), a source of
 *     its own (corrects_ticket_id, remark 更正：磅单 X 净重 a -> b), and the balances move. Nothing for
 *     a ticket without live records or an unchanged net. Locks the ticket (the caller holds it
 *     already). reverseTicketStock takes the corrections back with the ticket's records, and a
 *     return posted later turns round the corrected quantities.
 *
 * All three answer { records, warnings }: warnings name balances left below zero (allowed with a warning
 * unless the organisation's negativeStockCheck is forbid, which refuses with a 400: rules/balance.ts).
 * Refusals are AppErrors (400 naming the field, 404 for a ticket not in orgId): the caller's
 * transaction rolls back. Posting twice is impossible: the ticket lock makes a second posting wait
 * and then see the first; the unique index wb_stock_record_live_uq is the backstop.
 */
type Tx = Transaction<DB>;

async function lockTicket(tx: Tx, orgId: string, ticketId: string) {
  const t = await tx
    .selectFrom('wb_ticket')
    .select(['id', 'ticket_no', 'kind', 'side', 'first_is', 'warehouse_id', 'to_warehouse_id', 'material_id', 'net', 'source_ticket_id', 'stock_address_id'])
    .where('org_id', '=', orgId)
    .where('id', '=', ticketId)
    .forUpdate()
    .executeTakeFirst();
  if (!t) throw AppError.of('notFound', `磅单不存在: ${ticketId}`, 'id');
  return t;
}

export async function postTicketStock(tx: Tx, orgId: string, ticketId: string, userId: string | null): Promise<StockPosting> {
  const t = await lockTicket(tx, orgId, ticketId);
  const already = `磅单 ${t.ticket_no} 已记账，不能重复记账`;
  if (await liveRecordCount(tx, orgId, 'ticket_id', [t.id]) > 0) throw badRequest(already, 'ids');
  if (t.source_ticket_id !== null) return postRecords(tx, orgId, userId, await returnRecords(tx, orgId, t), already);
  const decision = ticketMovements({
    ticketNo: t.ticket_no, kind: t.kind, side: t.side, firstIs: t.first_is, warehouseId: t.warehouse_id,
    toWarehouseId: t.to_warehouse_id, materialId: t.material_id, net: t.net,
  });
  if (!decision.ok) throw badRequest(decision.message, decision.field);
  const address = await ticketAddress(tx, orgId, t.stock_address_id ?? null);
  const records = decision.movements.map((m) => ({ ...m, source: { ticketId: t.id }, stockAddressId: addressOfMovement(m.warehouseId, address) }));
  return postRecords(tx, orgId, userId, records, already);
}

export async function reverseTicketStock(tx: Tx, orgId: string, ticketId: string, userId: string | null): Promise<StockPosting> {
  const t = await lockTicket(tx, orgId, ticketId);
  const posted = await postedReturnNo(tx, orgId, t.id);
  if (posted !== null) throw badRequest(returnStillPosted(t.ticket_no, posted), 'ids');
  const reversed = await reverseRecords(tx, orgId, userId, 'ticket_id', [t.id]);
  if (reversed.records === 0) throw badRequest(`磅单 ${t.ticket_no} 未记账，不能反记账`, 'ids');
  // its corrections go with it: posted again, the ticket's records carry its net of today
  const corrections = await reverseRecords(tx, orgId, userId, 'corrects_ticket_id', [t.id]);
  return { records: reversed.records + corrections.records, warnings: [...reversed.warnings, ...corrections.warnings] };
}

const turned = (d: Movement['direction']): Movement['direction'] => (d === 'IN' ? 'OUT' : 'IN');

export async function correctTicketStock(
  tx: Tx, orgId: string, ticketId: string, before: Decimal.Value, after: Decimal.Value, userId: string | null,
): Promise<StockPosting> {
  const change = new Decimal(after).minus(before);
  if (change.isZero()) return { records: 0, warnings: [] };
  const t = await lockTicket(tx, orgId, ticketId);
  const { rows } = await sql<{ direction: Movement['direction']; warehouse_id: string; material_id: string; stock_address_id: string | null }>`
    SELECT direction, warehouse_id::text, material_id::text, stock_address_id::text FROM wb_stock_record
     WHERE org_id = ${orgId} AND ticket_id = ${t.id} AND reversed_at IS NULL ORDER BY id`.execute(tx);
  if (rows.length === 0) return { records: 0, warnings: [] };
  const remark = `更正：磅单 ${t.ticket_no} 净重 ${new Decimal(before).toFixed()} -> ${new Decimal(after).toFixed()}`;
  const records: NewRecord[] = rows.map((r) => ({
    direction: change.gt(0) ? r.direction : turned(r.direction), warehouseId: r.warehouse_id, materialId: r.material_id,
    quantity: change.abs().toFixed(), source: { correctsTicketId: t.id }, remark, stockAddressId: r.stock_address_id,
  }));
  return postRecords(tx, orgId, userId, records, `磅单 ${t.ticket_no} 的库存更正已记账`);
}

/** The ticket's stock address and its warehouse (migration 081), or null. */
async function ticketAddress(tx: Tx, orgId: string, id: string | null): Promise<{ id: string; warehouseId: string } | null> {
  if (id === null) return null;
  const a = await tx.selectFrom('md_stock_address').select(['id', 'warehouse_id']).where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  return a ? { id: a.id, warehouseId: a.warehouse_id } : null;
}

/** The records of a return ticket: its original's live records turned round, naming the original. */
async function returnRecords(
  tx: Tx, orgId: string, t: { id: string; ticket_no: string; source_ticket_id: string | null; stock_address_id?: string | null },
): Promise<NewRecord[]> {
  const source = await lockTicket(tx, orgId, t.source_ticket_id as string);
  const sourceRecords = await liveTicketRecords(tx, orgId, source.id);
  const decision = returnMovements({ returnNo: t.ticket_no, sourceNo: source.ticket_no, sourceRecords });
  if (!decision.ok) throw badRequest(decision.message, 'ids');
  // the goods go back where the original took them from, unless the return names its own place
  const own = await ticketAddress(tx, orgId, t.stock_address_id ?? null);
  return decision.movements.map((m, i) => ({
    ...m, source: { ticketId: t.id }, remark: `退货：原磅单 ${source.ticket_no}`,
    stockAddressId: addressOfMovement(m.warehouseId, own) ?? sourceRecords[i].stockAddressId,
  }));
}

/** A ticket's live records as they stand: each with its corrections (same warehouse and material) counted in. */
async function liveTicketRecords(tx: Tx, orgId: string, ticketId: string): Promise<(Movement & { stockAddressId: string | null })[]> {
  const { rows } = await sql<{ direction: string; warehouse_id: string; material_id: string; quantity: string; corrects_ticket_id: string | null; stock_address_id: string | null }>`
    SELECT direction, warehouse_id::text, material_id::text, quantity::text, corrects_ticket_id::text, stock_address_id::text FROM wb_stock_record
     WHERE org_id = ${orgId} AND (ticket_id = ${ticketId} OR corrects_ticket_id = ${ticketId}) AND reversed_at IS NULL ORDER BY id`.execute(tx);
  const own = rows.filter((r) => r.corrects_ticket_id === null);
  return own.map((r) => {
    const quantity = rows.filter((c) => c.corrects_ticket_id !== null && c.warehouse_id === r.warehouse_id && c.material_id === r.material_id)
      .reduce((q, c) => (c.direction === r.direction ? q.plus(c.quantity) : q.minus(c.quantity)), new Decimal(r.quantity));
    return { direction: r.direction as Movement['direction'], warehouseId: r.warehouse_id, materialId: r.material_id, quantity: quantity.toFixed(), stockAddressId: r.stock_address_id };
  });
}

/** The number of a return of this ticket that has live records, if any. */
async function postedReturnNo(tx: Tx, orgId: string, ticketId: string): Promise<string | null> {
  const row = await tx.selectFrom('wb_ticket as r').select('r.ticket_no').where('r.org_id', '=', orgId).where('r.source_ticket_id', '=', ticketId)
    .where((eb) => eb.exists(eb.selectFrom('wb_stock_record as s').select('s.id').whereRef('s.ticket_id', '=', 'r.id').where('s.reversed_at', 'is', null)))
    .executeTakeFirst();
  return row?.ticket_no ?? null;
}

export type { StockPosting };
