import { randomUUID } from 'node:crypto';
import type { Reading } from '../stability.js';
import type { DurableQueue, PublishedReading } from './queue.js';
import type { ReadingSender } from './sender.js';

export interface PublishSettings {
  /** gather readings this long into one request */
  batchMs: number;
  /** publish an unchanged reading at least this often (the browser's indicator stays live) */
  heartbeatMs: number;
  maxBatch: number;
}

export const DEFAULT_PUBLISH: PublishSettings = { batchMs: 100, heartbeatMs: 1000, maxBatch: 200 };

interface ScaleState {
  last?: { weight: string; stable: boolean; at: number };
  unitLogged?: boolean;
  buffered: PublishedReading[];
}

/**
 * Chooses which readings go to the server (a change of weight or stability, or the heartbeat: an
 * indicator sends 10 to 50 a second, mostly the same) and queues them in batches per scale.
 */
export class ReadingPublisher {
  private readonly scales = new Map<string, ScaleState>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly queue: DurableQueue,
    private readonly sender: ReadingSender,
    private readonly settings: PublishSettings = DEFAULT_PUBLISH,
    private readonly log: (line: string) => void = () => {},
  ) {}

  offer(scaleId: string, reading: Reading, now: number): void {
    let s = this.scales.get(scaleId);
    if (!s) this.scales.set(scaleId, (s = { buffered: [] }));
    const same = s.last && s.last.weight === reading.weight && s.last.stable === reading.stable;
    if (same && now - s.last!.at < this.settings.heartbeatMs) return;
    if (reading.unit !== 'kg' && reading.unit !== 't') {
      if (!s.unitLogged) this.log(`${scaleId}: unit ${reading.unit} is not published (set the indicator to kg or t)`);
      s.unitLogged = true;
      return;
    }
    s.last = { weight: reading.weight, stable: reading.stable, at: now };
    const r: PublishedReading = {
      seq: this.queue.nextSeq(scaleId),
      at: new Date(now).toISOString(),
      weight: reading.weight,
      unit: reading.unit,
      stable: reading.stable,
    };
    if (reading.net !== undefined) r.net = reading.net;
    if (reading.tare !== undefined) r.tare = reading.tare;
    s.buffered.push(r);
    if (s.buffered.length >= this.settings.maxBatch) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.settings.batchMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let queued = false;
    for (const [scaleId, s] of this.scales) {
      if (s.buffered.length === 0) continue;
      this.queue.append({ requestId: randomUUID(), scaleId, readings: s.buffered });
      s.buffered = [];
      queued = true;
    }
    if (queued) this.sender.kick();
  }
}
