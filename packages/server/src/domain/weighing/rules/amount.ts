import Decimal from 'decimal.js';
import { CURRENCY_LIMIT, ticketAmount } from '@wb/protocol';
import type { PriceBasis } from '../../../platform/db/schema';
import { pricedQuantity } from '../gauge/rules';
import { showTons } from './units';

export type AmountResult = { ok: true; amount: string | null } | { ok: false; message: string };

/**
 * A ticket's amount as the server stores it: the protocol's ticketAmount (net x unit price at the
 * company's money precision; the web rounds with the same function), null without a price. The
 * unit price is the ticket's price plus the change the lab's results decided under the contract's
 * quality terms (wb_ticket.quality_price_adjust): this is the one place that says so, so the
 * deduction, the price change, a second weighing and the quality inspection agree. It is
 * a derived figure, so a price and a weight that are each within bounds may still make one no
 * money column holds (spec section 5: amounts below 1e15): refused before anything is written,
 * naming the price, which is what the user can change.
 */
export function pricedAmount(net: Decimal, price: Decimal.Value | null, moneyPrecision: number, qualityPriceAdjust: Decimal.Value | null = 0): AmountResult {
  if (price === null) return { ok: true, amount: null };
  const amount = ticketAmount(net, new Decimal(price).plus(qualityPriceAdjust ?? 0), moneyPrecision);
  if (amount.abs().gte(CURRENCY_LIMIT)) {
    return { ok: false, message: `单价 ${new Decimal(price).toString()} 过大：净重 ${showTons(net)} 的金额不能大于或等于1000万亿` };
  }
  return { ok: true, amount: amount.toFixed() };
}

/**
 * The amount on the ticket's price basis (migration 085): per ton of its net, or, for a price per
 * m3 (a price rule or contract line with price_basis VOLUME), per m3 of its gauged volume; a ticket
 * priced per m3 and not gauged yet has no amount until its gauging (gauge/rules.ts pricedQuantity).
 */
export function basisAmount(
  t: { price_basis: PriceBasis; gauge_volume: string | null }, net: Decimal, price: Decimal.Value | null, moneyPrecision: number,
  qualityPriceAdjust: Decimal.Value | null = 0,
): AmountResult {
  const quantity = pricedQuantity(t.price_basis, net, t.gauge_volume);
  return quantity === null ? { ok: true, amount: null } : pricedAmount(quantity, price, moneyPrecision, qualityPriceAdjust);
}
