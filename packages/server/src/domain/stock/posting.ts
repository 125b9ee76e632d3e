import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import { liveRecordCount, postRecords, reverseRecords, type StockPosting } from './ledger';
import { ticketMovements } from './rules/movements';

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
 *   reverseTicketStock(tx, orgId, ticketId, userId): Promise<StockPosting>
 *     Locks the ticket, refuses one without live records (磅单 X 未记账，不能反记账), stamps its
 *     records reversed (they stay for the history) and moves the balances back.
 *
 * Both answer { records, warnings }: warnings name balances left below zero (allowed with a warning
 * unless the organisation's negativeStockCheck is forbid, which refuses with a 400: rules/balance.ts).
 * Refusals are AppErrors (400 naming the field, 404 for a ticket not in orgId): the caller's
 * transaction rolls back. Posting twice is impossible: the ticket lock makes a second posting wait
 * and then see the first; the unique index wb_stock_record_live_uq is the backstop.
 */
type Tx = Transaction<DB>;

async function lockTicket(tx: Tx, orgId: string, ticketId: string) {
  const t = await tx
    .selectFrom('wb_ticket')
    .select(['id', 'ticket_no', 'kind', 'side', 'first_is', 'warehouse_id', 'to_warehouse_id', 'material_id', 'net'])
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
  const decision = ticketMovements({
    ticketNo: t.ticket_no, kind: t.kind, side: t.side, firstIs: t.first_is, warehouseId: t.warehouse_id,
    toWarehouseId: t.to_warehouse_id, materialId: t.material_id, net: t.net,
  });
  if (!decision.ok) throw badRequest(decision.message, decision.field);
  const records = decision.movements.map((m) => ({ ...m, source: { ticketId: t.id } }));
  return postRecords(tx, orgId, userId, records, already);
}

export async function reverseTicketStock(tx: Tx, orgId: string, ticketId: string, userId: string | null): Promise<StockPosting> {
  const t = await lockTicket(tx, orgId, ticketId);
  const reversed = await reverseRecords(tx, orgId, userId, 'ticket_id', [t.id]);
  if (reversed.records === 0) throw badRequest(`磅单 ${t.ticket_no} 未记账，不能反记账`, 'ids');
  return reversed;
}

export type { StockPosting };
