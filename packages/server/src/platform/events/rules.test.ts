import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { judgeDelivery, retryDelayMs, signBody } from './rules';

describe('event delivery rules', () => {
  it('counts any 2xx as sent', () => {
    expect(judgeDelivery({ status: 204, attempts: 1, maxAttempts: 3 })).toEqual({ kind: 'sent' });
  });

  it('fails at once when the receiver refuses the message itself (4xx)', () => {
    expect(judgeDelivery({ status: 422, attempts: 1, maxAttempts: 12 })).toEqual({ kind: 'failed', error: '接收方返回 HTTP 422' });
  });

  it('retries a busy or timed-out receiver (408, 429, 5xx, no answer) with growing pauses', () => {
    expect(judgeDelivery({ status: 429, attempts: 1, maxAttempts: 12 })).toMatchObject({ kind: 'retry', delayMs: 30_000 });
    expect(judgeDelivery({ status: 503, attempts: 3, maxAttempts: 12 })).toMatchObject({ kind: 'retry', delayMs: 120_000 });
    expect(judgeDelivery({ status: null, attempts: 2, maxAttempts: 12 })).toEqual({ kind: 'retry', delayMs: 60_000, error: '接收方无应答' });
  });

  it('caps the pause at an hour', () => {
    expect(retryDelayMs(30)).toBe(3_600_000);
  });

  it('gives up after the last attempt, saying how many were made', () => {
    expect(judgeDelivery({ status: 500, attempts: 3, maxAttempts: 3 })).toEqual({ kind: 'failed', error: '接收方返回 HTTP 500（已重试 3 次）' });
  });

  it('signs the timestamp and the body together', () => {
    const expected = createHmac('sha256', 's3cret').update('1700000000.{"a":1}').digest('hex');
    expect(signBody('s3cret', 1_700_000_000, '{"a":1}')).toBe(`t=1700000000,v1=${expected}`);
  });
});
