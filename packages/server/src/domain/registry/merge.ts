import Decimal from 'decimal.js';
import type { Database } from '../../platform/db/pool';
import { badRequest } from '../../platform/http/errors';
import { lockedBatch } from './doc-actions';
import type { RegistryKind } from './kinds';
import { decideMerge } from './merge-rules';
import * as repo from './repo';
import { releaseOnLine, reserveOnLine } from '../notice/quantity';
import type { Who } from '../../platform/auth/who';

/**
 * Merge: the second registry into the first. Same truck, same notice line, same status: the kept
 * one takes the other's pre-load and, when audited, its hold (the line's total does not move: the
 * quantity only changes hands) and its card when it has none.
 */
export async function merge(db: Database, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, keepId: string, otherId: string) {
  return db.transaction().execute(async (tx) => {
    const rows = await lockedBatch(tx, who, kind, [keepId, otherId]);
    const keep = rows.find((r) => r.id === keepId);
    const other = rows.find((r) => r.id === otherId);
    if (!keep || !other) throw badRequest('请选择两张不同的登记单合并', 'ids');
    const decision = decideMerge(keep, other);
    if (!decision.ok) throw badRequest(decision.message, 'ids');
    if ((await repo.ticketCount(tx, other.id)) > 0) throw badRequest(`登记单 ${other.code} 已有磅单，不能合并`, 'ids');
    const pre = new Decimal(keep.preQuantity ?? 0).plus(other.preQuantity ?? 0).toFixed();
    const reserved = new Decimal(keep.reserved).plus(other.reserved).toFixed();
    if (keep.status === 'AUDITED' && keep.noticeLineId) {
      // one trip holding both pre-loads: the line's quantity stays, its count of trips on the way drops by one
      await releaseOnLine(tx, who.orgId, keep.noticeLineId, other.reserved);
      await releaseOnLine(tx, who.orgId, keep.noticeLineId, keep.reserved);
      await reserveOnLine(tx, who.orgId, keep.noticeLineId, reserved);
    }
    await repo.mergeInto(tx, { id: keep.id, pre, reserved, cardId: keep.cardId ?? other.cardId }, other, who.userId);
    return { count: 2, id: keep.id, registryNo: keep.code, preQuantity: pre };
  });
}
