import { describe, expect, it } from 'vitest';
import { lightOf, sparkline, withReading, readingInTons } from '../live-rules';

const reading = (at: number, stable = true) => ({
  scaleId: 'S1', seq: 1, at: new Date(at).toISOString(), receivedAt: new Date(at).toISOString(), weight: '100', unit: 'kg' as const, stable, net: null, tare: null,
});

describe('the live indicator', () => {
  it('keeps the last minute of the trend', () => {
    const t0 = Date.parse('2026-11-25T08:00:00Z');
    const trend = withReading([[t0 - 61_000, '1'], [t0 - 30_000, '2']], { at: new Date(t0).toISOString(), weight: '3' });
    expect(trend).toEqual([[t0 - 30_000, '2'], [t0, '3']]);
  });

  it('draws time across and weight up, and a flat weight as a level line', () => {
    expect(sparkline([[0, '0'], [10, '50'], [20, '100']], 200, 40)).toBe('0.0,40.0 100.0,20.0 200.0,0.0');
    expect(sparkline([[0, '7'], [10, '7']], 200, 40)).toBe('0.0,20.0 200.0,20.0');
    expect(sparkline([], 200, 40)).toBe('');
  });

  it('lights green only for a fresh stable reading', () => {
    const now = Date.parse('2026-11-25T08:00:10Z');
    expect(lightOf(reading(now - 1000), now)).toBe('stable');
    expect(lightOf(reading(now - 1000, false), now)).toBe('moving');
    expect(lightOf(reading(now - 6000), now)).toBe('stale');
    expect(lightOf(null, now)).toBe('none');
  });
});

describe('the indicator in the tickets\' unit', () => {
  it('reads a reading in tons whatever unit the indicator sends', () => {
    expect(readingInTons({ weight: '38120', unit: 'kg' })).toBe('38.12');
    expect(readingInTons({ weight: '42.36', unit: 't' })).toBe('42.36');
    expect(readingInTons({ weight: 'x', unit: 'kg' })).toBeNull();
  });
});
