import Decimal from 'decimal.js';
import { purchaseTicketUploading, uploadPurchaseTicket } from '../uploads/emit';
import type { WeighingBody, WeighingReply } from '@wb/protocol';
import { AppError, badRequest, badRequestWith } from '../../platform/http/errors';
import { grantDrawOnCompletion } from '../licence/draw';
import { completionOnLockedLine } from '../notice/quantity';
import { priceAtCompletion, pricedAtCompletion, type PriceColumns } from '../price/completion';
import { consumeAtCompletion } from '../money/ledger';
import type { EmittedEvent } from '../../platform/events/emit';
import { sameWeightGuess, sameWeightOf, weighingFacts } from './facts-repo';
import { holdSnapshots } from './snapshots';
import { entryOf, type Actor } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import { secondWeighingNote } from './log-notes';
import type { WeighCall } from './weigh-log';
import { sourceOf, typedBy } from './first';
import { manualRightRefused } from '../station/weigh-source';
import { identifiedBy, ticketOfSecond } from './identify';
import { TICKET_KIND_INFO, type TicketKind } from './kinds';
import { SOURCE_OF, TARE_SOURCE, tons, weighingReply } from './reply';
import * as repo from './repo';
import type { TicketRow, Tx } from './repo';
import { basisAmount } from './rules/amount';
import { decideSecondWeighing, type SecondWeighingPlan } from './rules/decide-second';
import type { UnusualFinding } from './rules/unusual';
import type { Direction } from './rules/kinds';
import type { WeighingRecord } from './rules/snapshot';
import { taresAfterWeighing } from './rules/stored-tare';
import { lockOf } from './rules/locks';
import type { TicketFacts } from './rules/transitions';
import { batchAtCompletion } from '../batch/rules';

const OPEN = ['FIRST_WEIGHED', 'CONFIRMED'];

/**
 * The second weighing completes the ticket in the caller's transaction: the ticket locked first (a
 * second call for it waits and then finds it completed), a retried call answered with its first
 * answer, the decision taken on what is locked, then the ticket, its reading, its deductions, the
 * notice line (domain/notice/quantity.ts), the vehicle's stored tares, the call's weigh log row
 * (weigh-log.ts) and its operation-log entry (log-notes.ts) written together; a refusal leaves what
 * the call learnt in `call`. Each round trip costs a weighing more than the work it carries, so the
 * lookups and the writes are gathered into as few statements as their order allows.
 */
