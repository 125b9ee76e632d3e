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

/** What a receiver gets, whatever the event: the ERP's message shape of the README, for every subscriber. */
export interface DeliveredEvent { eventId: string; type: string; key: string; orgId: string; createdAt: Date; payload: unknown }

export const deliveryBody = (e: DeliveredEvent) =>
  JSON.stringify({ id: e.eventId, topic: e.type, key: e.key, orgId: e.orgId, createdAt: e.createdAt, payload: e.payload });

/**
 * The receiver's idempotency key: one per event (`<type>:<event id>`), so a retry or a resend of it
 * is recognised. The ERP's ticket keeps `erp.ticket:<ticket number>`, what its receiver dedupes on.
 */
export function idempotencyKey(e: Pick<DeliveredEvent, 'eventId' | 'type' | 'key'>, byBusinessKey: boolean): string {
  return byBusinessKey ? `${e.type}:${e.key}` : `${e.type}:${e.eventId}`;
}

/** The headers of one try: the ERP's (idempotency-key, x-outbox-*) kept, the event's beside them. */
export function deliveryHeaders(
  e: DeliveredEvent, d: { deliveryId: string; attempt: number; secret: string | null; byBusinessKey: boolean }, body: string, unixSeconds: number,
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'idempotency-key': idempotencyKey(e, d.byBusinessKey),
    'x-outbox-id': e.eventId, 'x-outbox-topic': e.type,
    'x-event-id': e.eventId, 'x-event-type': e.type, 'x-delivery-id': d.deliveryId, 'x-delivery-attempt': String(d.attempt),
  };
  if (d.secret) headers['x-signature'] = signBody(d.secret, unixSeconds, body);
  return headers;
}

/** The start of a receiver's answer kept with the try: enough to read an error page's title. */
export const responseSnippet = (text: string) => (text.length > 500 ? `${text.slice(0, 500)}…` : text);
