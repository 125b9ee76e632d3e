import Decimal from 'decimal.js';
import { AppError, badRequest } from '../../platform/http/errors';
import { nextNumbers } from '../../platform/numbering/repo';
import type { Who } from '../../platform/auth/who';
import type { Noted } from './actions';
import { tonsText as tons, ticketNote } from './log-notes';
import { TICKET_KIND_INFO, ticketNumbering, type TicketKind } from './kinds';
import * as repo from './repo';
import { mergeGrantDraws, splitGrantDraw } from '../licence/draw';
import { followMerge, followSplit } from '../money/ledger';
import type { TicketRow, Tx } from './repo';
import { mergeDeductions, planMerge, planSplit, type SplitPart, type Weighed } from './rules/merge-split';
import { basisAmount } from './rules/amount';
import { decideTicketAction } from './rules/transitions';
import { manualTicketGate } from './approval';
import { weightStep } from './rules/units';
import { ticketFacts } from './second';

/**
 * Merge and split of completed tickets, each in the caller's transaction with the tickets locked
 * in id order and each one decided on the transition table. The notice line does not move: its
 * done is the same sum, and its trips were driven. A controlled product's grant draw follows the
 * tickets (domain/licence draw.ts): the merged ticket draws the sum, split parts their parts.
 */
async function lockDecided(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: TicketKind, ids: string[], action: 'merge' | 'split'): Promise<TicketRow[]> {
  const rows: TicketRow[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))) {
    const t = await repo.lockTicket(tx, who.orgId, id);
    if (!t || t.kind !== kind) throw new AppError(404, `${TICKET_KIND_INFO[kind].label}不存在: ${id}`, 'ids');
    await manualTicketGate(tx, who, kind, action, [t]);
    const d = decideTicketAction(await ticketFacts(tx, who.orgId, t, false), action);
    if (!d.ok) throw badRequest(d.message, 'ids');
    // a gauged volume belongs to the one load the yard measured: it is neither summed nor shared out
    if (t.price_basis === 'VOLUME') throw badRequest(`磅单 ${t.ticket_no} 按检尺方量计价，不能${action === 'merge' ? '合并' : '拆分'}`, 'ids');
    rows.push(t);
  }
  return rows;
}

const weighed = (t: TicketRow): Weighed => ({
  code: t.ticket_no, materialId: t.material_id, noticeLineId: t.notice_line_id, gross: new Decimal(t.gross ?? 0), tare: new Decimal(t.tare ?? 0),
  deducted: new Decimal(t.deduct_total), net: new Decimal(t.net ?? 0),
});

/**
 * A merged or split ticket's amount, with the quality price change the ticket carries (the lab's
 * results priced it: a merge keeps the kept ticket's, a split part its source's); a merged net can
 * make one too large for its price.
 */
function amountOf(net: Decimal, t: Pick<TicketRow, 'price' | 'quality_price_adjust' | 'price_basis' | 'gauge_volume'>, precision: number): string | null {
  const amount = basisAmount(t, net, t.price, precision, t.quality_price_adjust);
  if (!amount.ok) throw badRequest(amount.message, 'price');
  return amount.amount;
}

/** 合并: the first (lowest id) keeps the sums; the others are voided as merged into it. */
export async function mergeTickets(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: TicketKind, ids: string[]): Promise<Noted<{ id: string; count: number }>> {
  const rows = await lockDecided(tx, who, kind, ids, 'merge');
  const plan = planMerge(rows.map(weighed));
  if (!plan.ok) throw badRequest(plan.message, 'ids');
  const [target, ...merged] = rows as [TicketRow, ...TicketRow[]];
  const params = await repo.weighParams(tx, who.orgId);
  await repo.updateTicket(tx, who.orgId, target.id, {
    gross: plan.gross.toFixed(), tare: plan.tare.toFixed(), deduct_total: plan.deducted.toFixed(), net: plan.net.toFixed(),
    amount: amountOf(plan.net, target, params.moneyPrecision), updated_by: who.userId,
  });
  // the kept ticket's deduction list adds up to its summed deduct total; the voided ones keep theirs for the history
  await repo.writeDeductionRows(tx, who.orgId, target.id, mergeDeductions(await repo.deductionRows(tx, rows.map((t) => t.id))), who.userId);
  for (const t of merged) {
    await repo.updateTicket(tx, who.orgId, t.id, { state: 'OBSOLETE', merged_into_id: target.id, remark: `已合并到磅单 ${target.ticket_no}`, updated_by: who.userId });
  }
  // a controlled product's draw: the kept ticket draws the sum (grant lines before the money: lock order)
  await mergeGrantDraws(tx, who.orgId, target.id, rows.map((t) => t.id), target.ticket_no, plan.net.toFixed());
  // the customer's money after the tickets (domain/money README: lock order)
  await followMerge(tx, who, target, merged);
  const into = merged.map((t) => t.ticket_no).join('、');
  return {
    reply: { id: target.id, count: rows.length },
    notes: [
      ticketNote(kind, 'merge', target.ticket_no, `合并磅单 ${into} 到本单；净重 ${tons(target.net)} -> ${tons(plan.net)}`),
      ...merged.map((t) => ticketNote(kind, 'merge', t.ticket_no, `合并到磅单 ${target.ticket_no}`)),
    ],
  };
}

