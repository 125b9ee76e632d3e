import type { Database } from '../db/pool';
import { claimDue, type ClaimedMessage, markFailed, markRetry, markSent } from './repo';
import { judgeDelivery, signBody } from './rules';

export interface OutboxWorkerOptions {
  /** pause between rounds when nothing was due */
  intervalMs?: number;
  /** how long a claimed message stays hidden from other instances */
  leaseMs?: number;
  batch?: number;
  fetchImpl?: typeof fetch;
  onError?: (err: unknown) => void;
}

export interface OutboxWorker {
  /** one round: claim what is due, deliver it; the number of messages tried */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** The body a receiver gets: the message and enough to recognise a repeat of it. */
export const deliveryBody = (m: ClaimedMessage) =>
  JSON.stringify({ id: m.id, topic: m.topic, key: m.message_key, orgId: m.org_id, createdAt: m.created_at, payload: m.payload });

async function deliver(db: Database, m: ClaimedMessage, fetchImpl: typeof fetch): Promise<void> {
  const body = deliveryBody(m);
  const headers: Record<string, string> = {
    'content-type': 'application/json', 'idempotency-key': `${m.topic}:${m.message_key}`, 'x-outbox-id': m.id, 'x-outbox-topic': m.topic,
  };
  if (m.secret) headers['x-signature'] = signBody(m.secret, Math.floor(Date.now() / 1000), body);
  let status: number | null = null;
  let error: string | undefined;
  try {
    const res = await fetchImpl(m.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(m.timeout_ms) });
    status = res.status;
    await res.arrayBuffer().catch(() => undefined);
  } catch (err) {
    error = (err as Error).name === 'TimeoutError' ? `接收方 ${m.timeout_ms} ms 内无应答` : `无法连接接收方: ${(err as Error).message}`;
  }
  const outcome = judgeDelivery({ status, error, attempts: m.attempts, maxAttempts: m.max_attempts });
  if (outcome.kind === 'sent') await markSent(db, m.id, status as number);
  else if (outcome.kind === 'retry') await markRetry(db, m.id, outcome.delayMs, status, outcome.error);
  else await markFailed(db, m.id, status, outcome.error);
}

/** One round: claim what is due (hidden from other instances for leaseMs), deliver it; the number tried. */
export async function deliverDue(db: Database, options: Pick<OutboxWorkerOptions, 'leaseMs' | 'batch' | 'fetchImpl' | 'onError'> = {}): Promise<number> {
  const { leaseMs = 120_000, batch = 20, fetchImpl = fetch, onError = () => {} } = options;
  const due = await claimDue(db, leaseMs, batch);
  await Promise.all(due.map((m) => deliver(db, m, fetchImpl).catch(onError)));
  return due.length;
}

/**
 * Delivers the outbox in a loop of its own (tests drive it with runOnce and intervalMs 0); the
 * server delivers it from the scheduled job outbox.deliver (platform/outbox/job.ts) instead.
 */
export function startOutboxWorker(db: Database, options: OutboxWorkerOptions = {}): OutboxWorker {
  const { intervalMs = 5_000, leaseMs = 120_000, batch = 20, fetchImpl = fetch, onError = () => {} } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  const runOnce = () => deliverDue(db, { leaseMs, batch, fetchImpl, onError });
  const loop = () => {
    if (stopped) return;
    running = runOnce().catch((err) => { onError(err); return 0; });
    void running.then((n) => {
      // a full batch means more may be due: go again at once
      if (!stopped) timer = setTimeout(loop, n === batch ? 0 : intervalMs);
    });
  };
  if (intervalMs > 0) timer = setTimeout(loop, intervalMs);
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
