import { formatDate } from '@/platform/templates/list/cell-value';

/** An instant on the wire carries its zone: 2026-11-28T07:57:55.000Z, or an offset such as +08:00. */
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterIn(timeZone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      // Swedish writes a date-time as yyyy-MM-dd HH:mm:ss
      f = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    } catch {
      return null;
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * A time as the plant's clock reads it (yyyy-MM-dd HH:mm:ss): an instant is shown in the plant's
 * zone, not the browser's, so a head office in another zone reads the plant's times; a text without
 * a zone is already the plant's wall clock and shows as sent. Without a zone known, as formatDate.
 */
export function plantDateTime(value: unknown, timeZone: string | null | undefined): string {
  if (typeof value !== 'string' || !timeZone || !HAS_ZONE.test(value.trim())) return formatDate(value);
  const when = new Date(value);
  const f = formatterIn(timeZone);
  if (Number.isNaN(when.getTime()) || !f) return formatDate(value);
  return f.format(when);
}
