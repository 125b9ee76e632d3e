import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { lockedBatch } from './doc-actions';
import type { RegistryKind } from './kinds';
import { figure, registryNote } from './log-notes';
import { decideMerge, mergedFigures, mergeTicketsRefusal } from './merge-rules';
import * as repo from './repo';
import { releaseOnLine, reserveOnLine } from '../notice/quantity';
import { moveFreezeOnMerge } from '../money/registry-money';
import type { Who } from '../../platform/auth/who';

/**
 * Merge: the second registry into the first. Same truck, same notice line, same status: the kept
 * one takes the other's pre-load and, when audited, its hold (the line's total does not move: the
 * quantity only changes hands) and its card when it has none. Both registries are logged.
 */
export async function merge(tx: Transaction<DB>, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, keepId: string, otherId: string) {
  const rows = await lockedBatch(tx, who, kind, [keepId, otherId]);
  const keep = rows.find((r) => r.id === keepId);
  const other = rows.find((r) => r.id === otherId);
  if (!keep || !other) throw badRequest('请选择两张不同的登记单合并', 'ids');
  const decision = decideMerge(keep, other);
  if (!decision.ok) throw badRequest(decision.message, 'ids');
  const weighed = mergeTicketsRefusal(other.code, await repo.ticketCount(tx, other.id));
  if (weighed) throw badRequest(weighed, 'ids');
  const merged = mergedFigures(keep, other);
  if (keep.status === 'AUDITED' && keep.noticeLineId) {
    // one trip holding both pre-loads: the line's quantity stays, its count of trips on the way drops by one
    await releaseOnLine(tx, who.orgId, keep.noticeLineId, other.reserved);
    await releaseOnLine(tx, who.orgId, keep.noticeLineId, keep.reserved);
    await reserveOnLine(tx, who.orgId, keep.noticeLineId, merged.reserved);
    // the customer's money after the line (domain/money README: lock order)
    await moveFreezeOnMerge(tx, who, kind, keep, other, merged.pre);
  }
  await repo.mergeInto(tx, { id: keep.id, ...merged }, other, who.userId);
  const both = `合并 ${keep.code}+${other.code}`;
  return {
    reply: { count: 2, id: keep.id, registryNo: keep.code, preQuantity: merged.pre },
    notes: [
      registryNote(kind, 'merge', keep.code, `${both}，预装数 ${figure(keep.preQuantity)} -> ${figure(merged.pre)}`),
      registryNote(kind, 'merge', other.code, `${both}，并入 ${keep.code}`),
    ],
  };
}
