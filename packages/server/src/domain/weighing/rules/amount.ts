import Decimal from 'decimal.js';

/**
 * A ticket's amount (金额): net weight times unit price, rounded half up to the company's money
 * precision (parameter moneyPrecision), as an invoice rounds it. Every place that sets an amount
 * (second weighing, deductions, merge and split, price changes, manual tickets) uses this one rule.
 */
export function ticketAmount(net: Decimal.Value, price: Decimal.Value, moneyPrecision: number): Decimal {
  return new Decimal(net).mul(price).toDecimalPlaces(moneyPrecision, Decimal.ROUND_HALF_UP);
}
