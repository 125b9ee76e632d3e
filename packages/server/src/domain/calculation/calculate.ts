import type { ChangeNote } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import { AppError, badRequest } from '../../platform/http/errors';
import { resolvePrice } from '../price/resolve';
import { weighParams } from '../weighing/repo';
import { CALC_KINDS, type CalcKind } from './kinds';
import * as repo from './repo';
import { calcRow, calcTotals, decideCalculate, type CalcRow, type CalcTotals } from './rules';

export interface Calculated { id: string; calcNo: string; totals: CalcTotals; rows: CalcRow[] }

/** The calculation's name in messages and the log: 销售计算 XSJS202611250001. */
export const calcName = (kind: CalcKind, calcNo: string) => `${CALC_KINDS[kind].label} ${calcNo}`;

/** The header locked, or a 404 naming the id. */
export async function lockedHeader(tx: repo.Tx, who: Pick<Who, 'orgId'>, kind: CalcKind, id: string): Promise<repo.CalcHeader> {
  const c = await repo.lockCalculation(tx, who.orgId, kind, id);
  if (!c) throw new AppError(404, `${CALC_KINDS[kind].label}不存在: ${id}`, 'id');
  return c;
}

/**
 * 计算 (cal): the period's tickets of the party with the prices in force, replacing the rows, while
 * the calculation is not locked. Each ticket's price in force is the price chain's
 * (domain/price/resolve.ts) at the ticket's completion time as the prices stand now, so a
 * retroactive adjustment shows as the difference to the price the ticket carries.
 */
export async function calculate(tx: repo.Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: CalcKind, id: string): Promise<{ reply: Calculated; note: ChangeNote }> {
  const c = await lockedHeader(tx, who, kind, id);
  const name = calcName(kind, c.calcNo);
  const refused = decideCalculate({ name, lockState: c.lockState, calculatedVersion: c.calculatedVersion, version: c.version });
  if (refused) throw badRequest(refused, 'id');
  const tickets = await repo.periodTickets(tx, who.orgId, c, CALC_KINDS[kind].lockKind);
  if (tickets.length > repo.MAX_TICKETS) throw badRequest(`${name} 的期间内磅单超过${repo.MAX_TICKETS}张，请缩短期间`, 'periodTo');
  const { moneyPrecision } = await weighParams(tx, who.orgId);
  const rows: CalcRow[] = [];
  for (const t of tickets) {
    const pick = t.materialId === null || t.completedAt === null ? null : await resolvePrice(tx, {
      orgId: who.orgId, kind, noticeLineId: t.noticeLineId, noticeLine: t.noticeLine, materialId: t.materialId,
      partyId: kind === 'sa' ? c.partyId : null, at: t.completedAt, routeId: t.routeId,
    });
    const row = calcRow(t, pick, moneyPrecision);
    if (!row.ok) throw badRequest(row.message, 'id');
    rows.push(row.value);
  }
  const totals = calcTotals(rows);
  if (!totals.ok) throw badRequest(totals.message, 'id');
  await repo.saveCalculation(tx, who.orgId, c, rows, totals.value, who.userId);
  return {
    reply: { id: c.id, calcNo: c.calcNo, totals: totals.value, rows },
    note: { action: 'calculate', family: CALC_KINDS[kind].label, docNo: c.calcNo, detail: `磅单 ${rows.length} 张；净重 ${totals.value.totalNet}；原金额 ${totals.value.totalCarried}；执行金额 ${totals.value.totalInForce}；差额 ${totals.value.totalDifference}` },
  };
}
