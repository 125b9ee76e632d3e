import type pg from 'pg';
import type { LiveEvent } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import { interventionsByOrg, type LiveChange, tripsByOrg } from './changes';
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

/** How long a change stays in wb_live_change (pruneLiveChanges); a stream away longer reads its list whole. */
export const KEPT_MS = 5 * 60_000;

const TAIL_SQL = `
SELECT s.upto::text, c.org_id::text AS org, c.what, c.ref_id::text AS id, c.registry_id::text AS registry, c.state
  FROM (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS upto) s
  LEFT JOIN wb_live_change c ON c.xid >= $1::xid8 AND c.xid < s.upto AND c.org_id = ANY($2::bigint[])`;

/**
 * An instance's view of the changes every instance commits (migration 026: the triggers write them
 * into wb_live_change). While a stream is open the instance reads the new changes every tailMs, in
 * commit-safe order: a change counts once its transaction is below the oldest one still running
 * (the snapshot's xmin), so one that commits late is never skipped; each touched trip is read once
 * per company (scoped to it) and handed to that company's streams only. Nothing is kept between
 * requests but the open streams and the position, so instances can come and go behind a balancer.
 * A writer's transaction open for long holds the stream back that long; the app's statement and
 * idle-in-transaction timeouts bound it.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  /** the first transaction id not yet read, while someone watches */
  private position: string | null = null;
  private starting: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastReadAt = 0;
  /** which run of the reading loop is current: a stop ends it, a start begins another */
  private run = 0;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Database,
    private readonly tailMs = 200,
  ) {}

  /** Resolves once the instance follows the changes, so a list read after it misses no later change. */
  async subscribe(subscriber: LiveSubscriber): Promise<() => void> {
    if (this.closed) throw new Error('live hub closed');
    this.subscribers.add(subscriber);
    try {
      await this.start();
    } catch (err) {
      this.subscribers.delete(subscriber);
      throw err;
    }
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) this.stop();
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const s of [...this.subscribers]) s.end();
    this.subscribers.clear();
    this.stop();
  }

  private start(): Promise<void> {
    if (this.position !== null) return Promise.resolve();
    this.starting ??= this.pool
      .query<{ upto: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS upto')
      .then(({ rows }) => {
        if (this.subscribers.size === 0) return; // every stream left while the position was read
        this.position = rows[0]?.upto ?? null;
        this.lastReadAt = Date.now();
        this.run += 1;
        this.schedule(this.run);
      })
      .finally(() => {
        this.starting = null;
      });
    return this.starting;
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.position = null;
    this.run += 1;
  }

  /** One loop at a time: a read still under way when its run was stopped schedules nothing after it. */
  private schedule(run: number): void {
    if (this.closed || this.position === null || run !== this.run) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.tail(run).finally(() => this.schedule(run));
    }, this.tailMs);
  }

  /** Reads and delivers what committed since the last read; a failed read is tried again from there. */
  private async tail(run: number): Promise<void> {
    const from = this.position;
    const orgs = [...new Set([...this.subscribers].map((s) => s.orgId))];
    if (from === null || orgs.length === 0) return;
    let rows: Array<{ upto: string } & (LiveChange | { [K in keyof LiveChange]: null })>;
    try {
      ({ rows } = await this.pool.query({ name: 'live-tail', text: TAIL_SQL, values: [from, orgs] }));
    } catch {
      return;
    }
    if (run !== this.run) return; // stopped meanwhile
    const away = Date.now() - this.lastReadAt > KEPT_MS / 2;
    this.position = rows[0]?.upto ?? from;
    this.lastReadAt = Date.now();
    // reads failed for long enough that changes may have been pruned unread: the lists are read whole
    if (away) return this.resyncAll();
    const changes = rows.filter((r): r is { upto: string } & LiveChange => r.org !== null);
    if (changes.length > 0) await this.deliver(changes).catch(() => this.resyncAll());
  }

  private resyncAll(): void {
    for (const s of this.subscribers) s.resync();
  }

  private async deliver(batch: LiveChange[]): Promise<void> {
    for (const [orgId, changed] of interventionsByOrg(batch)) {
      for (const s of this.subscribers) if (s.orgId === orgId) for (const c of changed) s.send({ type: 'intervention', ...c });
    }
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

/** Forgets the changes every stream has long read (run by each instance; deleting twice is harmless). */
export async function pruneLiveChanges(pool: pg.Pool): Promise<void> {
  await pool.query({ name: 'live-prune', text: 'DELETE FROM wb_live_change WHERE changed_at < now() - make_interval(secs => $1)', values: [KEPT_MS / 1000] });
}