export async function secondWeighing(tx: Tx, who: Actor, kind: TicketKind, body: WeighingBody, call: WeighCall): Promise<WeighingReply> {
  const found = await ticketOfSecond(tx, who.orgId, body);
  if ('replay' in found) return weighingReply(tx, who.orgId, found.replay, { replay: true });
  const { ticket } = found;
  if (ticket.kind !== kind) throw new AppError(404, `${TICKET_KIND_INFO[kind].label}不存在`, 'ticketId');
  Object.assign(call, { plate: ticket.plate_number, ticketId: ticket.id, ticketNo: ticket.ticket_no });
  // the same call, sent again while the first was completing this ticket, finds its answer now
  if (!OPEN.includes(ticket.state)) {
    const again = await repo.replayedTicket(tx, who.orgId, body.stationId, body.requestId);
    if (again) return weighingReply(tx, who.orgId, again.ticketId, { replay: true });
  }

  const at = body.weighedAt ? new Date(body.weighedAt) : new Date();
  // the same-weight readings ride with the facts when their query can be told before the parameters are read (facts-repo.ts)
  const sameWeight = sameWeightGuess(who.orgId, body);
  const facts = await weighingFacts(tx, {
    orgId: who.orgId, plate: ticket.plate_number, materialId: ticket.material_id, at, ticketId: ticket.id, lineId: ticket.notice_line_id,
    price: pricedAtCompletion(kind) ? ticket : null, controlled: kind === 'sa', manualRightOf: typedBy(call, who), subscribedTo: 'ticket.completed', sameWeight,
    uploadTo: kind === 'pu' ? 'upload.purchase' : null,
    // a sales ticket loaded at a silo with no batch chosen takes the silo's current batch (domain/batch), read in this statement
    siloOf: kind === 'sa' && ticket.batch_id === null ? (ticket.silo_id ?? null) : null,
  });
  if (facts.manualRight === false) throw manualRightRefused();
  call.unit = facts.params.weightUnit;
  const source = sourceOf(body, facts.params.weightUnit);
  if (source.kind === 'scale' && facts.params.sameWeightCheck !== 'none') {
    facts.history.recentReadings = await sameWeightOf(tx, who.orgId, facts, sameWeight, source.weight, at);
  }
  const direction: Direction | null = ticket.side ? (ticket.side === 'DISPATCH' ? 'dispatch' : 'receive') : null;
  const { params, material, vehicle, history } = facts;
  const plan = decideSecondWeighing({
    kind, direction, vehicle, material, params, history, at, source,
    ticket: { ...factsOf(ticket, material.sceneConfirm, facts.returned), first: firstRecord(ticket), deductions: facts.deductions },
    lineRemaining: facts.line?.quantityControl
      ? new Decimal(facts.line.maxLimit).minus(facts.line.done).minus(facts.line.inTransit).plus(ticket.reserved_quantity)
      : null,
    confirmed: body.confirm ?? [],
  });
  // a refusal the operator may confirm says what (rules/unusual.ts): the call sent again with `confirm` is taken and marked
  if (!plan.ok) throw badRequestWith(plan.messages.map((message) => ({ field: 'weight', message })), plan.confirm?.length ? { confirm: plan.confirm } : {});
  call.confirmed = confirmedNote(plan.confirmed);
  const batch = kind === 'sa'
    ? batchAtCompletion({ ticketNo: ticket.ticket_no, materialCode: material.code, batchManaged: material.batchManaged, chosen: ticket.batch_id !== null }, facts.silo)
    : null;
  const warnings = batch?.warning ? [...plan.warnings, { check: 'batch' as const, message: batch.warning }] : plan.warnings;

  if (ticket.notice_line_id && !facts.line) throw new AppError(404, '通知单明细不存在', 'noticeLineId');
  await holdSnapshots(tx, who.orgId, body.snapshotFileIds);
  const line = facts.line && completionOnLockedLine(who.orgId, facts.line, ticket.reserved_quantity, plan.net.toFixed());
  const price = await priceAtCompletion(tx, who.orgId, facts.price, ticket.price, at);
  // its subscribers (webhooks) hear of it with the ticket, in the completion's statement; with none (the facts asked) the
  // statement carries no part of the event at all
  const event: EmittedEvent<'ticket.completed'> | undefined = facts.subscribed === false ? undefined : {
    orgId: who.orgId, type: 'ticket.completed', key: ticket.ticket_no, userId: who.userId,
    payload: {
      ticketId: ticket.id, ticketNo: ticket.ticket_no, kind, plateNumber: ticket.plate_number, gross: tons(plan.gross), tare: tons(plan.tare),
      net: tons(plan.net), completedAt: plan.second.at.toISOString(), manual: false,
    },
  };
  const tareSource = await saveCompletion(tx, who, { ...ticket, price: price.price, batch_id: batch?.batchId ?? ticket.batch_id }, { ...plan, warnings }, params.moneyPrecision, {
    orgId: who.orgId, ticketId: ticket.id, reading: 'SECOND', record: plan.second, station: body.stationId, requestId: body.requestId,
    identifiedBy: identifiedBy(body), snapshots: body.snapshotFileIds, operatorId: who.userId, log: call,
    note: entryOf(who, secondWeighingNote(kind, ticket.ticket_no, plan.second, plan, batch?.batchNo ?? null)),
  }, line, price.columns, event);
  // the grant line locked and the draw decided now; its write rides with the money's statement
  const draw = await grantDrawOnCompletion(tx, who.orgId, ticket, ticket.ticket_no, plan.net.toFixed(), facts.controlled);
  // the customer's money after the ticket, its line and its grant (domain/money README: lock order)
  await consumeAtCompletion(tx, who, ticket, draw);
  if (plan.deductions.length > 0) await repo.saveDeductionAmounts(tx, who.orgId, ticket.id, plan.deductions, who.userId);
  if (plan.weighedTare && facts.vehicleId) await repo.saveVehicleTares(tx, who.orgId, facts.vehicleId, taresAfterWeighing(vehicle, plan.weighedTare, at));
  // the purchase family's SAP upload, when the company has one (domain/uploads): its goods receipt, figures final
  await uploadPurchaseTicket(tx, who, { id: ticket.id, kind, ticketNo: ticket.ticket_no }, 'COMPLETED', facts.uploadSubscribed);
  return {
    ticketId: ticket.id, ticketNo: ticket.ticket_no, state: 'COMPLETED', firstIs: ticket.first_is, gross: tons(plan.gross), tare: tons(plan.tare), tareSource,
    deductTotal: tons(plan.deducted) as string, net: tons(plan.net), swapped: plan.swapped, warnings, replay: false,
  };
}

/** What the ticket and the weigh log keep of the confirmed findings: the refusal's words, null when none. */
export const confirmedNote = (found: readonly UnusualFinding[]): string | null => (found.length ? found.map((f) => f.message).join('；').slice(0, 1000) : null);

