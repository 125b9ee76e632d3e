import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import pickerDayjs from '@rc-component/picker/generate/dayjs';
import {
  durationMs, formatDuration, formatPlant, fromPicker, instantOf, pickerToInstant, plantDateTime, plantDateTimeText,
  plantDayText, plantNow, plantToday, plantZone, setPlantZone, toPicker,
} from '../plant-time';

afterEach(() => {
  setPlantZone('Asia/Shanghai');
  vi.useRealTimers();
});

describe("the plant's clock", () => {
  it("shows an instant in the plant's zone, whatever the browser's", () => {
    expect(plantDateTimeText('2030-12-31T16:00:00.000Z')).toBe('2031-01-01 00:00:00');
    expect(plantDateTimeText('2026-11-28T07:57:55+00:00')).toBe('2026-11-28 15:57:55');
    expect(plantDateTimeText('2026-11-28T07:57:55.123-05:00')).toBe('2026-11-28 20:57:55');
    expect(plantDateTimeText(new Date('2026-11-28T16:30:00Z'))).toBe('2026-11-29 00:30:00');
    setPlantZone('Europe/Berlin');
    expect(plantDateTimeText('2026-07-01T12:00:00Z')).toBe('2026-07-01 14:00:00');
  });

  it('shows a wall-clock text as sent, a day as its day, and nothing for no value', () => {
    expect(plantDateTimeText('2026-11-28 08:00:00')).toBe('2026-11-28 08:00:00');
    expect(plantDateTimeText('2026-11-01')).toBe('2026-11-01 00:00:00');
    expect(plantDayText('2026-11-01')).toBe('2026-11-01');
    expect(plantDayText('2026-10-31T16:00:00.000Z')).toBe('2026-11-01');
    expect(plantDateTimeText(null)).toBe('');
    expect(plantDateTimeText('')).toBe('');
    expect(formatPlant('not a date')).toBe('not a date');
  });

  it('a plant 23:30 and a plant 00:30 fall on their own plant days', () => {
    expect(plantDayText('2026-11-27T15:30:00Z')).toBe('2026-11-27');
    expect(plantDayText('2026-11-27T16:30:00Z')).toBe('2026-11-28');
  });

  it('takes a picked value as the plant wall clock and gives the server the plant text', () => {
    const picked = dayjs('2026-11-29 00:00:00');
    expect(fromPicker(picked)).toBe('2026-11-29 00:00:00');
    expect(fromPicker(picked, 'YYYY-MM-DD')).toBe('2026-11-29');
    expect(fromPicker(null)).toBeNull();
    expect(pickerToInstant(picked)).toBe('2026-11-29T00:00:00+08:00');
    // the server's answer for it comes back as the same wall clock
    expect(toPicker('2026-11-28T16:00:00.000Z')?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-29 00:00');
  });

  it('gives now and today on the plant clock', () => {
    const at = Date.parse('2026-11-27T16:30:00Z');
    expect(plantNow(at).format('YYYY-MM-DD HH:mm')).toBe('2026-11-28 00:30');
    expect(plantToday(at)).toBe('2026-11-28');
    setPlantZone('America/New_York');
    expect(plantToday(at)).toBe('2026-11-27');
  });

  it('takes durations between instants; a wall text is on the plant clock', () => {
    expect(durationMs('2026-11-28T06:00:00Z', '2026-11-28T07:19:30Z')).toBe(79.5 * 60_000);
    expect(durationMs('2026-11-28 14:00:00', '2026-11-28T07:19:00Z')).toBe(79 * 60_000);
    expect(instantOf('2026-11-28 08:00:00')).toBe(Date.parse('2026-11-28T00:00:00Z'));
    expect(formatDuration(79 * 60_000)).toBe('1小时19分');
    expect(formatDuration(79 * 60_000, true)).toBe('1 h 19 min');
    expect(formatDuration(-5)).toBe('0小时00分');
    expect(formatDuration(durationMs('garbage'))).toBe('');
  });

  it('keeps its zone on an unknown name, and formats in a named zone when asked', () => {
    setPlantZone('Not/AZone');
    expect(plantZone()).toBe('Asia/Shanghai');
    expect(plantDateTime('2026-07-01T12:00:00Z', 'Europe/Berlin')).toBe('2026-07-01 14:00:00');
    expect(plantDateTime('2026-11-28 08:00:00', undefined)).toBe('2026-11-28 08:00:00');
  });

  it("gives antd's pickers the plant's now (today's cell, 今天, 此刻)", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T16:30:00Z'));
    expect(pickerDayjs.getNow().format('YYYY-MM-DD HH:mm')).toBe('2026-11-28 00:30');
    expect(fromPicker(pickerDayjs.getNow())).toBe('2026-11-28 00:30:00');
    setPlantZone('America/New_York');
    expect(pickerDayjs.getNow().format('YYYY-MM-DD')).toBe('2026-11-27');
  });
});
