import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../platform/audit/log';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { lockedBatch } from './doc-actions';
import { decidePoint, decideRematch } from './queue-rules';
import type { RegistryKind } from './kinds';
import { registryNote } from './log-notes';
import * as repo from './repo';
import type { Who } from '../../platform/auth/who';

/**
 * Re-match (重新匹配): trucks sent to another discharge point's queue, each at its end. The point
 * is locked after the registries, so two re-matches to one point take turns and never hand out one
 * number twice.
 */
export async function rematch(tx: Transaction<DB>, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, ids: string[], pointId: string) {
  const rows = await lockedBatch(tx, who, kind, ids);
  for (const row of rows) {
    const refusal = decideRematch(row);
    if (refusal) throw badRequest(refusal, 'ids');
  }
  const point = await repo.lockPoint(tx, who.orgId, pointId);
  const refusal = decidePoint(point);
  if (refusal || !point) throw badRequest(refusal ?? '卸货地点不存在', 'dischargePointId');
  let next = await repo.nextQueueNo(tx, who.orgId, pointId);
  const notes: ChangeNote[] = [];
  for (const row of rows) {
    const queueNo = next++;
    await repo.setQueue(tx, row.id, pointId, queueNo, who.userId);
    notes.push(registryNote(kind, 'rematch', row.code, `重新匹配 ${point.title}，排队号 ${queueNo}`));
  }
  return { reply: { count: rows.length, dischargePoint: point.title }, notes };
}
