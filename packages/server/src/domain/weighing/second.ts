import Decimal from 'decimal.js';
import type { WeighingBody, WeighingReply } from '@wb/protocol';
import { AppError, badRequest, badRequestWith } from '../../platform/http/errors';
import { completeOnLine } from '../notice/quantity';
import { sourceOf, type Who } from './first';
import { identifiedBy, ticketOfSecond } from './identify';
import { TICKET_KIND_INFO, type TicketKind } from './kinds';
import { SOURCE_OF, TARE_SOURCE, weighingReply } from './reply';
import * as repo from './repo';
import type { TicketRow, Tx } from './repo';
import { decideSecondWeighing, type SecondWeighingPlan } from './rules/decide-second';
import type { Direction } from './rules/kinds';
import type { WeighingRecord } from './rules/snapshot';
import { taresAfterWeighing } from './rules/stored-tare';
import type { TicketFacts } from './rules/transitions';

/**
 * The second weighing completes the ticket in the caller's transaction: the ticket locked first (a
 * second call for it waits and then finds it completed), a retried call answered with its first
 * answer, the decision taken on what is locked, then the ticket, its reading, its deductions, the
 * notice line (domain/notice/quantity.ts) and the vehicle's stored tares written together.
 */
export async function secondWeighing(tx: Tx, who: Who, kind: TicketKind, body: WeighingBody): Promise<WeighingReply> {
  const earlier = await repo.replayedTicket(tx, who.orgId, body.stationId, body.requestId);
  if (earlier) return weighingReply(tx, who.orgId, earlier.ticketId, { replay: true });

  const ticketId = await ticketOfSecond(tx, who.orgId, body);
  const ticket = await repo.lockTicket(tx, who.orgId, ticketId);
  if (!ticket || ticket.kind !== kind) throw new AppError(404, `${TICKET_KIND_INFO[kind].label}不存在`, 'ticketId');
  const again = await repo.replayedTicket(tx, who.orgId, body.stationId, body.requestId);
  if (again) return weighingReply(tx, who.orgId, again.ticketId, { replay: true });

  const params = await repo.weighParams(tx, who.orgId);
  const material = await repo.materialFacts(tx, who.orgId, ticket.material_id);
  const { id: vehicleId, facts: vehicle } = await repo.vehicleFacts(tx, who.orgId, ticket.plate_number);
  const at = body.weighedAt ? new Date(body.weighedAt) : new Date();
  const source = sourceOf(body, params.weightUnit);
  const history = await repo.readingHistory(tx, who.orgId, ticket.plate_number, source.kind === 'scale' ? source.weight : null, at, params.sameWeightMinutes);
  const direction: Direction | null = ticket.side ? (ticket.side === 'DISPATCH' ? 'dispatch' : 'receive') : null;

  const plan = decideSecondWeighing({
    kind, direction, vehicle, material, params, history, at, source,
    ticket: { ...(await ticketFacts(tx, who.orgId, ticket, material.sceneConfirm)), first: firstRecord(ticket), deductions: await repo.ticketDeductions(tx, ticket.id) },
    lineRemaining: ticket.notice_line_id ? await lineRemaining(tx, who.orgId, ticket) : null,
  });
  if (!plan.ok) throw badRequestWith(plan.messages.map((message) => ({ field: 'weight', message })));

  await saveCompletion(tx, who, ticket, plan, params.moneyPrecision);
  await repo.insertWeighing(tx, {
    orgId: who.orgId, ticketId: ticket.id, reading: 'SECOND', record: plan.second, station: body.stationId, requestId: body.requestId,
    identifiedBy: identifiedBy(body), snapshots: body.snapshotFileIds, operatorId: who.userId,
  });
  await repo.saveDeductionAmounts(tx, who.orgId, ticket.id, plan.deductions, who.userId);
  if (ticket.notice_line_id) await completeOnLine(tx, who.orgId, ticket.notice_line_id, ticket.reserved_quantity, plan.net.toFixed());
  if (plan.weighedTare && vehicleId) await repo.saveVehicleTares(tx, who.orgId, vehicleId, taresAfterWeighing(vehicle, plan.weighedTare, at));
  return weighingReply(tx, who.orgId, ticket.id, { warnings: plan.warnings, swapped: plan.swapped, replay: false });
}

/** The ticket as its lifecycle sees it. */
export async function ticketFacts(tx: repo.Runner, orgId: string, t: Pick<TicketRow, 'id' | 'ticket_no' | 'state' | 'uploaded_at' | 'source_ticket_id' | 'gross' | 'tare'>, sceneConfirm: boolean): Promise<TicketFacts> {
  return {
    code: t.ticket_no, state: repo.STATE_FROM_DB[t.state] as TicketFacts['state'], uploaded: t.uploaded_at !== null, sceneConfirm,
    returned: await repo.hasReturn(tx, orgId, t.id), isReturn: t.source_ticket_id !== null, hasFirstWeighing: t.gross !== null || t.tare !== null,
  };
}

/** The first weighing as the ticket keeps it: its side, its figure and where the figure came from. */
function firstRecord(t: TicketRow): WeighingRecord {
  if (t.first_is === 'GROSS') {
    if (t.gross === null || t.gross_time === null) throw badRequest(`磅单 ${t.ticket_no} 没有一次过磅记录`, 'ticketId');
    return { side: 'gross', weight: new Decimal(t.gross), source: 'scale', stable: true, at: t.gross_time };
  }
  if (t.tare === null || t.tare_time === null) throw badRequest(`磅单 ${t.ticket_no} 没有一次过磅记录`, 'ticketId');
  return { side: 'tare', weight: new Decimal(t.tare), source: SOURCE_OF[t.tare_source ?? 'WEIGHED'], stable: true, at: t.tare_time };
}

/** What the line has left for this truck: its ceiling less done and in transit, plus this ticket's own hold. */
async function lineRemaining(tx: Tx, orgId: string, t: TicketRow): Promise<Decimal | null> {
  const line = await repo.noticeLineQuantities(tx, orgId, t.notice_line_id as string);
  if (!line || !line.quantity_control) return null;
  return new Decimal(line.max_limit).minus(line.done_quantity).minus(line.in_transit).plus(t.reserved_quantity);
}

async function saveCompletion(tx: Tx, who: Who, t: TicketRow, plan: SecondWeighingPlan, moneyPrecision: number): Promise<void> {
  const first = firstRecord(t);
  const grossRecord = (first.side === 'gross') !== plan.swapped ? first : plan.second;
  const tareRecord = grossRecord === first ? plan.second : first;
  const amount = t.price === null ? null : plan.net.mul(t.price).toDecimalPlaces(moneyPrecision, Decimal.ROUND_HALF_UP).toFixed();
  const warnings = [...(t.warnings as unknown[]), ...plan.warnings];
  await repo.updateTicket(tx, who.orgId, t.id, {
    state: 'COMPLETED', gross: plan.gross.toFixed(), gross_time: grossRecord.at, tare: plan.tare.toFixed(), tare_time: tareRecord.at,
    tare_source: TARE_SOURCE[tareRecord.source], deduct_total: plan.deducted.toFixed(), net: plan.net.toFixed(), amount, completed_at: new Date(),
    warnings: JSON.stringify(warnings), updated_by: who.userId,
  });
}
