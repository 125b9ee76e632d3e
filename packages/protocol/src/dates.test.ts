import { describe, expect, it } from 'vitest';
import { checkCompactDate, checkDate, checkMonth, DATE_WINDOW, plantDate, plantDateTime } from './dates';

describe('the one reading of a date', () => {
  it.each([
    ['2026-02-28', 'date'], ['2024-02-29', 'date'], ['2026-11-28 23:59:59', 'dateTime'], ['2026-11-28T08:00', 'dateTime'],
    ['2026-11-28', 'dateTime'], ['2026-11-28T08:00:00+08:00', 'instant'], ['2026-11-28T00:00:00.123Z', 'instant'],
    [DATE_WINDOW.first, 'date'], [DATE_WINDOW.last, 'date'],
  ] as const)('takes %s as a %s', (text, shape) => {
    expect(checkDate(text, shape)).toEqual({ ok: true, value: text });
  });

  it.each(['2026-02-30', '2026-04-31', '2026-13-01', '2025-02-29', '2026-11-28 24:00', '2026-11-28 23:60'])('refuses %s, a day or time that does not exist', (text) => {
    const checked = checkDate(text, 'dateTime');
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toContain('不是真实的日期');
  });

  it.each(['1000-01-01', '9999-12-31', '1999-12-31', '2100-01-01'])('refuses %s, outside the window a plant works in', (text) => {
    expect(checkDate(text, 'date')).toEqual({ ok: false, reason: `应在 ${DATE_WINDOW.first} 至 ${DATE_WINDOW.last} 之间` });
  });

  it('keeps the shapes apart: a day takes no time, a moment needs its zone', () => {
    expect(checkDate('2026-11-28 08:00', 'date').ok).toBe(false);
    expect(checkDate('2026-11-28 08:00', 'instant').ok).toBe(false);
    expect(checkDate('28/11/2026', 'dateTime').ok).toBe(false);
    expect(checkDate(20261128, 'date').ok).toBe(false);
  });

  it('reads months and compact days by the same rule', () => {
    expect(checkMonth('2026-11')).toEqual({ ok: true, value: '2026-11' });
    expect(checkMonth('2026-13').ok).toBe(false);
    expect(checkMonth('9999-12').ok).toBe(false);
    expect(checkCompactDate('20240229')).toEqual({ ok: true, value: '20240229' });
    expect(checkCompactDate('20260230').ok).toBe(false);
  });

  it('answers a schema issue naming the field in words', () => {
    const r = plantDate('付款日期').safeParse('2026-02-30');
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.issues[0].message).toBe('付款日期不是真实的日期：2026-02-30');
    expect(plantDateTime('生效时间').parse(' 2026-11-29 00:00 ')).toBe('2026-11-29 00:00');
  });
});