type FactsRow = Pick<TicketRow, 'ticket_no' | 'kind' | 'state' | 'uploaded_at' | 'source_ticket_id' | 'gross' | 'tare' | 'net' | 'manual' | 'locked_by_kind' | 'locked_by_no'>;

/** The ticket as its lifecycle sees it, from its row and what the facts query found. */
export function factsOf(t: FactsRow, sceneConfirm: boolean, returned: boolean): TicketFacts {
  return {
    code: t.ticket_no, state: repo.STATE_FROM_DB[t.state] as TicketFacts['state'], uploaded: t.uploaded_at !== null, sceneConfirm,
    returned, isReturn: t.source_ticket_id !== null, hasFirstWeighing: t.gross !== null || t.tare !== null, hasNet: t.net !== null,
    manual: t.manual, lockedBy: lockOf(t),
  };
}

/** The same, reading whether it was returned (the ticket actions, the manual update). */
export async function ticketFacts(tx: repo.Runner, orgId: string, t: FactsRow & Pick<TicketRow, 'id'>, sceneConfirm: boolean): Promise<TicketFacts> {
  const facts = factsOf(t, sceneConfirm, await repo.hasReturn(tx, orgId, t.id));
  // a ticket whose upload to SAP is on its way is locked as one uploaded to the ERP is (domain/uploads)
  if (!facts.uploaded && t.kind === 'pu' && t.state !== 'FIRST_WEIGHED' && (await purchaseTicketUploading(tx, orgId, t.ticket_no))) facts.uploaded = true;
  return facts;
}

/** The first weighing as the ticket keeps it: its side, its figure and where the figure came from. */
function firstRecord(t: TicketRow): WeighingRecord {
  if (t.first_is === 'GROSS') {
    if (t.gross === null || t.gross_time === null) throw new AppError(400, `磅单 ${t.ticket_no} 没有一次过磅记录`, 'ticketId');
    return { side: 'gross', weight: new Decimal(t.gross), source: 'scale', stable: true, at: t.gross_time };
  }
  if (t.tare === null || t.tare_time === null) throw new AppError(400, `磅单 ${t.ticket_no} 没有一次过磅记录`, 'ticketId');
  return { side: 'tare', weight: new Decimal(t.tare), source: SOURCE_OF[t.tare_source ?? 'WEIGHED'], stable: true, at: t.tare_time };
}

/** Writes the completed ticket with the reading that completed it and its line's change; answers where its tare came from. */
async function saveCompletion(
  tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, t: TicketRow, plan: SecondWeighingPlan, moneyPrecision: number, reading: repo.WeighingRow, line: Parameters<typeof repo.updateTicketWithReading>[5],
  priceColumns: PriceColumns = {}, event?: EmittedEvent,
) {
  const first = firstRecord(t);
  const grossRecord = (first.side === 'gross') !== plan.swapped ? first : plan.second;
  const tareRecord = grossRecord === first ? plan.second : first;
  // the basis the completion's price is on (a rule or contract line per m3 prices the gauged volume)
  const priced = basisAmount({ price_basis: priceColumns.price_basis ?? t.price_basis, gauge_volume: t.gauge_volume }, plan.net, t.price, moneyPrecision, t.quality_price_adjust);
  if (!priced.ok) throw badRequest(priced.message, 'price');
  const amount = priced.amount;
  const warnings = [...(t.warnings as unknown[]), ...plan.warnings];
  const tareSource = TARE_SOURCE[tareRecord.source];
  await repo.updateTicketWithReading(tx, who.orgId, t.id, {
    state: 'COMPLETED', gross: plan.gross.toFixed(), gross_time: grossRecord.at, tare: plan.tare.toFixed(), tare_time: tareRecord.at,
    tare_source: tareSource, deduct_total: plan.deducted.toFixed(), net: plan.net.toFixed(), amount,
    // the truck was loaded when its reading was taken (a station replaying offline readings says when): the price is the one in force then too
    completed_at: plan.second.at,
    warnings: JSON.stringify(warnings), updated_by: who.userId, ...priceColumns,
    // the silo's current batch a sales ticket took by itself (domain/batch rules.ts batchAtCompletion)
    ...(t.batch_id !== null ? { batch_id: t.batch_id } : {}),
    // a typed weight makes the ticket a manual ticket (station/source-rules.ts); a weighed one leaves it as it was
    ...(reading.log.source === 'MANUAL' ? { manual: true } : {}),
    unusual_confirmed: reading.log.confirmed,
  }, reading, line, event);
  return tareSource;
}
