import type { ChangeNote } from '../../platform/audit/log';
import type { LaneReason } from '../../platform/db/schema';
import type { Who } from '../../platform/auth/who';
import { badRequest } from '../../platform/http/errors';
import type { Tx } from '../weighing/repo';
import { answerInterventions, insertIntervention, lockInterventions } from './interventions-repo';
import type { LaneInterventionBody } from './schemas';
import type { LaneStation } from './station-auth';
import { REASONS } from './templates';
import { truckOf } from './truck';

/** The log's word for a lane's intervention request. */
export const INTERVENTION_FAMILY = '远程干预';

const reasonWord = (reason: string) => REASONS.find((r) => r.value === reason)?.label ?? reason;

/**
 * A refused truck's request for the remote operator, once per request id (a resent one finds its
 * row and logs nothing again). The plate is the trip's when the lane named the truck by card only.
 */
export async function requestIntervention(tx: Tx, s: LaneStation, b: LaneInterventionBody): Promise<{ id: string; created: boolean; note: ChangeNote }> {
  const truck = !b.plate && b.card ? await truckOf(tx, s.orgId, { by: 'card', value: b.card }) : null;
  const plate = b.plate ?? truck?.plate ?? null;
  const r = await insertIntervention(tx, s, {
    requestId: b.requestId, reason: b.reason as LaneReason, message: b.message, plate, card: b.card ?? null,
    registryId: b.registryId ?? truck?.registryId ?? null, weight: b.weight ?? null, unit: b.unit ?? null,
  });
  return {
    ...r,
    note: { action: 'laneIntervention', family: INTERVENTION_FAMILY, docNo: plate ?? b.card ?? null, detail: `${s.stationName}：${reasonWord(b.reason)}，${b.message}` },
  };
}

/**
 * The operator's answer: every chosen request must still be waiting (two operators answering at
 * once: the rows are locked in id order, the second is refused by name); each answer is one log
 * entry naming the truck and the refusal.
 */
export async function answer(tx: Tx, who: Pick<Who, 'orgId' | 'userId' | 'username'>, ids: string[], decision: 'approve' | 'forbid', remark: string | null) {
  const rows = await lockInterventions(tx, who.orgId, [...new Set(ids)]);
  if (rows.length !== new Set(ids).size) throw badRequest('所选干预请求不存在', 'ids');
  const done = rows.find((r) => r.state !== 'WAITING');
  if (done) throw badRequest(`车辆 ${done.plate_number ?? ''} 的干预请求已处理`, 'ids');
  await answerInterventions(tx, who.orgId, rows.map((r) => r.id), decision === 'approve' ? 'APPROVED' : 'FORBIDDEN', { userId: who.userId, name: who.username }, remark);
  return rows.map((r): ChangeNote => ({
    action: decision === 'approve' ? 'laneApprove' : 'laneForbid', family: INTERVENTION_FAMILY, docNo: r.plate_number,
    detail: `${r.station_name}：${reasonWord(r.reason)}，${r.message}${remark ? `；意见：${remark}` : ''}`,
  }));
}
