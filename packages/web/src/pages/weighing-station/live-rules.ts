import { toDecimal, type LiveReading, type TrendPoint } from '@wb/protocol';

/** The trend the indicator draws: the last minute, by the agent's clock (as the server keeps it). */
export const TREND_MS = 60_000;

export function withReading(trend: TrendPoint[], r: Pick<LiveReading, 'at' | 'weight'>): TrendPoint[] {
  const at = Date.parse(r.at);
  return [...trend.filter(([t]) => t > at - TREND_MS && t <= at), [at, r.weight]];
}

/** The sparkline's points in a width x height box: time across, weight up; a flat line when the weight does not move. */
export function sparkline(trend: TrendPoint[], width: number, height: number): string {
  if (trend.length === 0) return '';
  const times = trend.map(([t]) => t);
  const weights = trend.map(([, w]) => Number(w));
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [w0, w1] = [Math.min(...weights), Math.max(...weights)];
  const x = (t: number) => (t1 === t0 ? width : ((t - t0) / (t1 - t0)) * width);
  const y = (w: number) => (w1 === w0 ? height / 2 : height - ((w - w0) / (w1 - w0)) * height);
  return trend.map(([t, w]) => `${x(t).toFixed(1)},${y(Number(w)).toFixed(1)}`).join(' ');
}

/** A reading the weighing may take, as the server judges it (domain/station reading-rules): shown, not decided, here. */
export type Light = 'stable' | 'moving' | 'stale' | 'none';
export function lightOf(latest: LiveReading | null, now: number, staleMs = 5_000): Light {
  if (!latest) return 'none';
  if (now - Date.parse(latest.receivedAt) > staleMs) return 'stale';
  return latest.stable ? 'stable' : 'moving';
}

/**
 * A reading in tons, whatever unit the indicator sends (kg or t): the indicator shows it as the
 * tickets do, in the plant's unit and decimals (platform/display), so 38120 kg reads 38.12 吨 at a
 * plant that weighs in tons. null for a reading that is no number.
 */
export function readingInTons(r: Pick<LiveReading, 'weight' | 'unit'>): string | null {
  const d = toDecimal(r.weight);
  if (!d) return null;
  return (r.unit === 'kg' ? d.dividedBy(1000) : d).toString();
}
