import { createHmac } from 'node:crypto';

/**
 * How a delivery attempt ends, from the receiver's answer. 2xx: sent. A 4xx other than 408 and
 * 429 is the receiver saying the message itself is wrong: retrying sends the same wrong message,
 * so it fails at once and waits for an administrator. Anything else (5xx, a timeout, no answer) is
 * the receiver or the road being down: retried later, until the endpoint's attempts are used up.
 */
export type DeliveryOutcome =
  | { kind: 'sent' }
  | { kind: 'retry'; delayMs: number; error: string }
  | { kind: 'failed'; error: string };

export interface Attempt {
  /** the HTTP status, or null when no answer came */
  status: number | null;
  error?: string;
  /** the attempts made so far, this one included */
  attempts: number;
  maxAttempts: number;
}

const FIRST_PAUSE_MS = 30_000;
const LONGEST_PAUSE_MS = 3_600_000;

/** 30 s, 1 min, 2 min ... doubling to at most an hour: a receiver down for a night is not flooded. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.max(0, attempts - 1));
}

export function judgeDelivery(a: Attempt): DeliveryOutcome {
  if (a.status !== null && a.status >= 200 && a.status < 300) return { kind: 'sent' };
  const error = a.error ?? (a.status === null ? '接收方无应答' : `接收方返回 HTTP ${a.status}`);
  const refused = a.status !== null && a.status >= 400 && a.status < 500 && a.status !== 408 && a.status !== 429;
  if (refused) return { kind: 'failed', error };
  if (a.attempts >= a.maxAttempts) return { kind: 'failed', error: `${error}（已重试 ${a.attempts} 次）` };
  return { kind: 'retry', delayMs: retryDelayMs(a.attempts), error };
}

/**
 * The signature header a receiver checks: HMAC-SHA256 over the timestamp and the body, so a copied
 * body cannot be replayed with a new time (the same scheme webhook senders commonly use).
 */
export function signBody(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
