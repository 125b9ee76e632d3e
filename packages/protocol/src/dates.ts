import { z } from 'zod';

/**
 * The one reading of a date or a time the platform takes, on the wire, in a document field, a list
 * filter or an import: a real calendar day (2026-02-30 is not one) inside the window a plant's
 * business can fall in. A receipt dated 1000-01-01 or 9999-12-31 is a typing slip, not a record,
 * and PostgreSQL would take both; so the window is checked here, once, for every caller.
 */
export const DATE_WINDOW = { first: '2000-01-01', last: '2099-12-31' } as const;

/** yyyy-MM-dd, optionally HH:mm[:ss[.ffffff]] after a space or T, optionally a zone (Z, +08, +08:00). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** What a date or time text must be. `date`: a day only; `dateTime`: a day with an optional time (the plant's wall clock when no zone); `instant`: a time with its zone. */
export type DateShape = 'date' | 'dateTime' | 'instant';

export type DateCheck = { ok: true; value: string } | { ok: false; reason: string };

const realDay = (year: number, month: number, day: number) => {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
};

const SHAPE_WORDS: Record<DateShape, string> = {
  date: '应为日期 yyyy-MM-dd',
  dateTime: '应为时间 yyyy-MM-dd HH:mm:ss',
  instant: '应为带时区的时间',
};

/** The day of a text that reads as one, or why it does not; the text is kept as typed (trimmed). */
export function checkDate(raw: unknown, shape: DateShape = 'dateTime'): DateCheck {
  if (typeof raw !== 'string') return { ok: false, reason: SHAPE_WORDS[shape] };
  const text = raw.trim();
  const m = DATE_TIME.exec(text);
  if (!m) return { ok: false, reason: SHAPE_WORDS[shape] };
  const hasTime = m[4] !== undefined;
  const hasZone = m[7] !== undefined;
  if ((shape === 'date' && (hasTime || hasZone)) || (shape === 'instant' && !(hasTime && hasZone))) return { ok: false, reason: SHAPE_WORDS[shape] };
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((p) => (p === undefined ? undefined : Number(p))) as number[];
  if (!realDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return { ok: false, reason: `不是真实的日期：${text.slice(0, 30)}` };
  const day10 = `${m[1]}-${m[2]}-${m[3]}`;
  // an instant in another zone may fall a day either side of the window's plant days
  if (day10 < DATE_WINDOW.first || day10 > DATE_WINDOW.last) return { ok: false, reason: `应在 ${DATE_WINDOW.first} 至 ${DATE_WINDOW.last} 之间` };
  return { ok: true, value: text };
}

/** A day written yyyyMMdd (a sample's date as the sampling grid sends it). */
export function checkCompactDate(raw: unknown): DateCheck {
  const m = typeof raw === 'string' ? /^(\d{4})(\d{2})(\d{2})$/.exec(raw.trim()) : null;
  if (!m) return { ok: false, reason: '应为日期 yyyyMMdd' };
  const checked = checkDate(`${m[1]}-${m[2]}-${m[3]}`, 'date');
  return checked.ok ? { ok: true, value: m.slice(1, 4).join('') } : checked;
}

/** A month yyyy-MM inside the window. */
export function checkMonth(raw: unknown): DateCheck {
  const m = typeof raw === 'string' ? MONTH.exec(raw.trim()) : null;
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return { ok: false, reason: '应为月份 yyyy-MM，如 2026-11' };
  const text = `${m[1]}-${m[2]}`;
  if (`${text}-01` < DATE_WINDOW.first || `${text}-01` > DATE_WINDOW.last) return { ok: false, reason: `应在 ${DATE_WINDOW.first.slice(0, 7)} 至 ${DATE_WINDOW.last.slice(0, 7)} 之间` };
  return { ok: true, value: text };
}

/** Marks a schema as a date of the platform, so the tests find every date a call takes. */
export const DATE_META_KEY = 'plantDate';

export type DateKind = DateShape | 'month' | 'compactDate';

function dateSchema(label: string, check: (raw: unknown) => DateCheck, kind: DateKind) {
  return z
    .string({ error: `${label}不能为空` })
    .transform((raw, ctx) => {
      const checked = check(raw);
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', message: `${label}${checked.reason}` });
        return z.NEVER;
      }
      return checked.value;
    })
    .meta({ [DATE_META_KEY]: kind });
}

/** A calendar day, yyyy-MM-dd: a period's end, a payment's date. */
export const plantDate = (label: string) => dateSchema(label, (raw) => checkDate(raw, 'date'), 'date');
/** A day with an optional time; without a zone it is the plant's wall clock (PLANT_TIME_ZONE). */
export const plantDateTime = (label: string) => dateSchema(label, (raw) => checkDate(raw, 'dateTime'), 'dateTime');
/** A moment with its zone, as a program sends it (a station's reading time). */
export const instant = (label: string) => dateSchema(label, (raw) => checkDate(raw, 'instant'), 'instant');
/** A day written yyyyMMdd. */
export const plantDateCompact = (label: string) => dateSchema(label, checkCompactDate, 'compactDate');
/** A month, yyyy-MM. */
export const plantMonth = (label: string) => dateSchema(label, checkMonth, 'month');

/** The kind a schema was marked with by the factories above, if any. */
export function dateKindOf(schema: z.ZodType): DateKind | undefined {
  const meta = schema.meta() as Record<string, unknown> | undefined;
  return meta?.[DATE_META_KEY] as DateKind | undefined;
}
