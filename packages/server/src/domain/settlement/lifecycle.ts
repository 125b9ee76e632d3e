import type { ChangeNote } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import { factsOf, lockedHeader, refuse, retotal } from './header';
import { SETTLE_KINDS, type SettleKind } from './kinds';
import * as repo from './repo';
import { emitEvent } from '../../platform/events/emit';
import { decideClose, decideDelete, decideExamine, decideUnexamine, STATE_WORDS } from './rules';

export interface StateMoved { id: string; settleNo: string; state: string; ticketCount: number }
type Done = { reply: StateMoved; note: ChangeNote };
type Caller = Pick<Who, 'orgId' | 'userId'>;

const done = (kind: SettleKind, s: repo.SettleHeader, state: string, action: string, detail: string): Done => ({
  reply: { id: s.id, settleNo: s.settleNo, state, ticketCount: s.ticketCount },
  note: { action, family: SETTLE_KINDS[kind].label, docNo: s.settleNo, detail },
});

/**
 * 审核 (examine): the draft's figures become the settlement's. Its tickets stay held; the totals are
 * already the sums of its rows (every change re-totals them).
 */
export async function examine(tx: repo.Tx, who: Caller, kind: SettleKind, id: string): Promise<Done> {
  const s = await lockedHeader(tx, who, kind, id);
  refuse(decideExamine(factsOf(s)));
  await repo.setState(tx, who.orgId, s, 'EXAMINED', who.userId);
  await emitEvent(tx, {
    orgId: who.orgId, type: 'settlement.examined', key: s.settleNo, userId: who.userId,
    payload: { settlementId: s.id, settleNo: s.settleNo, kind, ticketCount: s.ticketCount, totalAmount: String(s.totalAmount) },
  });
  return done(kind, s, 'EXAMINED', 'examine', `${STATE_WORDS.DRAFT} -> ${STATE_WORDS.EXAMINED}；磅单 ${s.ticketCount} 张；金额 ${s.totalAmount}`);
}

/**
 * 反审核 (un-examine): back to a draft while no money moved and no invoice names it; its tickets go
 * free (spec: un-examining frees them), so its pound list is confirmed again before it is examined again.
 */
export async function unexamine(tx: repo.Tx, who: Caller, kind: SettleKind, id: string): Promise<Done> {
  const s = await lockedHeader(tx, who, kind, id);
  refuse(decideUnexamine(factsOf(s)));
  const freed = await repo.heldCount(tx, who.orgId, s.id);
  await repo.saveRows(tx, who.orgId, s.id, []);
  await repo.setState(tx, who.orgId, s, 'DRAFT', who.userId);
  const moved = { ...s, version: s.version + 1 };
  await retotal(tx, who.orgId, moved, who.userId, false);
  return done(kind, s, 'DRAFT', 'unexamine', `${STATE_WORDS.EXAMINED} -> ${STATE_WORDS.DRAFT}；释放磅单 ${freed} 张`);
}

/** delete/{id}: a draft is deleted and its tickets go free, in one transaction. */
export async function deleteSettlement(tx: repo.Tx, who: Caller, kind: SettleKind, id: string): Promise<Done> {
  const s = await lockedHeader(tx, who, kind, id);
  refuse(decideDelete(factsOf(s)));
  const freed = await repo.heldCount(tx, who.orgId, s.id);
  await tx.deleteFrom('wb_settlement').where('org_id', '=', who.orgId).where('id', '=', s.id).execute();
  return done(kind, s, 'DELETED', 'delete', `删除${SETTLE_KINDS[kind].label}；释放磅单 ${freed} 张`);
}

/** 关闭 (close): a paid settlement is done with; its tickets stay settled. */
export async function closeSettlement(tx: repo.Tx, who: Caller, kind: SettleKind, id: string): Promise<Done> {
  const s = await lockedHeader(tx, who, kind, id);
  refuse(decideClose(factsOf(s)));
  await repo.setState(tx, who.orgId, s, 'CLOSED', who.userId);
  return done(kind, s, 'CLOSED', 'close', `${STATE_WORDS.PAID} -> ${STATE_WORDS.CLOSED}`);
}
