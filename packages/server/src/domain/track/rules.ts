/**
 * The track scale's figures (轨道衡) are the protocol's (track.ts: a wagon's net, loss, tolerance,
 * over-tolerance loss and charge, a train's totals), shared with the train form's live totals line;
 * here what only the server decides.
 */
import Decimal from 'decimal.js';
import { CURRENCY_LIMIT, ticketAmount } from '@wb/protocol';

export { toleranceOf, trainTotals, wagonFigures, type LossBasis, type LossHandling, type LossTerms, type TrainTotals, type WagonFigures, type WagonWeights } from '@wb/protocol';

/** Why a wagon cannot be posted to stock, or null: it must be weighed (gross above tare) and name a material. */
export function wagonNotPostable(trainNo: string, w: { wagonNo: string; gross: string | null; tare: string | null; materialId: string | null }): { field: string; message: string } | null {
  if (w.gross === null) return { field: 'gross', message: `车次 ${trainNo} 车号 ${w.wagonNo} 未称毛重，不能审核` };
  if (w.tare === null) return { field: 'tare', message: `车次 ${trainNo} 车号 ${w.wagonNo} 没有皮重（标重或过磅），不能审核` };
  if (w.materialId === null) return { field: 'materialId', message: `车次 ${trainNo} 车号 ${w.wagonNo} 没有物料，不能审核` };
  return null;
}

/**
 * A wagon's amount, stamped by its train's audit beside its price (migration 105) and counted by
 * the money report, the reconciliation and the weighing reports as a truck ticket's: the settled
 * quantity (net less the charged over-tolerance loss, not below 0) x the price at the company's
 * money decimals (the protocol's ticketAmount, as the settlement's wagon row); null without a
 * price. An amount no money column holds refuses the audit, naming the wagon and the price.
 */
export function wagonAmount(
  trainNo: string, wagonNo: string, net: Decimal.Value | null, charged: Decimal.Value | null, price: Decimal.Value | null, moneyDecimals: number,
): { ok: true; amount: string | null } | { ok: false; field: string; message: string } {
  if (price === null || net === null) return { ok: true, amount: null };
  const quantity = Decimal.max(new Decimal(net).minus(charged ?? 0), 0);
  const amount = ticketAmount(quantity, price, moneyDecimals);
  if (amount.gte(CURRENCY_LIMIT)) {
    return { ok: false, field: 'ids', message: `车次 ${trainNo} 车号 ${wagonNo}：单价 ${new Decimal(price).toString()} 过大，金额不能大于或等于1000万亿` };
  }
  return { ok: true, amount: amount.toFixed() };
}
