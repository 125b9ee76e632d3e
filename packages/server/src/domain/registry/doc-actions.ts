import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../platform/audit/log';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import { checkRegistryAtAudit } from '../licence/checks';
import { releaseOnLine, reserveOnLine } from '../notice/quantity';
import { registryMoney, withMoneyDetails } from '../money/registry-money';
import { checkDayPlanAtHold, takeDayPlanTurnWhenPlanned } from '../plan/quota';
import { decideNoticeForHold, holdMoveOf, reservedAfter } from './hold-rules';
import type { RegistryKind } from './kinds';
import { auditStampOf, decideDocAction } from './lifecycle';
import { holdDetail, registryNote } from './log-notes';
import * as repo from './repo';
import type { Who } from '../../platform/auth/who';

type Tx = Transaction<DB>;

/** The document actions a registry takes by its own calls (update and delete are the engine's, merge merge.ts). */
export const DOC_ACTIONS = ['audit', 'unaudit', 'obsolete', 'recover', 'enable', 'disable'] as const;
export type RegistryDocAction = (typeof DOC_ACTIONS)[number];

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
 * and within its period; a sales registry within its day plan, domain/plan), unaudit and obsolete
 * give it back. Registries are locked first, then the lines in id order (a sales registry's day plan
 * just before its line), so concurrent batches cannot deadlock. One log entry per registry.
 */
export async function docAction(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, action: RegistryDocAction, ids: string[]) {
  const rows = await lockedBatch(tx, who, kind, ids);
  const plans = rows.map((row) => {
    const decision = decideDocAction(row, action);
    if (!decision.ok) throw badRequest(decision.message, 'ids');
    return { row, decision };
  });
  const byLine = [...plans].sort((a, b) => Number(a.row.noticeLineId ?? 0) - Number(b.row.noticeLineId ?? 0));
  const notes: ChangeNote[] = [];
  const warnings: string[] = [];
  // the company's turn before any line of the batch is locked, only when a day plan applies (domain/plan)
  const planned = await takeDayPlanTurnWhenPlanned(tx, who.orgId, kind, byLine.filter(({ row, decision }) => holdMoveOf(row, decision.hold)?.kind === 'reserve').map(({ row }) => row.id));
  for (const { row, decision } of byLine) {
    const move = holdMoveOf(row, decision.hold);
    if (move?.kind === 'reserve') {
      const notice = row.noticeId ? await repo.noticeOf(tx, who.orgId, row.noticeId) : null;
      const refusal = decideNoticeForHold(row.code, notice, new Date());
      if (refusal) throw badRequest(refusal, 'ids');
      await checkDayPlanAtHold(tx, who.orgId, kind, row.id, planned);
      await forRegistry(row.code, () => reserveOnLine(tx, who.orgId, row.noticeLineId as string, move.quantity));
      if (kind === 'sa') warnings.push(...(await checkRegistryAtAudit(tx, who.orgId, row.id)));
    }
    if (move?.kind === 'release') await forRegistry(row.code, () => releaseOnLine(tx, who.orgId, row.noticeLineId as string, move.quantity));
    await repo.setDocument(tx, row.id, who.userId, {
      status: decision.status, enabled: decision.enabled, reserved: reservedAfter(row.reserved, move), audit: auditStampOf(action),
    });
    notes.push(registryNote(kind, action, row.code, holdDetail(move)));
  }
  // the customer's money after every line's lock (domain/money README: lock order)
  const money = await registryMoney(tx, who, kind, action, rows);
  warnings.push(...money.warnings);
  return { reply: warnings.length ? { count: rows.length, warnings } : { count: rows.length }, notes: withMoneyDetails(notes, money) };
}

/** updateDel: a draft registry deleted (never audited, the truck never came), all or nothing. */
export async function deleteDrafts(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, ids: string[]) {
  const rows = await lockedBatch(tx, who, kind, ids);
  for (const row of rows) {
    const decision = decideDocAction(row, 'delete');
    if (!decision.ok) throw badRequest(decision.message, 'ids');
  }
  const count = await repo.deleteRegistries(tx, rows.map((r) => r.id));
  return { reply: { count }, notes: rows.map((r) => registryNote(kind, 'delete', r.code)) };
}
