import type { Database } from '../../platform/db/pool';
import { badRequest } from '../../platform/http/errors';
import { lockedBatch } from './doc-actions';
import { decideRematch } from './queue-rules';
import type { RegistryKind } from './kinds';
import * as repo from './repo';
import type { Who } from '../../platform/auth/who';

/**
 * Re-match (重新匹配): trucks sent to another discharge point's queue, each at its end. The point
 * is locked after the registries, so two re-matches to one point take turns and never hand out one
 * number twice.
 */
export async function rematch(db: Database, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, ids: string[], pointId: string) {
  return db.transaction().execute(async (tx) => {
    const rows = await lockedBatch(tx, who, kind, ids);
    for (const row of rows) {
      const refusal = decideRematch(row);
      if (refusal) throw badRequest(refusal, 'ids');
    }
    const point = await repo.lockPoint(tx, who.orgId, pointId);
    if (!point) throw badRequest('卸货地点不存在', 'dischargePointId');
    if (!point.enabled) throw badRequest(`卸货地点 ${point.title} 已停用`, 'dischargePointId');
    let next = await repo.nextQueueNo(tx, who.orgId, pointId);
    for (const row of rows) await repo.setQueue(tx, row.id, pointId, next++, who.userId);
    return { count: rows.length, dischargePoint: point.title };
  });
}
