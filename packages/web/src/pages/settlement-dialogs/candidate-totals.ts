import { toDecimal } from '@wb/protocol';
import type { Candidate } from './api';

/**
 * The chosen candidates' count, settled quantity and amount: the sums of the rows the server says
 * they will become (weightLists computes each with the rule confirmPounds saves by), as decimals.
 */
export function chosenTotals(rows: Pick<Candidate, 'id' | 'quantity' | 'amount'>[], chosen: ReadonlySet<string>): { count: number; quantity: string; amount: string } {
  let quantity = zero();
  let amount = zero();
  let count = 0;
  for (const r of rows) {
    if (!chosen.has(r.id)) continue;
    count += 1;
    quantity = quantity.plus(r.quantity);
    amount = amount.plus(r.amount);
  }
  return { count, quantity: quantity.toFixed(), amount: amount.toFixed(2) };
}

// decimal.js comes through the protocol's money helpers (the web does not depend on it itself)
function zero() {
  return toDecimal('0') as NonNullable<ReturnType<typeof toDecimal>>;
}
