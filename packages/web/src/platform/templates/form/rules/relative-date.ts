import type { Dayjs } from 'dayjs';
import { plantNow } from '@/platform/plant-time';

/**
 * Relative date defaults (spec section 9): 'now' is today from 00:00:00 to 23:59:59; offsets move
 * it by years, months, days, hours, minutes or seconds, written after it: 'now-1d',
 * 'now+1M-2h', 'now-1y'. Units: y (year), M (month), d (day), h (hour), m (minute), s (second).
 * A single date takes the start of the range, a range both ends. 'now' is the plant's today.
 */
const UNITS = { y: 'year', M: 'month', d: 'day', h: 'hour', m: 'minute', s: 'second' } as const;
type Unit = keyof typeof UNITS;

export interface RelativeRange {
  start: Dayjs;
  end: Dayjs;
}

/** True when the default is written as a relative date at all (so a malformed one is a mistake, not a literal). */
export const looksRelative = (text: string) => /^\s*now\b/i.test(text);

/** The range a relative default stands for, or null when it is misconfigured. */
export function parseRelativeDate(text: string, today: Dayjs = plantNow()): RelativeRange | null {
  const m = /^\s*now((?:\s*[+-]\s*\d+\s*[yMdhms])*)\s*$/.exec(text);
  if (!m) return null;
  let start = today.startOf('day');
  let end = today.endOf('day').millisecond(0);
  for (const step of m[1].matchAll(/([+-])\s*(\d+)\s*([yMdhms])/g)) {
    const amount = Number(step[2]) * (step[1] === '-' ? -1 : 1);
    const unit = UNITS[step[3] as Unit];
    start = start.add(amount, unit);
    end = end.add(amount, unit);
  }
  return { start, end };
}

/** The warning a misconfigured date default raises (spec section 5: '字段…默认值配置错误！'). */
export const misconfiguredDefaultMessage = (label: string) => `字段${label}默认值配置错误！`;
