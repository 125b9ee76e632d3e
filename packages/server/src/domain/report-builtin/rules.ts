import { WEIGH_KIND_NAMES, WEIGH_KINDS, type WeighKind } from '@wb/protocol';
import { badRequest } from '../../platform/http/errors';

/**
 * The built-in reports' parameters, read and checked before any SQL is built (no I/O). A plant
 * day is a calendar day of the plant ('yyyy-mm-dd'); the SQL turns each day into the instant its
 * midnight falls at in PLANT_TIME_ZONE, so a truck completed at 23:30 or 00:30 plant time lands
 * on the day the plant's clock says, whatever the zone of the server or of the session.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day 'yyyy-mm-dd', else a 400 naming the field. */
export function readDay(value: unknown, field: string, title: string): string {
  const s = typeof value === 'string' ? value.trim() : '';
  const m = DAY.exec(s);
  if (!m) throw badRequest(`${title}：请选择日期（yyyy-mm-dd）`, field);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (y < 2000 || y > 2100 || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) throw badRequest(`${title}：日期无效`, field);
  return s;
}

/** A month 'yyyy-mm' (a day of it is accepted too: the ${monthStart} macro), else a 400. */
export function readMonth(value: unknown, field: string, title: string): { year: number; month: number } {
  const s = typeof value === 'string' ? value.trim() : '';
  const m = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(s);
  const year = m ? Number(m[1]) : NaN;
  const month = m ? Number(m[2]) : NaN;
  if (!m || year < 2000 || year > 2100 || month < 1 || month > 12) throw badRequest(`${title}：请选择月份（yyyy-mm）`, field);
  return { year, month };
}

/** A year (a number, 'yyyy', or a day of it: the ${yearStart} macro), else a 400. */
export function readYear(value: unknown, field: string, title: string): number {
  const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = /^(\d{4})(?:-\d{2}-\d{2})?$/.exec(s);
  const year = m ? Number(m[1]) : NaN;
  if (!m || year < 2000 || year > 2100) throw badRequest(`${title}：请选择年份`, field);
  return year;
}

/** A date range from..to of plant days, both inclusive; at most `maxDays` long. */
export function readRange(params: Record<string, unknown>, key: string, title: string, maxDays = 366): { from: string; to: string } {
  const from = readDay(params[`${key}From`], `${key}From`, `${title}（起）`);
  const to = readDay(params[`${key}To`], `${key}To`, `${title}（止）`);
  if (to < from) throw badRequest(`${title}：结束日期不能早于开始日期`, `${key}To`);
  if (daysBetween(from, to) + 1 > maxDays) throw badRequest(`${title}：最多 ${maxDays} 天`, `${key}To`);
  return { from, to };
}

/** An optional archive id (a positive integer as text), null when absent. */
export function readId(value: unknown, field: string, title: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9]\d{0,17}$/.test(s)) throw badRequest(`${title}：无效`, field);
  return s;
}

/** An optional weighing kind, null when absent. */
export function readKind(value: unknown, field = 'kind', allowed: readonly WeighKind[] = WEIGH_KINDS): WeighKind | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw badRequest('业务类型：无效', field);
  return value as WeighKind;
}

/** An optional short text (a scale's id), null when absent. */
export function readText(value: unknown, field: string, title: string, max = 64): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > max) throw badRequest(`${title}：无效`, field);
  return value.trim() || null;
}

const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** The plant day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  return iso(utc(day) + n * 86_400_000);
}

/** The same day of the month before; the month's last day when it has no such day (03-31 -> 02-28). */
export function sameDayLastMonth(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The days of a month and the first day after it: the bounds of its day buckets. */
export function monthBounds(year: number, month: number): string[] {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  return Array.from({ length: days + 1 }, (_, k) => addDays(first, k));
}

/** The first days of a year's twelve months and of the next year: the bounds of its month buckets. */
export function yearBounds(year: number): string[] {
  return Array.from({ length: 13 }, (_, k) => `${year + Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}-01`);
}

/** The kind's name as the reports print it, as a SQL CASE over `column`. */
export function kindNameSql(column: string): string {
  return `CASE ${column} ${WEIGH_KINDS.map((k) => `WHEN '${k}' THEN '${WEIGH_KIND_NAMES[k].zh}'`).join(' ')} ELSE ${column} END`;
}

/** Ticket states whose net is known and counts (a closed or void ticket has none). */
export const DONE_STATES = ['COMPLETED', 'AUDITED', 'POSTED'] as const;

/** The kinds' options of a select parameter. */
export const kindOptions = (kinds: readonly WeighKind[] = WEIGH_KINDS) =>
  kinds.map((k) => ({ value: k, label: WEIGH_KIND_NAMES[k].zh, labelEn: WEIGH_KIND_NAMES[k].en }));
