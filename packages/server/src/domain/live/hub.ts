import pg from 'pg';
import type { LiveEvent } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import { type LiveChange, parseLiveChange, tripsByOrg } from './changes';
import { vehiclesInPlant } from './repo';

/** One open stream: the company it watches, and how to reach it. */
export interface LiveSubscriber {
  orgId: string;
  send(event: LiveEvent): void;
  /** the list must be read again whole: changes may have been missed while the listener was away */
  resync(): void;
  /** the server is shutting down */
  end(): void;
}

const CHANNEL = 'wb_live';
const RECONNECT_MS = 1000;

/**
 * An instance's ear on PostgreSQL's wb_live channel (migration 017). The changes any instance
 * commits arrive here; a burst is gathered for a few milliseconds, each touched trip is read once
 * per company (scoped to it) and handed to that company's streams only. Nothing is kept between
 * requests but the open streams themselves, so instances can come and go behind a balancer.
 */
export class LiveHub {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly subscribers = new Set<LiveSubscriber>();
  private pending: LiveChange[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Database,
    private readonly gatherMs = 50,
  ) {}

  /** Resolves once the instance listens, so a list read after it misses no later change. */
  async subscribe(subscriber: LiveSubscriber): Promise<() => void> {
    this.subscribers.add(subscriber);
    try {
      await this.listen();
    } catch (err) {
      this.subscribers.delete(subscriber);
      throw err;
    }
    return () => this.subscribers.delete(subscriber);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const s of [...this.subscribers]) s.end();
    this.subscribers.clear();
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private listen(): Promise<void> {
    if (this.client) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error('live hub closed'));
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.pool.options as pg.ClientConfig);
    client.on('notification', (msg) => this.receive(msg.payload));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    this.client = client;
  }

  /** The listening connection died: listen again, then have every stream read its list afresh. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    const retry = () => {
      if (this.closed || this.subscribers.size === 0) return;
      this.listen().then(
        () => { for (const s of this.subscribers) s.resync(); },
        () => setTimeout(retry, RECONNECT_MS),
      );
    };
    setTimeout(retry, RECONNECT_MS);
  }

  private receive(payload: string | undefined): void {
    const change = parseLiveChange(payload);
    if (!change || !this.watched(change.org)) return;
    this.pending.push(change);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      const batch = this.pending;
      this.pending = [];
      // one burst after another, so a later state of a trip never overtakes an earlier one
      this.flushing = this.flushing.then(() => this.deliver(batch)).catch(() => {});
    }, this.gatherMs);
  }

  private watched(orgId: string): boolean {
    for (const s of this.subscribers) if (s.orgId === orgId) return true;
    return false;
  }

  private async deliver(batch: LiveChange[]): Promise<void> {
    for (const [orgId, ids] of tripsByOrg(batch)) {
      const audience = [...this.subscribers].filter((s) => s.orgId === orgId);
      if (audience.length === 0) continue;
      let found;
      try {
        found = await vehiclesInPlant(this.db, orgId, ids);
      } catch {
        for (const s of audience) s.resync();
        continue;
      }
      const inPlant = new Map(found.map((v) => [v.registryId, v]));
      const events: LiveEvent[] = ids.map((id) => {
        const vehicle = inPlant.get(id);
        return vehicle ? { type: 'upsert', vehicle } : { type: 'remove', registryId: id };
      });
      for (const s of audience) for (const e of events) s.send(e);
    }
  }
}
