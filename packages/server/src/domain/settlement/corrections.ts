import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { AppError, badRequest } from '../../platform/http/errors';
import { moneyDecimals, retotal } from './header';
import { settleName, type SettleKind } from './kinds';
import * as repo from './repo';
import { settleRow, stateAfterPayment, type RowDeductions, type SettleRow, type SettleTicket } from './rules';

/**
 * A correction reaching a settled ticket (a lab result known after the ticket was settled: its new
 * QUALITY deduction and its new quality price change). The ticket is frozen and its row is what was
 * settled, so neither is edited: the settlement holding it takes an adjustment row (reason QUALITY)
 * with the difference between the row as the new figures make it and the row as it stands with the
 * earlier corrections of the same ticket, and its totals stay the sums of its rows and adjustment
 * rows. A correction that changes nothing adds no row.
 *
 * Lock order: the settlement's row (the caller may hold the ticket's). The payment state follows the
 * new total: a paid settlement owed more is examined (owing) again; a closed one stays closed.
 */
export async function correctSettledTicket(
  tx: repo.Tx,
  c: { orgId: string; ticketId: string; qualityDeduction: string; qualityPriceAdjust: string; reason: string; userId: string | null },
): Promise<{ settlementNo: string }> {
  const ticket = await tx.selectFrom('wb_ticket').select('id').where('org_id', '=', c.orgId).where('id', '=', c.ticketId).executeTakeFirst();
  if (!ticket) throw new AppError(404, `磅单不存在: ${c.ticketId}`, 'ticketId');
  // the settlement holding it: its row's claim (repo.holders)
  const holder = (await repo.holders(tx, [c.ticketId])).get(c.ticketId);
  // the lab's check is a caller: a refusal never names the ticket (its number would break the blind code)
  if (!holder) throw badRequest('该磅单未结算', 'ticketId');
  for (const [field, v] of [['qualityDeduction', c.qualityDeduction], ['qualityPriceAdjust', c.qualityPriceAdjust]] as const) {
    if (!/^-?\d+(\.\d{1,4})?$/.test(v) || new Decimal(v).abs().gte(1e10)) throw badRequest(`${field} 不是有效的数字: ${v}`, field);
  }
  if (new Decimal(c.qualityDeduction).isNegative()) throw badRequest('质量扣重不能小于0', 'qualityDeduction');
  const s = await repo.lockSettlement(tx, c.orgId, null, holder.id);
  if (!s) throw new AppError(404, `结算单不存在: ${holder.no}`, 'ticketId');
  const row = await tx.selectFrom('wb_settlement_row').selectAll().where('settlement_id', '=', s.id).where('ticket_id', '=', c.ticketId).executeTakeFirst();
  if (!row) throw badRequest(`${settleName(s.kind as SettleKind, s.settleNo)} 没有该磅单的结算行`, 'ticketId');
  const earlier = await tx.selectFrom('wb_settlement_adjust')
    .select([sql<string>`coalesce(sum(quantity), 0)::text`.as('quantity'), sql<string>`coalesce(sum(amount), 0)::text`.as('amount'),
      sql<string>`coalesce(sum(tax), 0)::text`.as('tax'), sql<string>`coalesce(sum(amount_ex_tax), 0)::text`.as('exTax')])
    .where('settlement_id', '=', s.id).where('ticket_id', '=', c.ticketId).where('reason_kind', '=', 'QUALITY').executeTakeFirstOrThrow();
  // a ticket priced per m3 keeps its gauged volume as the row's quantity (a settled ticket is not gauged again)
  const gauged = await tx.selectFrom('wb_ticket').select(['price_basis', 'gauge_volume']).where('org_id', '=', c.orgId).where('id', '=', c.ticketId).executeTakeFirst();
  const next = settleRow({
    id: c.ticketId, ticketNo: row.ticket_no, completedAt: row.completed_at, materialId: row.material_id, noticeId: row.notice_id, contractId: row.contract_id,
    basis: row.basis, net: new Decimal(row.gross_net).minus(c.qualityDeduction).toFixed(), shipped: row.shipped, qualityDeduction: c.qualityDeduction,
    siteDeductions: siteOf(row.deductions),
    price: row.price, qualityPriceAdjust: c.qualityPriceAdjust, taxRate: row.tax_rate,
    ...(gauged?.price_basis === 'VOLUME' ? { priceBasis: 'VOLUME' as const, gaugeVolume: gauged.gauge_volume } : {}),
  }, await moneyDecimals(tx, c.orgId));
  if (!next.ok) throw badRequest(next.message, 'qualityPriceAdjust');
  const delta = difference(next.value, row, earlier);
  if (delta.quantity.isZero() && delta.amount.isZero() && delta.tax.isZero()) return { settlementNo: s.settleNo };
  const seq = await repo.nextSeq(tx, 'wb_settlement_adjust', s.id);
  await tx.insertInto('wb_settlement_adjust').values({
    org_id: c.orgId, settlement_id: s.id, seq, reason_kind: 'QUALITY', reason: correctionReason(c, row.ticket_no), ticket_id: c.ticketId, ticket_no: row.ticket_no,
    quantity: delta.quantity.toFixed(), amount: delta.amount.toFixed(), tax: delta.tax.toFixed(), amount_ex_tax: delta.amountExTax.toFixed(), created_by: c.userId,
  }).execute();
  const totals = await retotal(tx, c.orgId, s, c.userId);
  const moved = { ...s, version: s.version + 1 };
  if (s.state === 'PAID' || s.state === 'EXAMINED') {
    const state = stateAfterPayment({ totalAmount: totals.totalAmount }, s.paidAmount);
    if (state !== s.state) await repo.setState(tx, c.orgId, moved, state, c.userId);
  }
  return { settlementNo: s.settleNo };
}

/** The site's deductions a stored row was settled with (its deductions less the quality one). */
const siteOf = (d: unknown): SettleTicket['siteDeductions'] => {
  const { QUALITY: _quality, LOSS: _loss, ...site } = (d ?? {}) as RowDeductions;
  return site;
};

const correctionReason = (c: { reason: string; qualityDeduction: string; qualityPriceAdjust: string }, ticketNo: string) =>
  `${c.reason.trim() || '质量更正'}（磅单 ${ticketNo}：质量扣重 ${new Decimal(c.qualityDeduction).toFixed()}，质量调价 ${new Decimal(c.qualityPriceAdjust).toFixed()}）`.slice(0, 500);

/** The new row against the stored row with its earlier corrections. */
function difference(next: SettleRow, row: { quantity: string; amount: string; tax: string; amount_ex_tax: string }, earlier: { quantity: string; amount: string; tax: string; exTax: string }) {
  const was = (stored: string, adjusted: string) => new Decimal(stored).plus(adjusted);
  return {
    quantity: new Decimal(next.quantity).minus(was(row.quantity, earlier.quantity)),
    amount: new Decimal(next.amount).minus(was(row.amount, earlier.amount)),
    tax: new Decimal(next.tax).minus(was(row.tax, earlier.tax)),
    amountExTax: new Decimal(next.amountExTax).minus(was(row.amount_ex_tax, earlier.exTax)),
  };
}
