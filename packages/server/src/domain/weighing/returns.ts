import Decimal from 'decimal.js';
import { CURRENCY_LIMIT, ticketUnitPrice } from '@wb/protocol';
import { AppError, badRequest } from '../../platform/http/errors';
import { nextNumbers } from '../../platform/numbering/repo';
import { returnGrant } from '../licence/draw';
import { uncompleteOnLine } from '../notice/quantity';
import type { ChangeNote } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import type { Noted } from './actions';
import { priceNote, ticketNote } from './log-notes';
import { TICKET_KIND_INFO, ticketNumbering, type TicketKind } from './kinds';
import * as repo from './repo';
import { followTicketAmount, returnConsumption } from '../money/ledger';
import type { Tx } from './repo';
import { basisAmount } from './rules/amount';
import { decideTicketAction } from './rules/transitions';
import { manualTicketGate } from './approval';
import { ticketFacts } from './second';

/**
 * Return goods (退货): the goods of a finished ticket go back, so a reverse ticket is made from it,
 * once (the original locked first; wb_ticket_return_uq the backstop), with the same truck, parties,
 * material and weights, and the original's net leaves the notice line's done. The reverse ticket is
 * completed, then audited and posted like any ticket: its posting turns its original's stock records
 * round (stock/rules/returns.ts), so the original must be posted first, and cannot be reverse-posted
 * while its return is. A posted ticket may be returned: that is the usual case (the goods were
 * booked, and go back).
 */
export async function returnGoods(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: TicketKind, id: string): Promise<Noted<{ id: string; ticketNo: string }>> {
  const t = await repo.lockTicket(tx, who.orgId, id);
  if (!t || t.kind !== kind) throw new AppError(404, `${TICKET_KIND_INFO[kind].label}不存在: ${id}`, 'id');
  await manualTicketGate(tx, who, kind, 'returnGoods', [t]);
  const d = decideTicketAction(await ticketFacts(tx, who.orgId, t, false), 'returnGoods');
  if (!d.ok) throw badRequest(d.message, 'id');
  const source = await tx.selectFrom('wb_ticket').selectAll().where('id', '=', t.id).executeTakeFirstOrThrow();
  const [ticketNo] = await nextNumbers(tx, {
    orgId: who.orgId, ...ticketNumbering(kind), count: 1,
    taken: (codes) => repo.ticketNumbersTaken(tx, who.orgId, codes),
    highestSerial: (stem) => repo.highestTicketSerial(tx, who.orgId, stem),
  });
  const now = new Date();
  const newId = await repo.insertTicket(tx, {
    org_id: who.orgId, kind, ticket_no: ticketNo as string, state: 'COMPLETED', side: source.side, notice_id: source.notice_id,
    notice_line_id: source.notice_line_id, material_id: source.material_id, warehouse_id: source.warehouse_id, to_warehouse_id: source.to_warehouse_id,
    vendor_id: source.vendor_id, customer_id: source.customer_id, carrier_id: source.carrier_id, vehicle_id: source.vehicle_id,
    plate_number: source.plate_number, driver_name: source.driver_name, driver_id_number: source.driver_id_number, first_is: source.first_is,
    gross: source.gross, gross_time: source.gross_time, tare: source.tare, tare_time: source.tare_time, tare_source: source.tare_source,
    deduct_total: source.deduct_total, net: source.net, price: source.price,
    amount: source.amount === null ? null : new Decimal(source.amount).neg().toFixed(), completed_at: now, source_ticket_id: source.id,
    remark: `退货：原磅单 ${source.ticket_no}`, created_by: who.userId, updated_by: who.userId,
    // the goods go back to the batch they were loaded from: its remaining takes the return's net back (domain/batch columns.ts)
    batch_id: source.batch_id, silo_id: source.silo_id ?? null,
  });
  if (source.notice_line_id && source.net !== null) await uncompleteOnLine(tx, who.orgId, source.notice_line_id, source.net);
  await returnGrant(tx, who.orgId, source.id, newId);
  await returnConsumption(tx, who, source, { id: newId, ticketNo: ticketNo as string });
  // both tickets: "who returned this ticket" and "where does this return come from" are each one search
  return {
    reply: { id: newId, ticketNo: ticketNo as string },
    notes: [ticketNote(kind, 'returnGoods', source.ticket_no, `退货磅单 ${ticketNo}`), ticketNote(kind, 'returnGoods', ticketNo as string, `退货自磅单 ${source.ticket_no}`)],
  };
}

/**
 * 修改单价: the unit price of finished tickets, and their amount with it (net x price, money
 * precision); the price is then the hand's (MANUAL), and the reason goes into the log entry.
 */
export async function modifyPrice(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: TicketKind, ids: string[], price: Decimal, reason: string): Promise<Noted<{ count: number }>> {
  const params = await repo.weighParams(tx, who.orgId);
  const unitPrice = ticketUnitPrice(price, params.unitPricePrecision);
  // 999999999999999.6 rounds up to what the price column no longer holds
  if (unitPrice.gte(CURRENCY_LIMIT)) throw badRequest(`单价应小于${CURRENCY_LIMIT.toFixed()}`, 'price');
  const sorted = [...new Set(ids)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const notes: ChangeNote[] = [];
  for (const id of sorted) {
    const t = await repo.lockTicket(tx, who.orgId, id);
    if (!t || t.kind !== kind) throw new AppError(404, `${TICKET_KIND_INFO[kind].label}不存在: ${id}`, 'ids');
    await manualTicketGate(tx, who, kind, 'modifyPrice', [t]);
    const d = decideTicketAction(await ticketFacts(tx, who.orgId, t, false), 'modifyPrice');
    if (!d.ok) throw badRequest(d.message, 'ids');
    const amount = t.net === null ? { ok: true as const, amount: null } : basisAmount(t, new Decimal(t.net), unitPrice, params.moneyPrecision, t.quality_price_adjust);
    if (!amount.ok) throw badRequest(`磅单 ${t.ticket_no} ${amount.message}`, 'price');
    const signed = amount.amount !== null && t.source_ticket_id ? new Decimal(amount.amount).neg().toFixed() : amount.amount;
    await repo.updateTicket(tx, who.orgId, t.id, {
      price: unitPrice.toFixed(), amount: signed, updated_by: who.userId, price_source: 'MANUAL', price_ref: null, price_label: `手工改价：${reason}`,
    });
    await followTicketAmount(tx, who, t);
    notes.push(priceNote(kind, t.ticket_no, { before: t.price, after: unitPrice.toFixed() }, { before: t.amount, after: signed }, reason));
  }
  return { reply: { count: sorted.length }, notes };
}