/** 拆分: the ticket keeps the first part; each other part becomes a ticket of its own (shares: rules/merge-split.ts). */
export async function splitTicket(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: TicketKind, id: string, parts: Decimal[]): Promise<Noted<{ ids: string[] }>> {
  const [t] = await lockDecided(tx, who, kind, [id], 'split');
  if (!t) throw new AppError(404, `${TICKET_KIND_INFO[kind].label}不存在: ${id}`, 'id');
  const params = await repo.weighParams(tx, who.orgId);
  const [deductions = []] = await repo.deductionRows(tx, [t.id]);
  const plan = planSplit(weighed(t), deductions, parts, weightStep(params));
  if (!plan.ok) throw badRequest(plan.message, 'parts');
  const [kept, ...others] = plan.parts as [SplitPart, ...SplitPart[]];
  await repo.updateTicket(tx, who.orgId, t.id, {
    gross: kept.gross.toFixed(), tare: kept.tare.toFixed(), deduct_total: kept.deducted.toFixed(), net: kept.net.toFixed(),
    amount: amountOf(kept.net, t, params.moneyPrecision), updated_by: who.userId,
  });
  await repo.writeDeductionRows(tx, who.orgId, t.id, kept.deductions, who.userId);
  const source = await tx.selectFrom('wb_ticket').selectAll().where('id', '=', t.id).executeTakeFirstOrThrow();
  const numbers = await nextNumbers(tx, {
    orgId: who.orgId, ...ticketNumbering(kind), count: others.length,
    taken: (codes) => repo.ticketNumbersTaken(tx, who.orgId, codes),
    highestSerial: (stem) => repo.highestTicketSerial(tx, who.orgId, stem),
  });
  const ids: string[] = [];
  for (const [i, part] of others.entries()) {
    const partId = await repo.insertTicket(tx, {
      org_id: who.orgId, kind, ticket_no: numbers[i] as string, state: 'COMPLETED', side: source.side, notice_id: source.notice_id,
      notice_line_id: source.notice_line_id, material_id: source.material_id, warehouse_id: source.warehouse_id, to_warehouse_id: source.to_warehouse_id,
      vendor_id: source.vendor_id, customer_id: source.customer_id, carrier_id: source.carrier_id, vehicle_id: source.vehicle_id,
      plate_number: source.plate_number, driver_name: source.driver_name, driver_id_number: source.driver_id_number, first_is: source.first_is,
      // the times and the tare's source are the weighing's: the part is a share of it, not a new reading
      gross: part.gross.toFixed(), gross_time: source.gross_time, tare: part.tare.toFixed(), tare_time: source.tare_time, tare_source: source.tare_source,
      deduct_total: part.deducted.toFixed(), net: part.net.toFixed(),
      price: source.price, quality_price_adjust: source.quality_price_adjust, amount: amountOf(part.net, source, params.moneyPrecision), completed_at: source.completed_at, split_from_id: source.id,
      remark: `拆分自磅单 ${source.ticket_no}`, created_by: who.userId, updated_by: who.userId,
    });
    await repo.writeDeductionRows(tx, who.orgId, partId, part.deductions, who.userId);
    ids.push(partId);
  }
  // a controlled product's draw shared out as the net is, before the money (lock order)
  await splitGrantDraw(tx, who.orgId, t.id, t.ticket_no, [{ ticketId: t.id, net: kept.net }, ...others.map((p, i) => ({ ticketId: ids[i] as string, net: p.net }))]);
  await followSplit(tx, who, t, ids);
  const shares = [`${t.ticket_no} ${tons(kept.net)}`, ...others.map((p, i) => `${numbers[i]} ${tons(p.net)}`)].join('、');
  return {
    reply: { ids },
    notes: [
      ticketNote(kind, 'split', t.ticket_no, `净重 ${tons(t.net)} 拆分为 ${shares}`),
      ...others.map((p, i) => ticketNote(kind, 'split', numbers[i] as string, `拆分自磅单 ${t.ticket_no}，净重 ${tons(p.net)}`)),
    ],
  };
}
