import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import { releaseOnLine, reserveOnLine } from '../notice/quantity';
import { decideNoticeForHold } from './hold-rules';
import type { RegistryKind } from './kinds';
import { decideDocAction, type DocAction } from './lifecycle';
import * as repo from './repo';
import type { Who } from '../../platform/auth/who';

type Tx = Transaction<DB>;

export const registryNotFound = (id: string) => AppError.of('notFound', `登记单不存在: ${id}`, 'id');

/** Locks the batch; an id that is not a registry of this kind in the caller's company is a 404 and nothing changes. */
export async function lockedBatch(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.lockRegistries(tx, who.orgId, kind, unique);
  const missing = unique.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw registryNotFound(missing);
  return rows;
}

/** A refusal of the notice line's quantity control, said for the registry it concerns. */
async function forRegistry<T>(code: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.status === 400) throw badRequest(`登记单 ${code}：${err.message}`, 'ids');
    throw err;
  }
}

/**
 * audit, unaudit, obsolete, recover, enable, disable on a batch, all or nothing. An audited
 * registry holds its pre-load on its notice line: audit and recover reserve it (the notice audited
 * and within its period), unaudit and obsolete give it back. Registries are locked first, then the
 * lines in id order, so concurrent batches cannot deadlock.
 */
export async function docAction(db: Database, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, action: Exclude<DocAction, 'update' | 'delete' | 'merge'>, ids: string[]) {
  return db.transaction().execute(async (tx) => {
    const rows = await lockedBatch(tx, who, kind, ids);
    const plans = rows.map((row) => {
      const decision = decideDocAction(row, action);
      if (!decision.ok) throw badRequest(decision.message, 'ids');
      return { row, decision };
    });
    const byLine = [...plans].sort((a, b) => Number(a.row.noticeLineId ?? 0) - Number(b.row.noticeLineId ?? 0));
    for (const { row, decision } of byLine) {
      let reserved = row.reserved;
      if (decision.hold === 'reserve' && row.noticeLineId && row.noticeId) {
        const notice = await repo.noticeOf(tx, who.orgId, row.noticeId);
        const refusal = decideNoticeForHold(row.code, notice, new Date());
        if (refusal) throw badRequest(refusal, 'ids');
        reserved = row.preQuantity ?? '0';
        await forRegistry(row.code, () => reserveOnLine(tx, who.orgId, row.noticeLineId as string, reserved));
      }
      if (decision.hold === 'release' && row.status === 'AUDITED' && row.noticeLineId) {
        await forRegistry(row.code, () => releaseOnLine(tx, who.orgId, row.noticeLineId as string, row.reserved));
        reserved = '0';
      }
      const audit = action === 'audit' ? 'stamp' : action === 'unaudit' ? 'clear' : 'keep';
      await repo.setDocument(tx, row.id, who.userId, { status: decision.status, enabled: decision.enabled, reserved, audit });
    }
    return { count: rows.length };
  });
}

/** updateDel: a draft registry deleted (never audited, the truck never came), all or nothing. */
export async function deleteDrafts(db: Database, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, ids: string[]) {
  return db.transaction().execute(async (tx) => {
    const rows = await lockedBatch(tx, who, kind, ids);
    for (const row of rows) {
      const decision = decideDocAction(row, 'delete');
      if (!decision.ok) throw badRequest(decision.message, 'ids');
    }
    return { count: await repo.deleteRegistries(tx, rows.map((r) => r.id)) };
  });
}
