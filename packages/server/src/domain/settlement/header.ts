import type { Who } from '../../platform/auth/who';
import { AppError, badRequest } from '../../platform/http/errors';
import { weighParams } from '../weighing/repo';
import { SETTLE_KINDS, settleName, type SettleKind } from './kinds';
import * as repo from './repo';
import { totalsOf, type SettleFacts, type SettleTotals } from './rules';

/** The header locked, or a 404 naming the id. */
export async function lockedHeader(tx: repo.Tx, who: Pick<Who, 'orgId'>, kind: SettleKind, id: string): Promise<repo.SettleHeader> {
  const s = await repo.lockSettlement(tx, who.orgId, kind, id);
  if (!s) throw new AppError(404, `${SETTLE_KINDS[kind].label}不存在: ${id}`, 'id');
  return s;
}

export const factsOf = (s: repo.SettleHeader): SettleFacts => ({
  name: settleName(s.kind, s.settleNo), state: s.state, ticketCount: s.ticketCount, paidAmount: s.paidAmount, invoicedAmount: s.invoicedAmount, totalAmount: s.totalAmount,
});

/** A refusal as the 400 it is, naming the settlement's id. */
export function refuse(message: string | null, field = 'id'): void {
  if (message) throw badRequest(message, field);
}

/** The company's money decimals (parameter moneyPrecision). */
export const moneyDecimals = async (tx: repo.Tx, orgId: string) => (await weighParams(tx, orgId)).moneyPrecision;

/**
 * The header's totals again from its stored rows and adjustment rows, so they are always their sums:
 * the total rounded to the cent once by the plant's rule (payRounding), its automatic rounding row
 * rewritten with what the rounding added (gone when nothing).
 */
export async function retotal(tx: repo.Tx, orgId: string, s: repo.SettleHeader, userId: string | null, confirmed?: boolean): Promise<SettleTotals> {
  const { rows, adjusts } = await repo.storedSums(tx, s.id);
  const totals = totalsOf(rows, adjusts, (await weighParams(tx, orgId)).payRounding);
  if (!totals.ok) throw badRequest(totals.message, 'id');
  await repo.saveRounding(tx, orgId, s.id, totals.value.rounding, userId);
  await repo.saveTotals(tx, orgId, s, totals.value, userId, confirmed);
  return totals.value;
}
