import Decimal from 'decimal.js';
import { CURRENCY_LIMIT, ticketAmount } from '@wb/protocol';
import type { PriceBasis } from '../../../platform/db/schema';
import { pricedQuantity } from '../gauge/rules';
import { showTons } from './units';

/**
 * `awaitingGauge`: the price is per m3 and the ticket has no gauged volume yet, so it has no amount
 * (never one figured on its tons); the caller says so, or refuses (a calculation, a settlement).
 */
export type AmountResult = { ok: true; amount: string | null; awaitingGauge?: true } | { ok: false; message: string };

/** What a ticket's amount is figured on: its price basis (migration 085) and its gauged volume. */
export interface AmountBasis { price_basis: PriceBasis; gauge_volume: Decimal.Value | null }

/** A price per ton of the net weighed: a ticket that was never priced per m3. */
export const NET_BASIS: AmountBasis = { price_basis: 'NET', gauge_volume: null };

/**
 * A ticket's amount as the server stores it, the one function every path that prices a ticket
 * calls (completion, a second weighing, 改价, a deduction, the lab's result, the calculation, a
 * return, a merge or split, a gauging): the protocol's ticketAmount (quantity x unit price at the
 * company's money precision; the web rounds with the same function), null without a price. The
 * quantity is the price basis's: the net weighed, or, for a price per m3 (a price rule, contract
 * line or price adjustment line with price_basis VOLUME), the gauged volume; a ticket priced per m3
 * and not gauged yet has no amount until its gauging (gauge/rules.ts pricedQuantity). The unit
 * price is the ticket's price plus the change the lab's results decided under the contract's
 * quality terms (wb_ticket.quality_price_adjust). It is a derived figure, so a price and a quantity
 * that are each within bounds may still make one no money column holds (spec section 5: amounts
 * below 1e15): refused before anything is written, naming the price, which is what the user can change.
 */
export function basisAmount(
  t: AmountBasis, net: Decimal, price: Decimal.Value | null, moneyPrecision: number, qualityPriceAdjust: Decimal.Value | null = 0,
): AmountResult {
  const quantity = pricedQuantity(t.price_basis, net, t.gauge_volume);
  if (quantity === null) return { ok: true, amount: null, awaitingGauge: true };
  if (price === null) return { ok: true, amount: null };
  const amount = ticketAmount(quantity, new Decimal(price).plus(qualityPriceAdjust ?? 0), moneyPrecision);
  if (amount.abs().gte(CURRENCY_LIMIT)) {
    const what = t.price_basis === 'VOLUME' ? `检尺方量 ${quantity.toFixed()} 立方米` : `净重 ${showTons(quantity)}`;
    return { ok: false, message: `单价 ${new Decimal(price).toString()} 过大：${what} 的金额不能大于或等于1000万亿` };
  }
  return { ok: true, amount: amount.toFixed() };
}

/** Why a ticket priced per m3 has no amount yet, in the words of the refusals and the flags. */
export const awaitingGaugeText = (ticketNo: string) => `磅单 ${ticketNo} 按检尺方量计价，尚未检尺`;
