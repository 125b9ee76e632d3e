import { ticketAmount, toDecimal } from '@wb/protocol';
import type { Candidate } from './api';

/**
 * A candidate's amount as the popup shows it: net x (price + quality price adjustment) at 2
 * decimals; the settled row may differ (contract basis, quality deduction), the server fixes it.
 */
export function candidateAmount(c: Pick<Candidate, 'net' | 'price' | 'qualityPriceAdjust'>): string {
  const price = zero().plus(c.price ?? 0).plus(c.qualityPriceAdjust || 0);
  return ticketAmount(c.net, price, 2).toFixed(2);
}

/** The chosen tickets' count, net and amount, summed as decimals. */
export function chosenTotals(rows: Candidate[], chosen: ReadonlySet<string>): { count: number; net: string; amount: string } {
  let net = zero();
  let amount = zero();
  let count = 0;
  for (const r of rows) {
    if (!chosen.has(r.id)) continue;
    count += 1;
    net = net.plus(r.net);
    amount = amount.plus(candidateAmount(r));
  }
  return { count, net: net.toFixed(), amount: amount.toFixed(2) };
}

// decimal.js comes through the protocol's money helpers (the web does not depend on it itself)
function zero() {
  return toDecimal('0') as NonNullable<ReturnType<typeof toDecimal>>;
}
