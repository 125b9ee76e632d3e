import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/**
 * The plant's clock: the one place the web reads, shows and writes a date or a time.
 *
 * The plant works on its own clock (the server's PLANT_TIME_ZONE, sent in ClientConfig.timeZone),
 * whatever zone the browser is set to. Three kinds of value meet here:
 * - an instant on the wire carries its zone (2026-11-28T07:57:55.000Z, ...+08:00): it is shown on
 *   the plant's clock;
 * - a wall-clock text without a zone (2026-11-28 15:57:55, 2026-11-28) is already the plant's and
 *   shows as sent; the server reads what the web sends without a zone the same way;
 * - a picker's value (antd's DatePicker holds a dayjs in the browser's zone): its wall fields are
 *   the plant's wall clock. `toPicker` turns a wire value into one, `fromPicker` back into the
 *   plant text the server takes, and `plantNow` gives "now" as one (for today, this month).
 * Durations are taken between instants, never between wall clocks.
 */

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';
export const MINUTE_FORMAT = 'YYYY-MM-DD HH:mm';
export const TIME_FORMAT = 'HH:mm:ss';
export const MONTH_FORMAT = 'YYYY-MM';

export const DEFAULT_PLANT_ZONE = 'Asia/Shanghai';

let zone = DEFAULT_PLANT_ZONE;
// antd's pickers take "now" (today's cell, 今天, 此刻) from dayjs's default zone when the timezone
// plugin is there: the plant's
dayjs.tz.setDefault(zone);

const validZone = (z: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: z });
    return true;
  } catch {
    return false;
  }
};

/** Sets the plant's zone (from the server's ClientConfig.timeZone); an unknown name keeps the one before. */
export function setPlantZone(timeZone: string | null | undefined): void {
  if (timeZone && validZone(timeZone)) {
    zone = timeZone;
    dayjs.tz.setDefault(zone);
  }
}

/** The plant's zone, an IANA name such as Asia/Shanghai. */
export function plantZone(): string {
  return zone;
}

/** An instant on the wire carries its zone: Z, or an offset such as +08:00, +0800 or +08. */
const HAS_ZONE = /(Z|[+-]\d{2}(:?\d{2})?)$/i;
/** A wall-clock text: a day, optionally a time after a space or T, no zone. */
const WALL = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?$/;
const TIME_ONLY = /^\d{2}:\d{2}(:\d{2})?$/;
const isInstantText = (text: string) => !WALL.test(text) && HAS_ZONE.test(text);

type TimeValue = string | number | Date | Dayjs | null | undefined;

/**
 * A wire value on the plant's clock, as a dayjs whose wall fields are the plant's (in the
 * browser's zone, as antd's pickers hold one); null for no value or an unreadable one. With a
 * format, a text written in it is read strictly first (a time of day, a yyyyMMdd day).
 */
export function toPicker(value: unknown, format?: string): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (dayjs.isDayjs(value)) return value.isValid() ? value : null;
  if (format && typeof value === 'string') {
    // a wall text in the pattern the field saves with (HH:mm:ss, yyyy-MM-dd, ...) reads as it is written
    const strict = dayjs(value.trim(), format, true);
    if (strict.isValid()) return strict;
  }
  if (value instanceof Date || typeof value === 'number') {
    const d = dayjs(value);
    return d.isValid() ? wallOf(d) : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (TIME_ONLY.test(text)) {
    const d = dayjs(`1970-01-01 ${text}`);
    return d.isValid() ? d : null;
  }
  if (WALL.test(text)) {
    const d = dayjs(text.replace('T', ' '));
    return d.isValid() ? d : null;
  }
  if (isInstantText(text)) {
    const d = dayjs(text);
    return d.isValid() ? wallOf(d) : null;
  }
  const loose = dayjs(text);
  return loose.isValid() ? loose : null;
}

/** The plant's wall clock at an instant, held as a browser-zone dayjs with those wall fields. */
function wallOf(instant: Dayjs): Dayjs {
  return dayjs(instant.tz(zone).format('YYYY-MM-DD HH:mm:ss.SSS'), 'YYYY-MM-DD HH:mm:ss.SSS');
}

