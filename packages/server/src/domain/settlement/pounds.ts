import type { ChangeNote } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import { badRequest } from '../../platform/http/errors';
import { factsOf, lockedHeader, moneyDecimals, refuse, retotal } from './header';
import { SETTLE_KINDS, settleName, type SettleKind } from './kinds';
import * as repo from './repo';
import { decideEditPounds, fdKey, quantityWords, settleRow, settleTotals, settleWagonRow, type SettleRow, type SettleTotals } from './rules';

export interface PoundsConfirmed { id: string; settleNo: string; ticketCount: number; wagonCount: number; fdCount: number; totals: SettleTotals }

/** At most this many tickets in one settlement: a longer period is split. */
export const MAX_TICKETS = 20000;

const LOCK_WORDS: Record<SettleKind, string> = { pu: '采购结算', sa: '销售结算', al: '调拨结算' };

/**
 * confirmPounds (确认磅单): the chosen tickets become the settlement's pound list, replacing the one
 * it had. Lock order: the settlement's row, then the tickets it holds and the chosen ones together in
 * id order; two settlements choosing one ticket queue on the ticket's row and the second
 * finds it held, named. Each ticket must be a counted one of the party and period; the rows, the fd
 * sub-settlements (one per delivery batch) and the totals are computed from the tickets' own
 * columns in the same transaction. No ticket named: every candidate (weightLists) of the settlement.
 *
 * The audited trains' wagons (轨道衡) are taken alike, after the tickets (locked in id order, each a
 * counted wagon of the party and period held by no other goods settlement): `wagonIds`. Neither
 * list named: every candidate ticket and wagon; one named: the other is empty.
 */
export async function confirmPounds(
  tx: repo.Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: SettleKind, id: string, ticketIds: readonly string[] | null, wagonIds: readonly string[] | null = null,
): Promise<{ reply: PoundsConfirmed; note: ChangeNote }> {
  if (ticketIds !== null || wagonIds !== null) {
    ticketIds ??= [];
    wagonIds ??= [];
  }
  const s = await lockedHeader(tx, who, kind, id);
  const name = settleName(kind, s.settleNo);
  refuse(decideEditPounds(factsOf(s)));
  if (ticketIds !== null && new Set(ticketIds).size + new Set(wagonIds).size > MAX_TICKETS) throw badRequest(`${name} 的磅单超过${MAX_TICKETS}张，请缩短期间`, 'ticketIds');
  // none named: every candidate of the settlement's party, period, material and contract (weightLists), chosen as they are locked
  const locked = await repo.lockPoundList(tx, who.orgId, s, ticketIds !== null ? [...new Set(ticketIds)] : null);
  const ids = ticketIds !== null ? [...new Set(ticketIds)] : [...locked.values()].filter((t) => t.chosen).map((t) => t.id);
  if (ids.length > MAX_TICKETS) throw badRequest(`${name} 的磅单超过${MAX_TICKETS}张，请缩短期间`, 'ticketIds');
  for (const tid of ids) {
    const t = locked.get(tid);
    if (!t) throw badRequest(`磅单不存在: ${tid}`, 'ticketIds');
    if (t.settledById !== null && t.settledById !== s.id) throw badRequest(`磅单 ${t.ticketNo} 已被${LOCK_WORDS[kind]} ${t.settledByNo} 锁定`, 'ticketIds');
    if (!t.counted) throw badRequest(`磅单 ${t.ticketNo} 不是${name} 的${SETTLE_KINDS[kind].partyLabel}在结算期间内已审核的磅单`, 'ticketIds');
  }
  // the wagons after the tickets, locked in id order (a train's reverse audit locks them too)
  const lockedWagons = await repo.lockWagons(tx, who.orgId, s, wagonIds !== null ? [...new Set(wagonIds)] : null);
  const wids = wagonIds !== null ? [...new Set(wagonIds)] : [...lockedWagons.values()].filter((w) => w.chosen).map((w) => w.id);
  if (ids.length + wids.length > MAX_TICKETS) throw badRequest(`${name} 的磅单超过${MAX_TICKETS}张，请缩短期间`, 'ticketIds');
  for (const wid of wids) {
    const w = lockedWagons.get(wid);
    if (!w) throw badRequest(`车皮不存在: ${wid}`, 'wagonIds');
    if (w.settledById !== null && w.settledById !== s.id) throw badRequest(`车皮 ${w.ticketNo} 已被${LOCK_WORDS[kind]} ${w.settledByNo} 锁定`, 'wagonIds');
    if (!w.counted) throw badRequest(`车皮 ${w.ticketNo} 不是${name} 的${SETTLE_KINDS[kind].partyLabel}在结算期间内已审核车次的车皮`, 'wagonIds');
  }
  const decimals = await moneyDecimals(tx, who.orgId);
  const rows: SettleRow[] = [];
  const inOrder = ids.map((tid) => locked.get(tid) as repo.LockedTicket)
    .sort((a, b) => (a.completedAt?.getTime() ?? 0) - (b.completedAt?.getTime() ?? 0) || Number(a.id) - Number(b.id));
  for (const t of inOrder) {
    const r = settleRow(t, decimals);
    if (!r.ok) throw badRequest(r.message, 'ticketIds');
    rows.push(r.value);
  }
  const wagonsInOrder = wids.map((wid) => lockedWagons.get(wid) as repo.LockedWagon)
    .sort((a, b) => (a.completedAt?.getTime() ?? 0) - (b.completedAt?.getTime() ?? 0) || a.ticketNo.localeCompare(b.ticketNo) || Number(a.id) - Number(b.id));
  for (const w of wagonsInOrder) {
    const r = settleWagonRow(w, decimals);
    if (!r.ok) throw badRequest(r.message, 'wagonIds');
    rows.push(r.value);
  }
  const fds = subSettlements(s.settleNo, rows);
  // the rows are the claim: the old ones go (their tickets free), the new ones take theirs; the
  // rows' UNIQUE (scope, ticket_id) refuses a ticket another goods settlement holds
  await repo.saveRows(tx, who.orgId, s.id, fds);
  const totals = await retotal(tx, who.orgId, s, who.userId, rows.length > 0);
  return {
    reply: { id: s.id, settleNo: s.settleNo, ticketCount: rows.length, wagonCount: wids.length, fdCount: fds.length, totals },
    note: {
      action: 'confirmPounds', family: SETTLE_KINDS[kind].label, docNo: s.settleNo,
      detail: `确认磅单 ${ids.length} 张${wids.length > 0 ? `、车皮 ${wids.length} 节` : ''}，分单 ${fds.length} 个；结算数量 ${quantityWords(totals.totalQuantity, totals.totalVolume)}；金额 ${totals.totalAmount}；税额 ${totals.totalTax}`,
    },
  };
}

/** The rows grouped by delivery batch (rules.ts fdKey), in the order the batches first appear; each numbered after the settlement. */
export function subSettlements(settleNo: string, rows: readonly SettleRow[]): repo.FdToSave[] {
  const groups = new Map<string, SettleRow[]>();
  for (const r of rows) {
    const key = fdKey(r);
    const g = groups.get(key);
    if (g) g.push(r); else groups.set(key, [r]);
  }
  return [...groups.values()].map((g, i) => {
    const totals = settleTotals(g, [], null);
    if (!totals.ok) throw badRequest(totals.message, 'ticketIds');
    return { seq: i + 1, fdNo: `${settleNo}-${i + 1}`, noticeId: g[0].noticeId, contractId: g[0].contractId, materialId: g[0].materialId, rows: g, totals: totals.value };
  });
}
