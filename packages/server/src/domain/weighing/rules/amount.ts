import Decimal from 'decimal.js';
import { CURRENCY_LIMIT } from '@wb/protocol';
import { showTons } from './units';

export type AmountResult = { ok: true; amount: string | null } | { ok: false; message: string };

/**
 * A ticket's amount: net x unit price at the company's money precision (null without a price).
 * It is a derived figure, so a price and a weight that are each within bounds may still make one
 * no money column holds (spec section 5: amounts below 1e15): refused before anything is written,
 * naming the price, which is what the user can change.
 */
export function ticketAmount(net: Decimal, price: Decimal.Value | null, moneyPrecision: number): AmountResult {
  if (price === null) return { ok: true, amount: null };
  const amount = net.mul(price).toDecimalPlaces(moneyPrecision, Decimal.ROUND_HALF_UP);
  if (amount.abs().gte(CURRENCY_LIMIT)) {
    return { ok: false, message: `单价 ${new Decimal(price).toString()} 过大：净重 ${showTons(net)} 的金额不能大于或等于1000万亿` };
  }
  return { ok: true, amount: amount.toFixed() };
}