/** A value shown on the plant's clock in a dayjs pattern (DATE_TIME_FORMAT by default); an unreadable value is shown as sent. */
export function formatPlant(value: unknown, format: string = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toPicker(value);
  return d ? d.format(format) : String(value);
}

/** yyyy-MM-dd HH:mm:ss on the plant's clock. */
export const plantDateTimeText = (value: unknown) => formatPlant(value, DATE_TIME_FORMAT);
/** yyyy-MM-dd on the plant's clock: the plant day an instant falls on. */
export const plantDayText = (value: unknown) => formatPlant(value, DATE_FORMAT);
/** yyyy-MM-dd HH:mm on the plant's clock. */
export const plantMinuteText = (value: unknown) => formatPlant(value, MINUTE_FORMAT);
/** HH:mm:ss on the plant's clock. */
export const plantClockText = (value: unknown) => formatPlant(value, TIME_FORMAT);

/** Kept for callers that name the zone themselves: an instant on that zone's clock, a wall text as sent. */
export function plantDateTime(value: unknown, timeZone: string | null | undefined): string {
  if (!timeZone || timeZone === zone || !validZone(timeZone)) return plantDateTimeText(value);
  if (typeof value === 'string' && isInstantText(value.trim()) && dayjs(value).isValid()) return dayjs(value).tz(timeZone).format(DATE_TIME_FORMAT);
  return plantDateTimeText(value);
}

/** A picker's value as the plant text the server takes (the plant's wall clock, no zone); null for none. */
export function fromPicker(value: Dayjs | null | undefined, format: string = DATE_TIME_FORMAT): string | null {
  return value && value.isValid() ? value.format(format) : null;
}

/** A picker's value (or a plant wall text) as the instant it is on the plant's clock, ISO with its offset. */
export function pickerToInstant(value: Dayjs | string | null | undefined): string | null {
  if (!value) return null;
  const text = typeof value === 'string' ? value : value.isValid() ? value.format(DATE_TIME_FORMAT) : '';
  if (!text) return null;
  const d = dayjs.tz(text.replace('T', ' '), zone);
  return d.isValid() ? d.format() : null;
}

/** Now on the plant's clock, held as a picker holds it: for today, this month, default filters and relative dates. */
export function plantNow(now: TimeValue = Date.now()): Dayjs {
  const d = dayjs.isDayjs(now) ? now : dayjs(now ?? Date.now());
  return wallOf(d);
}

/** Today on the plant's clock, yyyy-MM-dd. */
export const plantToday = (now?: TimeValue) => plantNow(now).format(DATE_FORMAT);

/** The moment a value stands for, in ms since the epoch: an instant as sent, a wall text on the plant's clock; null when unreadable. */
export function instantOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (dayjs.isDayjs(value)) return pickerToInstant(value) ? dayjs(pickerToInstant(value)).valueOf() : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (isInstantText(text)) {
    const ms = dayjs(text).valueOf();
    return Number.isNaN(ms) ? null : ms;
  }
  if (WALL.test(text)) {
    const d = dayjs.tz(text.replace('T', ' '), zone);
    return d.isValid() ? d.valueOf() : null;
  }
  return null;
}

/** Milliseconds from one moment to another (now by default), taken between instants; null when either is unreadable. */
export function durationMs(from: unknown, to: unknown = Date.now()): number | null {
  const a = instantOf(from);
  const b = instantOf(to);
  return a === null || b === null ? null : b - a;
}

/** A duration as hours and minutes, 1小时19分 (zh) or 1 h 19 min (en); never below zero. */
export function formatDuration(ms: number | null, english = false): string {
  if (ms === null) return '';
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = String(minutes % 60).padStart(2, '0');
  return english ? `${h} h ${m} min` : `${h}小时${m}分`;
}

/** The plant day after a yyyy-MM-dd (a period's exclusive end). */
export function plantNextDay(day: string): string {
  return dayjs(day, DATE_FORMAT).add(1, 'day').format(DATE_FORMAT);
}
