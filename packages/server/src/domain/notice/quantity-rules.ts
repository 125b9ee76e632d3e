import Decimal from 'decimal.js';

/**
 * Quantity control on a notice line (domain notes: ctrlMode quantity_control): what is done plus
 * what registries have reserved for trucks on the way never passes the max limit. Pure: the repo
 * locks the line, asks these, and writes what they answer in the same transaction.
 */
export interface LineQuantities {
  maxLimit: Decimal.Value;
  done: Decimal.Value;
  inTransit: Decimal.Value;
  /** the notice's ctrl_mode is QUANTITY */
  quantityControl: boolean;
}

export type QuantityDecision =
  | { ok: true; done: Decimal; inTransit: Decimal; doneTrips: number; inTransitTrips: number }
  | { ok: false; message: string };

/** Tons as a plant reads them: no trailing zeros (12.5, not 12.5000). */
export const tons = (v: Decimal.Value) => new Decimal(v).toFixed();

export function remaining(line: LineQuantities): Decimal {
  return new Decimal(line.maxLimit).minus(line.done).minus(line.inTransit);
}

const overLimit = (line: LineQuantities, wanted: Decimal.Value) =>
  `超出通知单最大限量：剩余可用 ${tons(Decimal.max(0, remaining(line)))} 吨，本次需要 ${tons(wanted)} 吨`;

/**
 * A trip counts as in transit while it holds something on the line: reserving, releasing and
 * completing all count by the same test, so the trip count never drifts from the holds.
 */
const holds = (quantity: Decimal.Value) => new Decimal(quantity).greaterThan(0);

/** A registry holds its pre-loaded quantity on the line while its truck is on the way. */
export function decideReserve(line: LineQuantities & { inTransitTrips: number; doneTrips: number }, quantity: Decimal.Value): QuantityDecision {
  const q = new Decimal(quantity);
  if (q.isNegative()) return { ok: false, message: '预装数不能小于0' };
  if (line.quantityControl && q.greaterThan(remaining(line))) return { ok: false, message: overLimit(line, q) };
  return { ok: true, done: new Decimal(line.done), inTransit: new Decimal(line.inTransit).plus(q), doneTrips: line.doneTrips, inTransitTrips: line.inTransitTrips + (holds(q) ? 1 : 0) };
}

/** The trip ended without goods counted (obsolete registry, truck left loaded or empty): the hold goes back. */
export function decideRelease(line: LineQuantities & { inTransitTrips: number; doneTrips: number }, reserved: Decimal.Value): QuantityDecision {
  const inTransit = Decimal.max(0, new Decimal(line.inTransit).minus(reserved));
  return { ok: true, done: new Decimal(line.done), inTransit, doneTrips: line.doneTrips, inTransitTrips: Math.max(0, line.inTransitTrips - (holds(reserved) ? 1 : 0)) };
}

/**
 * The completed ticket turns its registry's hold into done. The net may be more than was held (the
 * truck loaded more than its pre-load): only what exceeds the hold needs room under the limit.
 */
export function decideComplete(line: LineQuantities & { inTransitTrips: number; doneTrips: number }, reserved: Decimal.Value, net: Decimal.Value): QuantityDecision {
  const n = new Decimal(net);
  if (n.isNegative()) return { ok: false, message: '净重不能小于0' };
  const inTransit = Decimal.max(0, new Decimal(line.inTransit).minus(reserved));
  const done = new Decimal(line.done).plus(n);
  if (line.quantityControl && done.plus(inTransit).greaterThan(line.maxLimit)) {
    const room = new Decimal(line.maxLimit).minus(line.done).minus(inTransit);
    return { ok: false, message: `超出通知单最大限量：剩余可用 ${tons(Decimal.max(0, room))} 吨，本车净重 ${tons(n)} 吨` };
  }
  return { ok: true, done, inTransit, doneTrips: line.doneTrips + 1, inTransitTrips: Math.max(0, line.inTransitTrips - (holds(reserved) ? 1 : 0)) };
}

/** A completed ticket taken back (obsoleted, returned): its net leaves done. */
export function decideUncomplete(line: LineQuantities & { inTransitTrips: number; doneTrips: number }, net: Decimal.Value): QuantityDecision {
  const done = new Decimal(line.done).minus(net);
  if (done.isNegative()) return { ok: false, message: `通知单已执行量 ${tons(line.done)} 吨小于本单净重 ${tons(net)} 吨，无法冲回` };
  return { ok: true, done, inTransit: new Decimal(line.inTransit), doneTrips: Math.max(0, line.doneTrips - 1), inTransitTrips: line.inTransitTrips };
}
