import { sql } from 'kysely';
import { CONFIRMABLE_FINDINGS, normalisePlate, readWeighParams, weighingBody, type WeighingReply } from '@wb/protocol';
import { AppError, badRequest, parse } from '../../platform/http/errors';
import { storedParams } from '../system/admin/params/repo';
import { inUnit } from '../station/reading-rules';
import { firstWeighing } from '../weighing/first';
import { TICKET_KIND_INFO } from '../weighing/kinds';
import * as weighingRepo from '../weighing/repo';
import type { Tx } from '../weighing/repo';
import { secondWeighing } from '../weighing/second';
import { callOf, replayLogged, type WeighCall } from '../weighing/weigh-log';
import { sourceOfCall } from '../station/source-rules';
import { lockApproval, useApproval } from './interventions-repo';
import { laneRefusalOfWarnings, type LaneRefusal } from './reasons';
import type { LaneWeighBody } from './schemas';
import type { LaneStation } from './station-auth';
import { truckOf } from './truck';

/** What the lane is answered when its weighing is taken (packages/station LaneServer.weigh). */
export interface LaneWeighed { ok: true; ticketNo: string; kind: 'first' | 'second'; led: string[]; voice: string; ticketId: string; replay: boolean }

/** A refusal the lane's rule adds (laneRefusalOfWarnings): the weighing is rolled back and the lane told why. */
export class LaneRefused extends AppError {
  constructor(readonly refusal: LaneRefusal) {
    super(400, refusal.message, 'weight');
  }
}

/**
 * One weighing of an unattended lane, in the caller's transaction, decided as the weighing station
 * decides it: the truck's trip (by registry, card or plate) gives the ticket's kind, and its open
 * ticket whether this is the second weighing. The weight is the one the lane read, stable, in its
 * indicator's unit, turned into the company's unit; the weighing records it as the station
 * program's (source STATION, the lane's scale: station/source-rules.ts). The lane's request id is the weighing's: a replayed call
 * is answered with its first answer and weighs nothing (the weighing's own replay rule).
 * `call` receives the weigh log's account of the call for a refusal's row.
 */
export async function laneWeigh(tx: Tx, station: LaneStation, b: LaneWeighBody, out: { call: WeighCall | null }): Promise<LaneWeighed> {
  const { orgId } = station;
  const truck = (b.registryId ? await truckOf(tx, orgId, { by: 'registry', value: b.registryId }) : null)
    ?? (b.card ? await truckOf(tx, orgId, { by: 'card', value: b.card }) : null)
    ?? (await truckOf(tx, orgId, { by: 'plate', value: normalisePlate(b.plate) }));
  if (!truck) throw badRequest(`车辆 ${b.plate} 无有效登记`, 'plate');
  const earlier = await weighingRepo.replayedTicket(tx, orgId, station.scaleId, b.requestId);
  const reading = earlier ? earlier.reading : truck.openTicketId ? 'SECOND' : 'FIRST';
  const { weightUnit } = readWeighParams(await storedParams(tx, orgId));
  const body = parse(weighingBody, {
    registryId: truck.registryId, weight: inUnit(String(b.weight), b.unit, weightUnit), stable: b.stable,
    stationId: station.scaleId, requestId: b.requestId, tare: 'weigh',
  });
  const call = callOf(station.actor, truck.kind, reading, body);
  // a weight sent under a station key by a station program (station/source-rules.ts)
  Object.assign(call, { source: sourceOfCall({ channel: 'station', tare: body.tare, namesScale: false }).source, scaleId: station.scaleId, plate: truck.plate });
  out.call = call;
  // an approval lets through the one weighing it was given for: taken (locked) before the weighing
  const approval = b.approvedByOperator && !earlier ? await lockApproval(tx, station, truck.plate) : null;
  if (b.approvedByOperator && !earlier && !approval) throw new LaneRefused({ reason: 'business', message: `车辆 ${truck.plate} 没有远程放行记录，请等待人工处理` });
  const weigh = reading === 'FIRST' ? firstWeighing : secondWeighing;
  // the remote operator's approval is the explicit confirmation of what the refusal named (a reversed order, a net out of range)
  const reply: WeighingReply = await weigh(tx, station.actor, truck.kind, approval ? { ...body, confirm: [...CONFIRMABLE_FINDINGS] } : body, call);
  if (reply.replay) {
    await replayLogged(tx, call, reply);
  } else {
    const refusal = laneRefusalOfWarnings(reply.warnings, approval !== null);
    if (refusal) throw new LaneRefused(refusal);
    if (approval) {
      await useApproval(tx, orgId, approval.id, reply.ticketId);
      await markApproved(tx, station, b.requestId, reply.ticketId, approval.answeredByName);
    }
  }
  const w = `${b.weight} ${b.unit === 'kg' ? '千克' : '吨'}`;
  return {
    ok: true, ticketId: reply.ticketId, ticketNo: reply.ticketNo, replay: reply.replay, kind: reading === 'FIRST' ? 'first' : 'second',
    led: [truck.plate, `${reading === 'FIRST' ? '一次' : '二次'}称重 ${w}`, TICKET_KIND_INFO[truck.kind].label],
    voice: '称重完成，请下磅',
  };
}

/** The ticket and the weigh log's accepted row say which operator let the weighing through. */
async function markApproved(tx: Tx, station: LaneStation, requestId: string, ticketId: string, operator: string): Promise<void> {
  await sql`UPDATE wb_ticket SET lane_approved_by = ${operator} WHERE org_id = ${station.orgId} AND id = ${ticketId}::bigint`.execute(tx);
  await sql`UPDATE wb_weigh_log SET approved_by = ${operator}
             WHERE org_id = ${station.orgId} AND station = ${station.scaleId} AND request_id = ${requestId} AND outcome = 'ACCEPTED'`.execute(tx);
}
