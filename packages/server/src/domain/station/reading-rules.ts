import Decimal from 'decimal.js';
import type { LiveReading, StationReading, TrendPoint } from '@wb/protocol';

/**
 * What the server decides about an indicator's readings, apart from where they are kept.
 *
 * A reading is new when its seq is above the last one taken. A replay (the agent sending its
 * backlog again after a lost answer) carries seqs already taken and is ignored, so it is safe. An
 * agent that restarts, or whose counter wraps, counts from 0 again: its seq is then below the last
 * one but its time is later than the last reading's, and it is taken as the new run's start.
 */
export function isNewReading(last: Pick<LiveReading, 'seq' | 'at'> | null, r: Pick<StationReading, 'seq' | 'at'>): boolean {
  if (!last) return true;
  if (r.seq > last.seq) return true;
  return r.seq < last.seq && Date.parse(r.at) > Date.parse(last.at);
}

/** How long the trend on the weighing page reaches back. */
export const TREND_MS = 60_000;

/** The trend with this reading added and what is older than TREND_MS (by the agent's clock) dropped. */
export function trendWith(trend: TrendPoint[], r: Pick<LiveReading, 'at' | 'weight'>): TrendPoint[] {
  const at = Date.parse(r.at);
  const kept = trend.filter(([t]) => t > at - TREND_MS && t <= at);
  kept.push([at, r.weight]);
  return kept;
}

/**
 * A reading older than this (by the server's clock, when it arrived) is not weighed on: the agent
 * or its link has stopped, and the truck on the scale may no longer be the one it showed.
 * STATION_STALE_MS sets it; 5 s is several dozen frames of any indicator.
 */
export const staleMs = () => Number(process.env.STATION_STALE_MS) || 5_000;

export type ReadingVerdict = { ok: true; reading: LiveReading } | { ok: false; message: string };

/** Whether a weighing may take the scale's latest reading: there is one, it is stable, it is fresh, it is not below zero. */
export function takeableReading(scaleId: string, latest: LiveReading | null, now: number, stale = staleMs()): ReadingVerdict {
  if (!latest) return { ok: false, message: `秤 ${scaleId} 没有仪表读数，请检查磅点程序与仪表连接` };
  const age = now - Date.parse(latest.receivedAt);
  if (age > stale) return { ok: false, message: `秤 ${scaleId} 的仪表读数已 ${Math.round(age / 1000)} 秒未更新，请检查磅点程序与仪表连接` };
  if (!latest.stable) return { ok: false, message: `秤 ${scaleId} 读数不稳定，请等待稳定后再过磅` };
  if (latest.weight.startsWith('-')) return { ok: false, message: `秤 ${scaleId} 读数为负，请检查仪表置零` };
  return { ok: true, reading: latest };
}

/** The indicator's figure in the company's unit of computation (parameter weightUnit). */
export function inUnit(weight: string, from: 'kg' | 't', to: 'kg' | 't'): string {
  const w = new Decimal(weight);
  if (from === to) return w.toFixed();
  return (from === 'kg' ? w.div(1000) : w.times(1000)).toFixed();
}

/** A notification of new readings (board.ts): the scale's key, and the readings while they fit. */
export interface BoardNotice { orgId: string; scaleId: string; readings?: LiveReading[] }

/** PostgreSQL's limit on a NOTIFY payload is 8000 bytes; the readings ride only well inside it. */
export const NOTICE_MAX_BYTES = 7_900;

/** The payload telling every instance of a scale's new readings: with them when they fit, else the key alone (the listener reads the row). */
export function boardNotice(orgId: string, scaleId: string, readings: LiveReading[], max = NOTICE_MAX_BYTES): string {
  const full = JSON.stringify({ o: orgId, s: scaleId, r: readings });
  if (Buffer.byteLength(full, 'utf8') <= max) return full;
  return JSON.stringify({ o: orgId, s: scaleId });
}

/** A notification's payload read back; null for one that is not a board notice. */
export function readNotice(payload: string): BoardNotice | null {
  try {
    const v = JSON.parse(payload) as { o?: unknown; s?: unknown; r?: unknown };
    if (typeof v.o !== 'string' || typeof v.s !== 'string') return null;
    return { orgId: v.o, scaleId: v.s, ...(Array.isArray(v.r) ? { readings: v.r as LiveReading[] } : {}) };
  } catch {
    return null;
  }
}
