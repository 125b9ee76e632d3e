import type { LiveReading, ScaleLiveEvent, StationReading } from '@wb/protocol';
import type { Channels } from '../../platform/db/channels';
import type { Database } from '../../platform/db/pool';
import { type BoardRunner, forgetScale, latestReading, latestReadings, lockedScale, noteReadings, scaleRow } from './board-repo';
import { boardNotice, isNewReading, readNotice, trendWith } from './reading-rules';

/** One browser watching one scale. */
export type ScaleWatcher = (event: ScaleLiveEvent) => void;

/** The NOTIFY channel of new readings (migration 099). */
export const SCALE_CHANNEL = 'wb_scale';

/**
 * The scales' latest readings and recent trends, shared by every server instance: a station agent
 * posts to whichever instance the proxy picks, a weighing screen watches (and weighs on) another.
 * Each post is taken under the scale's row lock in wb_scale_latest (migration 099, an unlogged
 * table: the indicator's stream is ephemeral; what lasts is the weighing that takes a reading,
 * wb_weighing) and told to every instance by NOTIFY; each instance hands it to the watchers it
 * holds, the only thing it keeps in memory. A weighing reads the row in its own transaction.
 * Keyed by company and scale id: a company sees only its own scales.
 */
export class ScaleBoard {
  private readonly watchers = new Map<string, Set<ScaleWatcher>>();
  private listening: Promise<unknown> | null = null;

  constructor(
    private readonly db: Database,
    private readonly channels: Channels,
  ) {}

  /** Takes the readings that are new (reading-rules isNewReading), in order, for every instance; answers how many. */
  async publish(orgId: string, scaleId: string, readings: StationReading[], receivedAt: Date): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const row = await lockedScale(tx, orgId, scaleId);
      let latest = row.latest;
      let trend = row.trend;
      const taken: LiveReading[] = [];
      for (const r of readings) {
        if (!isNewReading(latest, r)) continue;
        latest = {
          scaleId, seq: r.seq, at: new Date(r.at).toISOString(), receivedAt: receivedAt.toISOString(), weight: r.weight, unit: r.unit,
          stable: r.stable, net: r.net ?? null, tare: r.tare ?? null,
        };
        trend = trendWith(trend, latest);
        taken.push(latest);
      }
      if (latest && taken.length > 0) await noteReadings(tx, orgId, scaleId, latest, trend, SCALE_CHANNEL, boardNotice(orgId, scaleId, taken));
      return taken.length;
    });
  }

  /** The scale's latest reading as the database has it (a weighing reads it in its own transaction). */
  latest(db: BoardRunner, orgId: string, scaleId: string): Promise<LiveReading | null> {
    return latestReading(db, orgId, scaleId);
  }

  /** The latest reading of each of the company's scales that has one. */
  latestOf(db: BoardRunner, orgId: string): Promise<Map<string, LiveReading>> {
    return latestReadings(db, orgId);
  }

  async snapshot(db: BoardRunner, orgId: string, scaleId: string): Promise<ScaleLiveEvent & { type: 'snapshot' }> {
    const row = await scaleRow(db, orgId, scaleId);
    return { type: 'snapshot', scaleId, latest: row?.latest ?? null, trend: row?.trend ?? [] };
  }

  /**
   * The watcher gets the snapshot first, then each reading, from whichever instance took it; the
   * answer stops it. The instance listens before the snapshot is read, so no reading falls between.
   */
  async watch(orgId: string, scaleId: string, watcher: ScaleWatcher): Promise<() => void> {
    await this.listen();
    const key = `${orgId}|${scaleId}`;
    let set = this.watchers.get(key);
    if (!set) this.watchers.set(key, (set = new Set()));
    // readings told while the snapshot is read wait for it, and go after it if newer
    const early: ScaleLiveEvent[] = [];
    const holding: ScaleWatcher = (e) => early.push(e);
    set.add(holding);
    const stop = () => {
      set.delete(holding);
      set.delete(watcher);
      if (set.size === 0 && this.watchers.get(key) === set) this.watchers.delete(key);
    };
    try {
      const snap = await this.snapshot(this.db, orgId, scaleId);
      watcher(snap);
      let last = snap.latest;
      for (const e of early) {
        if (e.type === 'snapshot') {
          watcher(e);
          last = e.latest;
        } else if (isNewReading(last, e.reading)) {
          watcher(e);
          last = e.reading;
        }
      }
    } catch (err) {
      stop();
      throw err;
    }
    set.delete(holding);
    set.add(watcher);
    return stop;
  }

  /** A revoked scale's readings are forgotten, on every instance: a weighing must not take what its old key sent. */
  async forget(db: BoardRunner, orgId: string, scaleId: string): Promise<void> {
    await forgetScale(db, orgId, scaleId);
  }

  private listen(): Promise<unknown> {
    this.listening ??= this.channels.listen(SCALE_CHANNEL, {
      notified: (payload) => this.told(payload),
      resync: () => this.resyncAll(),
    }).catch((err) => {
      this.listening = null;
      throw err;
    });
    return this.listening;
  }

  /** A notification: its readings go to this instance's watchers of the scale; one too long to carry them is read from the row. */
  private told(payload: string): void {
    const notice = readNotice(payload);
    if (!notice) return;
    const set = this.watchers.get(`${notice.orgId}|${notice.scaleId}`);
    if (!set || set.size === 0) return;
    if (notice.readings) {
      for (const reading of notice.readings) for (const w of [...set]) w({ type: 'reading', reading });
      return;
    }
    void this.snapshot(this.db, notice.orgId, notice.scaleId).then((snap) => {
      for (const w of [...set]) w(snap);
    }, () => {});
  }

  /** The listening connection was lost and is back: every watched scale is read whole again. */
  private resyncAll(): void {
    for (const [key, set] of this.watchers) {
      const [orgId, scaleId] = key.split('|') as [string, string];
      void this.snapshot(this.db, orgId, scaleId).then((snap) => {
        for (const w of [...set]) w(snap);
      }, () => {});
    }
  }
}
