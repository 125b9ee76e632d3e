import { Backoff } from '../connection/source.js';
import type { DurableQueue, QueuedBatch } from './queue.js';

export interface SenderOptions {
  /** the server's base URL, e.g. https://wb.example.com */
  server: string;
  stationKey: string;
  timeoutMs?: number;
  retryMinMs?: number;
  retryMaxMs?: number;
  log?: (line: string) => void;
}

export interface SenderStatus {
  online: boolean;
  lastError?: string;
  lastSentAt?: string;
  dropped: number;
}

/**
 * Sends the queue's batches one at a time, oldest first, so the server sees every scale's readings
 * in order. A batch leaves the queue only when the server answered 2xx; a network failure, a 5xx, a
 * 401/403 (the key may be re-issued), 408 or 429 keep it and retry with backoff. Any other 4xx means
 * the server will never take it: it is dropped and logged, so one bad batch does not block the lane.
 */
export class ReadingSender {
  private running: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  private readonly backoff: Backoff;
  readonly status: SenderStatus = { online: false, dropped: 0 };

  constructor(
    private readonly queue: DurableQueue,
    private readonly options: SenderOptions,
  ) {
    this.backoff = new Backoff(options.retryMinMs ?? 500, options.retryMaxMs ?? 15_000);
  }

  /** New batches are waiting: send them now (or after the current one). */
  kick(): void {
    if (this.wake) this.wake();
    if (!this.running && !this.stopped) this.running = this.run();
  }

  private async run(): Promise<void> {
    // first await before anything: `running` is set by kick() before the loop can end and clear it
    await Promise.resolve();
    try {
      for (let batch = this.queue.head(); batch && !this.stopped; batch = this.queue.head()) {
        const outcome = await this.send(batch);
        if (outcome === 'accepted' || outcome === 'refused') {
          this.queue.ack(batch.requestId);
          this.backoff.reset();
        } else {
          await this.sleep(this.backoff.next());
        }
      }
    } finally {
      this.running = null;
    }
  }

  private async send(batch: QueuedBatch): Promise<'accepted' | 'refused' | 'retry'> {
    try {
      const res = await fetch(new URL('/api/station/readings', this.options.server), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Station ${this.options.stationKey}`,
          'x-request-id': batch.requestId,
        },
        body: JSON.stringify({ scaleId: batch.scaleId, readings: batch.readings }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
      await res.arrayBuffer();
      if (res.ok) {
        this.status.online = true;
        this.status.lastSentAt = new Date().toISOString();
        delete this.status.lastError;
        return 'accepted';
      }
      this.status.lastError = `HTTP ${res.status}`;
      if (res.status >= 500 || [401, 403, 408, 429].includes(res.status)) {
        this.status.online = res.status < 500;
        return 'retry';
      }
      this.status.dropped++;
      this.options.log?.(`readings ${batch.requestId} of ${batch.scaleId} refused with HTTP ${res.status}: dropped`);
      return 'refused';
    } catch (e) {
      this.status.online = false;
      this.status.lastError = (e as Error).message;
      return 'retry';
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }

  /** Stops after the request in flight (its answer is still recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }
}
