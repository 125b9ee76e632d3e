import type { Database } from '../db/pool';
import { EVENT_KINDS } from './catalogue';
import { claimDelivery, recordTry, type ClaimedDelivery } from './repo';
import { deliveryBody, deliveryHeaders, judgeDelivery, responseSnippet, type DeliveryOutcome } from './rules';

export interface DeliverOptions {
  fetchImpl?: typeof fetch;
  /** how long a try hides the delivery from other workers; longer than any subscription's timeout */
  leaseMs?: number;
  /**
   * Opens a receiver's sealed password (接口配置's 认证密码, sealed with the data sources' key); the
   * module that runs the deliveries gives it. A delivery that needs it and has none fails its try.
   */
  openSecret?: (sealed: string) => Promise<string>;
}

export type DeliveryResult = { kind: 'skipped' } | (DeliveryOutcome & { status: number | null; attempt: number });

const BY_BUSINESS_KEY = new Set(EVENT_KINDS.filter((k) => k.keyedByBusinessKey).map((k) => k.key as string));

/**
 * One try of one delivery: claimed (so no other worker sends it meanwhile), POSTed signed to the
 * subscriber, the answer judged (rules.ts) and the try recorded with the delivery's new state.
 * 'skipped': nothing to do (sent, failed, another worker has it, or its subscription is off).
 */
export async function deliverOne(db: Database, deliveryId: string, options: DeliverOptions = {}): Promise<DeliveryResult> {
  const { fetchImpl = fetch, leaseMs = 180_000 } = options;
  const d = await claimDelivery(db, deliveryId, leaseMs);
  if (!d) return { kind: 'skipped' };
  const answer = await post(d, fetchImpl, options.openSecret);
  const outcome = judgeDelivery({ status: answer.status, error: answer.error ?? undefined, attempts: d.attempts, maxAttempts: d.max_attempts });
  await recordTry(db, d, {
    ...answer,
    error: outcome.kind === 'sent' ? null : outcome.error,
    outcome: outcome.kind === 'sent' ? { state: 'SENT' } : outcome.kind === 'failed' ? { state: 'FAILED' } : { state: 'PENDING', delayMs: outcome.delayMs },
  });
  return { ...outcome, status: answer.status, attempt: d.attempts };
}

/** Basic authentication with the subscription's user and opened password, when it has them. */
async function signIn(d: ClaimedDelivery, openSecret: DeliverOptions['openSecret']): Promise<Record<string, string>> {
  if (!d.auth_user || !d.auth_password) return {};
  if (!openSecret) throw new Error('接口认证密码无法解密');
  const password = await openSecret(d.auth_password);
  return { authorization: `Basic ${Buffer.from(`${d.auth_user}:${password}`, 'utf8').toString('base64')}` };
}

async function post(d: ClaimedDelivery, fetchImpl: typeof fetch, openSecret?: DeliverOptions['openSecret']) {
  const event = { eventId: d.event_id, type: d.event_type, key: d.event_key, orgId: d.org_id, createdAt: d.event_created_at, payload: d.payload };
  const body = deliveryBody(event);
  const startedAt = new Date();
  const headers = deliveryHeaders(event, { deliveryId: d.id, attempt: d.attempts, secret: d.secret, byBusinessKey: BY_BUSINESS_KEY.has(d.event_type) },
    body, Math.floor(startedAt.getTime() / 1000));
  let status: number | null = null;
  let error: string | null = null;
  let response: string | null = null;
  try {
    Object.assign(headers, await signIn(d, openSecret));
  } catch {
    // nothing was sent: the subscription's password is what needs attention, not the receiver
    return { startedAt, durationMs: 0, status, error: '接口认证密码无法解密，请在接口配置中重新填写', response };
  }
  try {
    const res = await fetchImpl(d.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(d.timeout_ms) });
    status = res.status;
    response = responseSnippet(await res.text().catch(() => ''));
  } catch (err) {
    error = (err as Error).name === 'TimeoutError' ? `接收方 ${d.timeout_ms} ms 内无应答` : `无法连接接收方: ${(err as Error).message}`;
  }
  return { startedAt, durationMs: Date.now() - startedAt.getTime(), status, error, response };
}
