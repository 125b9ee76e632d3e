import { checkDate } from '@wb/protocol';
import type { FieldOption } from '../db/schema';

/**
 * Turns one search value into what SQL will compare, by the field's type, or says why it cannot.
 * Values are bound as parameters whatever happens here; this is what makes "abc" against a
 * number a 400 that names the key rather than a database error.
 */
export type Converted = { ok: true; value: string | boolean } | { ok: false; reason: string };

type Scalar = string | number | boolean;

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,3})?$/;

export function toNumber(v: Scalar): Converted {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : null;
  // a string keeps every digit: NUMERIC weights must not pass through a float
  if (text !== null && text.length <= 40 && NUMBER.test(text)) return { ok: true, value: text };
  return { ok: false, reason: '不是数字' };
}

/** The window's words when that is what refused a date; a date that is not one needs no more. */
export const windowNote = (reason: string) => (reason.startsWith('应在') ? `（${reason}）` : '');

/** A real calendar day inside the platform's window (protocol dates.ts), with an optional time and zone. */
export function toDateTime(v: Scalar): Converted {
  const checked = checkDate(v, 'dateTime');
  return checked.ok ? { ok: true, value: checked.value } : { ok: false, reason: `不是日期${windowNote(checked.reason)}` };
}

export function toBoolean(v: Scalar): Converted {
  if (v === true || v === 1 || v === 'true' || v === '1') return { ok: true, value: true };
  if (v === false || v === 0 || v === 'false' || v === '0') return { ok: true, value: false };
  return { ok: false, reason: '不是布尔值' };
}

export function toText(v: Scalar): Converted {
  if (typeof v === 'boolean') return { ok: false, reason: '不是文本' };
  return { ok: true, value: typeof v === 'number' ? String(v) : v.trim() };
}

/** An enumerated value must be one of the field's options, when it has any. */
export function toChoice(v: Scalar, options: FieldOption[]): Converted {
  if (typeof v === 'boolean') return { ok: false, reason: '不是可选值' };
  const text = String(v).trim();
  if (options.length > 0 && !options.some((o) => String(o.value) === text)) return { ok: false, reason: '不是可选值' };
  return { ok: true, value: text };
}

export function convert(fieldType: string, v: Scalar, options: FieldOption[]): Converted {
  switch (fieldType) {
    case 'NUMBER':
      return toNumber(v);
    case 'DATE':
    case 'TIME':
      return toDateTime(v);
    case 'BOOLEAN':
      return toBoolean(v);
    case 'ENUM':
    case 'TAG':
      return toChoice(v, options);
    default:
      return toText(v);
  }
}

/** How SQL reads the bound value: an explicit type, so a parameter never takes a surprising one. */
export type Cast = 'numeric' | 'timestamptz' | 'boolean' | 'text' | null;

export function castFor(fieldType: string): Cast {
  switch (fieldType) {
    case 'NUMBER':
      return 'numeric';
    case 'DATE':
    case 'TIME':
      return 'timestamptz';
    case 'BOOLEAN':
      return 'boolean';
    // an option's value takes the column's own type (text, or a small integer code)
    case 'ENUM':
    case 'TAG':
      return null;
    default:
      return 'text';
  }
}

/** `like` is "contains" and `lk` "starts with"; the user's %, _ and \ are plain characters. */
export function likePattern(op: 'like' | 'lk', text: string): string {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return op === 'like' ? `%${escaped}%` : `${escaped}%`;
}
