import type { ChangeNote } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import { badRequest } from '../../platform/http/errors';
import { calcName, lockedHeader } from './calculate';
import { CALC_KINDS, type CalcKind } from './kinds';
import * as repo from './repo';
import { decideLock, decideUnlock } from './rules';

export interface LockResult { id: string; calcNo: string; ticketCount: number }

/**
 * 锁磅: the calculation's tickets take its lock (wb_ticket.locked_by_*), in one transaction. Lock
 * order: the calculation's row, then its tickets in id order (the weighing's batch actions lock
 * tickets in id order too), so two calculations sharing a ticket queue on it and the second
 * finds it locked by the first, named. The tickets' figures must still be the rows' (else: 请重新计算).
 */
export async function lockPounds(tx: repo.Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: CalcKind, id: string): Promise<{ reply: LockResult; note: ChangeNote }> {
  const c = await lockedHeader(tx, who, kind, id);
  const k = CALC_KINDS[kind];
  const name = calcName(kind, c.calcNo);
  const rows = await repo.storedRows(tx, c.id);
  const now = await repo.lockTicketsNow(tx, who.orgId, rows.map((r) => r.ticketId));
  const self = { kind: k.lockKind, id: c.id, no: c.calcNo };
  const refused = decideLock(
    { name, lockState: c.lockState, calculatedVersion: c.calculatedVersion, version: c.version }, self, rows, rows.map((r) => now.get(r.ticketId) ?? null),
  );
  if (refused) throw badRequest(refused, 'id');
  await repo.setTicketLocks(tx, who.orgId, rows.map((r) => r.ticketId), self, who.userId);
  await repo.setLockState(tx, who.orgId, c, true, who.userId);
  return {
    reply: { id: c.id, calcNo: c.calcNo, ticketCount: rows.length },
    note: { action: 'lockPounds', family: k.label, docNo: c.calcNo, detail: `锁定磅单 ${rows.length} 张：${rows.map((r) => r.ticketNo).join('、')}` },
  };
}

/** 解锁: the tickets it locks let go (only its own lock is cleared), the calculation is open again. */
export async function unlockPounds(tx: repo.Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: CalcKind, id: string): Promise<{ reply: LockResult; note: ChangeNote }> {
  const c = await lockedHeader(tx, who, kind, id);
  const k = CALC_KINDS[kind];
  const refused = decideUnlock({ name: calcName(kind, c.calcNo), lockState: c.lockState, calculatedVersion: c.calculatedVersion, version: c.version });
  if (refused) throw badRequest(refused, 'id');
  const ids = await repo.lockedTicketIds(tx, who.orgId, k.lockKind, c.id);
  await repo.setTicketLocks(tx, who.orgId, ids, null, who.userId);
  await repo.setLockState(tx, who.orgId, c, false, who.userId);
  return {
    reply: { id: c.id, calcNo: c.calcNo, ticketCount: ids.length },
    note: { action: 'unlockPounds', family: k.label, docNo: c.calcNo, detail: `解锁磅单 ${ids.length} 张` },
  };
}
