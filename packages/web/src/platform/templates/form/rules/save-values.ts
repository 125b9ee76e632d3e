/**
 * What a form sends (spec section 5, Save): strings trimmed, and an empty value sent as null so the
 * server clears the column; false and 0 are answers, not blanks, and stay.
 */
export function toSaveValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (Array.isArray(value)) return value.length === 0 ? null : value.map((v) => (typeof v === 'string' ? v.trim() : v));
  return value;
}

export function toSaveValues<T extends Record<string, unknown>>(values: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) out[key] = toSaveValue(value);
  return out;
}

/** After a load, an empty text becomes null too, so an untouched field saves as it came. */
export const blankToNull = toSaveValues;
