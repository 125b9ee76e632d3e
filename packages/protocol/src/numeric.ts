import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * A number a body sends into a NUMERIC(precision, scale) column. A JSON number and the same value
 * typed as text are read alike: both become plain decimal text (1e21 is 1000000000000000000000,
 * never '1e+21'), then the column's own bound holds: |value| < 10^(precision - scale), at most
 * `scale` decimals (or rounded to them when the field says so), and not below `min`. Anything else
 * is refused by the schema, so the database never sees a value it would overflow on (a 500).
 */
export interface ColumnNumber {
  precision: number;
  scale: number;
  /** the smallest value taken (0: no negatives); absent: the column's negative bound */
  min?: number;
  /** true: extra decimals are taken as typed, for the call to round as its parameters say (a unit price) */
  round?: boolean;
  /** the field's word in messages: 单价 */
  label: string;
  /** the message for text that is not a number (kept where a call already says it its way) */
  notNumber?: string;
  /** the message for a value below `min`, likewise */
  belowMin?: string;
}

const PLAIN = /^[+-]?\d+(\.\d+)?$/;

/** The plain decimal text of a JSON number or of typed text; null when it is neither. */
export function plainDecimal(raw: unknown): string | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? new Decimal(raw).toFixed() : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  return PLAIN.test(text) ? text : null;
}

/** The bound a NUMERIC(precision, scale) column holds below: 10^(precision - scale). */
export const columnBound = (precision: number, scale: number) => new Decimal(10).pow(precision - scale);

/** Null when the value fits the column as `spec` says, else the message. */
export function columnNumberProblem(spec: ColumnNumber, text: string): string | null {
  const value = new Decimal(text);
  const bound = columnBound(spec.precision, spec.scale);
  if (value.abs().gte(bound)) return `${spec.label}应小于${bound.toFixed()}`;
  if (spec.min !== undefined && value.lt(spec.min)) return spec.belowMin ?? `${spec.label}不能小于${spec.min}`;
  if (!spec.round && value.decimalPlaces() > spec.scale) return spec.scale === 0 ? `${spec.label}应为整数` : `${spec.label}最多${spec.scale}位小数`;
  return null;
}

/** The schema of such a field: its value as plain decimal text. */
export function columnNumber(spec: ColumnNumber) {
  return z.union([z.number(), z.string()]).transform((raw, ctx) => {
    const text = plainDecimal(raw);
    const problem = text === null ? (spec.notNumber ?? `${spec.label}应为数字`) : columnNumberProblem(spec, text);
    if (problem !== null || text === null) {
      ctx.addIssue({ code: 'custom', message: problem ?? `${spec.label}应为数字` });
      return z.NEVER;
    }
    return text;
  });
}

/** Tons as the weighing tables keep them: NUMERIC(14,4). */
export const TONS_COLUMN = { precision: 14, scale: 4 } as const;
/** Money as the weighing tables keep it: NUMERIC(19,4), and below 1e15 by the spec's currency rule. */
export const MONEY_COLUMN = { precision: 19, scale: 4 } as const;
/** A percentage: NUMERIC(7,4). */
export const RATE_COLUMN = { precision: 7, scale: 4 } as const;
/**
 * Money a party pays or is paid, on the wire: NUMERIC(17,2), cents. A third decimal is refused
 * with a message naming the field (付款金额最多2位小数), never rounded quietly.
 */
export const PAY_COLUMN = { precision: 17, scale: 2 } as const;
