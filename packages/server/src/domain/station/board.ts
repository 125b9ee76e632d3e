import type { LiveReading, ScaleLiveEvent, StationReading, TrendPoint } from '@wb/protocol';
import { isNewReading, trendWith } from './reading-rules';

/** One browser watching one scale. */
export type ScaleWatcher = (event: ScaleLiveEvent) => void;

interface ScaleState { latest: LiveReading | null; trend: TrendPoint[]; watchers: Set<ScaleWatcher> }

/**
 * The scales' latest readings and recent trends, in this process: the indicator's stream is
 * ephemeral (dozens of frames a second), so it is never written to the database; what lasts is
 * the weighing that takes a reading (wb_weighing). Watchers are told of each reading as it is
 * taken, in the same turn of the event loop, which keeps frame-to-browser latency to the network.
 * Keyed by company and scale id: a company sees only its own scales.
 */
export class ScaleBoard {
  private readonly scales = new Map<string, ScaleState>();

  private state(orgId: string, scaleId: string): ScaleState {
    const key = `${orgId}|${scaleId}`;
    let s = this.scales.get(key);
    if (!s) {
      s = { latest: null, trend: [], watchers: new Set() };
      this.scales.set(key, s);
    }
    return s;
  }

  /** Takes the readings that are new (reading-rules isNewReading), in order; answers how many. */
  publish(orgId: string, scaleId: string, readings: StationReading[], receivedAt: Date): number {
    const s = this.state(orgId, scaleId);
    let accepted = 0;
    for (const r of readings) {
      if (!isNewReading(s.latest, r)) continue;
      const reading: LiveReading = {
        scaleId, seq: r.seq, at: new Date(r.at).toISOString(), receivedAt: receivedAt.toISOString(), weight: r.weight, unit: r.unit,
        stable: r.stable, net: r.net ?? null, tare: r.tare ?? null,
      };
      s.latest = reading;
      s.trend = trendWith(s.trend, reading);
      accepted += 1;
      for (const w of s.watchers) w({ type: 'reading', reading });
    }
    return accepted;
  }

  latest(orgId: string, scaleId: string): LiveReading | null {
    return this.scales.get(`${orgId}|${scaleId}`)?.latest ?? null;
  }

  snapshot(orgId: string, scaleId: string): ScaleLiveEvent {
    const s = this.scales.get(`${orgId}|${scaleId}`);
    return { type: 'snapshot', scaleId, latest: s?.latest ?? null, trend: s?.trend ?? [] };
  }

  /** The watcher gets the snapshot first, then each reading; the answer stops it. */
  watch(orgId: string, scaleId: string, watcher: ScaleWatcher): () => void {
    const s = this.state(orgId, scaleId);
    s.watchers.add(watcher);
    watcher(this.snapshot(orgId, scaleId));
    return () => s.watchers.delete(watcher);
  }

  /** A revoked scale's readings are forgotten: a weighing must not take what its old key sent. */
  forget(orgId: string, scaleId: string): void {
    const s = this.scales.get(`${orgId}|${scaleId}`);
    if (!s) return;
    s.latest = null;
    s.trend = [];
  }
}
