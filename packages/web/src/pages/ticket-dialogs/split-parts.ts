import { toDecimal } from '@wb/protocol';

/**
 * The 拆分 dialog's arithmetic for display: the parts typed (tons, at most 4 decimals as the split
 * call takes them) against the ticket's net. Whether a split is allowed, and how the tare and the
 * deductions are shared, is the server's (rules/merge-split.ts).
 */
export const PART_DECIMALS = 4;
export const MIN_PARTS = 2;
export const MAX_PARTS = 20;

export interface PartsSum {
  /** the typed parts' sum, or null while one is not a number */
  sum: string | null;
  /** net minus the sum */
  difference: string | null;
  addsUp: boolean;
}

export function sumParts(parts: readonly string[], net: string | null): PartsSum {
  const values = parts.map((p) => toDecimal(p));
  const total = values.every((v) => v !== null) ? values.reduce((s, v) => s.plus(v!), toDecimal(0)!) : null;
  const whole = toDecimal(net);
  if (!total || !whole) return { sum: total?.toFixed() ?? null, difference: null, addsUp: false };
  const difference = whole.minus(total);
  const allAboveZero = values.every((v) => v!.gt(0));
  return { sum: total.toFixed(), difference: difference.toFixed(), addsUp: difference.isZero() && allAboveZero };
}

/**
 * The net in `count` parts: each the net's share cut to the decimals the net is written with (2 at
 * least), the last the rest, so that they add up exactly.
 */
export function evenParts(net: string | null, count: number): string[] {
  const whole = toDecimal(net);
  const n = Math.max(MIN_PARTS, Math.min(MAX_PARTS, Math.floor(count)));
  if (!whole || whole.lte(0)) return Array.from({ length: n }, () => '');
  const decimals = Math.min(PART_DECIMALS, Math.max(2, whole.decimalPlaces()));
  const share = whole.div(n).toDecimalPlaces(decimals, 1 /* ROUND_DOWN */);
  const parts = Array.from({ length: n - 1 }, () => share);
  const rest = whole.minus(share.mul(n - 1));
  return [...parts, rest].map((p) => p.toFixed());
}

/** A part as the split call takes it: a number of at most 4 decimals. */
export const isPartValue = (value: string) => /^\d+(\.\d{1,4})?$/.test(value.trim());
