import { describe, expect, it } from 'vitest';
import { boardNotice, inUnit, isNewReading, NOTICE_MAX_BYTES, readNotice, takeableReading, trendWith, TREND_MS } from './reading-rules';

const at = (s: number) => new Date(Date.parse('2026-11-25T08:00:00Z') + s * 1000).toISOString();
const latest = (o: Partial<{ seq: number; at: string; receivedAt: string; weight: string; stable: boolean }> = {}) => ({
  scaleId: 'S1', seq: 10, at: at(0), receivedAt: at(0), weight: '41260', unit: 'kg' as const, stable: true, net: null, tare: null, ...o,
});

describe('which readings are new', () => {
  it('takes a higher seq, ignores the same or a lower one sent again', () => {
    expect(isNewReading(null, { seq: 0, at: at(0) })).toBe(true);
    expect(isNewReading(latest(), { seq: 11, at: at(0) })).toBe(true);
    expect(isNewReading(latest(), { seq: 10, at: at(0) })).toBe(false);
    expect(isNewReading(latest(), { seq: 9, at: at(-1) })).toBe(false);
  });

  it('takes a lower seq with a later time: the agent started counting again', () => {
    expect(isNewReading(latest(), { seq: 0, at: at(5) })).toBe(true);
  });
});

describe('which reading a weighing may take', () => {
  const now = Date.parse(at(1));
  it('a fresh stable one, in the company\'s unit', () => {
    const v = takeableReading('S1', latest(), now, 5000);
    expect(v.ok).toBe(true);
    expect(inUnit('41260', 'kg', 't')).toBe('41.26');
    expect(inUnit('41.26', 't', 'kg')).toBe('41260');
    expect(inUnit('41.26', 't', 't')).toBe('41.26');
  });
  it('refuses none, an unstable one, a stale one and a negative one', () => {
    expect(takeableReading('S1', null, now, 5000)).toMatchObject({ ok: false, message: expect.stringContaining('没有仪表读数') });
    expect(takeableReading('S1', latest({ stable: false }), now, 5000)).toEqual({ ok: false, message: '秤 S1 读数不稳定，请等待稳定后再过磅' });
    expect(takeableReading('S1', latest(), now + 6000, 5000)).toMatchObject({ ok: false, message: expect.stringContaining('7 秒未更新') });
    expect(takeableReading('S1', latest({ weight: '-20' }), now, 5000)).toMatchObject({ ok: false, message: expect.stringContaining('读数为负') });
  });
});

describe('the trend', () => {
  it('keeps the last minute by the agent\'s clock', () => {
    const t0 = Date.parse(at(0));
    const trend = trendWith([[t0 - TREND_MS - 1, '1'], [t0 - 1000, '2']], { at: at(0), weight: '3' });
    expect(trend).toEqual([[t0 - 1000, '2'], [t0, '3']]);
  });
});

describe('the notice of new readings to every instance', () => {
  it('carries the readings while they fit, else the scale\'s key alone', () => {
    const few = [latest({ seq: 11 }), latest({ seq: 12 })];
    expect(readNotice(boardNotice('7', 'S1', few))).toEqual({ orgId: '7', scaleId: 'S1', readings: few });
    const many = Array.from({ length: 60 }, (_, i) => latest({ seq: i }));
    const notice = boardNotice('7', 'S1', many);
    expect(Buffer.byteLength(notice)).toBeLessThanOrEqual(NOTICE_MAX_BYTES);
    expect(readNotice(notice)).toEqual({ orgId: '7', scaleId: 'S1' });
  });

  it('ignores a payload that is not one', () => {
    expect(readNotice('not json')).toBeNull();
    expect(readNotice('{"o":7,"s":"S1"}')).toBeNull();
  });
});
