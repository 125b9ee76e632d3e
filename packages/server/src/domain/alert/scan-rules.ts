import type { FirstWeighingFacts, TicketFacts } from './history-repo';
import {
  dwellUnusual, grossOverRated, netUnusual, otherScale, outOfHours, readingJump, reweighedSoon, tareDrift,
  type AlertRule, type Finding, type Kind, type Reading,
} from './rules';
import { minuteOf, type RuleSettings } from './settings';

/**
 * The per-weighing rules over one completed ticket's facts (history-repo.ts ticketFacts) and the
 * company's settings: which findings it raises, and what the scan keeps of the scale's readings.
 * Pure: the facts are read, the alerts raised and the readings kept by scan.ts.
 */

/** The legal gross limit by axles (GB 1589-2016), where the vehicle master has no rated load. */
const AXLE_LIMIT_KG: Record<number, number> = { 2: 18_000, 3: 25_000, 4: 31_000, 5: 43_000, 6: 49_000, 7: 49_000, 8: 49_000 };

/** The vehicle's rated total mass: its rated load (核定载质量) plus its curb weight (the standard tare, else this tare), else the legal limit by its axles. */
export function ratedTotalKg(f: Pick<TicketFacts, 'capacityKg' | 'standardTareKg' | 'tareKg' | 'axles'>): number | null {
  if (f.capacityKg !== null) return f.capacityKg + (f.standardTareKg ?? f.tareKg);
  return f.axles !== null ? AXLE_LIMIT_KG[f.axles] ?? null : null;
}

/** How many readings the scan keeps with the ticket: enough for the step and the plateau before it. */
export const READINGS_KEPT = 120;

/**
 * The scale's readings up to the weighing, as kg, from the board's trend (the last minute, in the
 * indicator's unit): those up to the last one that shows the weighed figure (within `settleKg`)
 * no later than a few seconds after the weighing (the agent's clock and the server's differ), so
 * a truck already driving off is not read as a step.
 */
export function readingsOfWeighing(trend: readonly [number, string][] | null, unit: string | null, weighedAt: Date | null, weighedKg: number | null, settleKg: number): Reading[] {
  if (!trend || trend.length === 0 || weighedAt === null || weighedKg === null) return [];
  const factor = unit === 't' ? 1000 : 1;
  const all = trend.map(([at, w]) => ({ at, kg: Math.round(Number(w) * factor) })).filter((r) => Number.isFinite(r.kg));
  const until = weighedAt.getTime() + 5_000;
  let last = -1;
  for (let i = 0; i < all.length; i++) if (all[i].at <= until && Math.abs(all[i].kg - weighedKg) <= settleKg) last = i;
  return last < 0 ? [] : all.slice(Math.max(0, last + 1 - READINGS_KEPT), last + 1);
}

/** The seconds the scale held a load (at least `minLoadKg`) up to the weighing's reading; null without readings. */
export function dwellOf(readings: readonly Reading[], minLoadKg: number): number | null {
  if (readings.length === 0) return null;
  let start = readings.length - 1;
  while (start > 0 && readings[start - 1].kg >= minLoadKg) start--;
  if (readings[readings.length - 1].kg < minLoadKg) return null;
  return Math.round((readings[readings.length - 1].at - readings[start].at) / 1000);
}

export interface ScanKept { scaleId: string | null; dwellSeconds: number | null; readings: [number, number][] | null; firstReadings: [number, number][] | null }

export interface TicketVerdict {
  findings: Finding[];
  /** what the scan keeps with the ticket (wb_alert_scan) */
  kept: ScanKept;
}

type Settings = Map<AlertRule, RuleSettings>;

/** Every per-weighing rule the company has on, over the ticket. */
export function judgeTicket(f: TicketFacts, settings: Settings): TicketVerdict {
  const on = (rule: AlertRule) => (settings.get(rule)?.enabled ? settings.get(rule)!.settings : null);
  const jump = settings.get('READING_JUMP')!.settings;
  const readings: Reading[] = f.storedReadings
    ? f.storedReadings.map(([at, kg]) => ({ at, kg }))
    : readingsOfWeighing(f.trend, f.trendUnit, f.secondAt, f.secondWeightKg, Number(jump.settleKg));
  const dwell = f.storedDwell ?? dwellOf(readings, Number(jump.minLoadKg));
  const kind: Kind | null = f.kind === 'pu' || f.kind === 'sa' ? f.kind : null;
  const found: (Finding | null)[] = [];
  const tare = on('TARE_DRIFT');
  if (tare && kind && f.tareWeighed) found.push(tareDrift(kind, f.tareKg, f.pastTaresKg.slice(0, tare.lastN), score(tare, 'minSpreadKg')));
  const net = on('NET_UNUSUAL');
  if (net && kind) found.push(netUnusual(kind, f.netKg, f.pastNetsKg.slice(0, net.lastN), score(net, 'minSpreadKg')));
  const gross = on('GROSS_OVER_RATED');
  if (gross) found.push(grossOverRated(f.grossKg, ratedTotalKg(f), gross.tolerancePercent));
  const hours = on('OUT_OF_HOURS');
  if (hours) {
    const h = { from: minuteOf(hours.from), to: minuteOf(hours.to) };
    found.push(outOfHours(f.completedMinute, h) ?? (f.firstMinute !== null ? outOfHours(f.firstMinute, h) : null));
  }
  const soon = on('REWEIGHED_SOON');
  if (soon) found.push(reweighedSoon(f.plate, f.lastCompletedAt?.getTime() ?? null, f.completedAt.getTime(), { withinMs: soon.withinMinutes * 60_000 }));
  const other = on('OTHER_SCALE');
  if (other) found.push(otherScale(f.firstPlace, f.secondPlace, other.forbid));
  const lane = on('DWELL_UNUSUAL');
  if (lane && dwell !== null) found.push(dwellUnusual(dwell, f.laneSeconds.slice(0, lane.lastN), score(lane, 'minSpreadSeconds')));
  const first = firstReadingsOf(f, Number(jump.settleKg));
  if (on('READING_JUMP')) {
    found.push(withReadings(readingJump(readings, jump as never), readings, 'SECOND') ?? withReadings(readingJump(first, jump as never), first, 'FIRST'));
  }
  return {
    findings: found.filter((x): x is Finding => x !== null),
    kept: { scaleId: f.secondScale, dwellSeconds: dwell, readings: pairs(readings), firstReadings: pairs(first) },
  };
}

/** The first weighing's readings: as a scan after it kept them, else from the board while it still has them. */
export function firstReadingsOf(f: FirstWeighingFacts, settleKg: number): Reading[] {
  return f.storedFirstReadings
    ? f.storedFirstReadings.map(([at, kg]) => ({ at, kg }))
    : readingsOfWeighing(f.firstTrend, f.firstTrendUnit, f.firstAt, f.firstWeightKg, settleKg);
}

export const pairs = (readings: readonly Reading[]): [number, number][] | null => (readings.length > 0 ? readings.map((r) => [r.at, r.kg]) : null);

const score = (s: Record<string, any>, spreadKey: string) => ({ minHistory: s.minHistory, threshold: s.threshold, minSpreadKg: s[spreadKey] });

/** A step's finding carries the readings it rests on and which weighing they led to, for the alert's detail. */
const withReadings = (f: Finding | null, readings: readonly Reading[], weighing: 'FIRST' | 'SECOND'): Finding | null =>
  f && { ...f, message: `${weighing === 'FIRST' ? '一次' : '二次'}过磅${f.message}`, evidence: { ...f.evidence, weighing, readings: pairs(readings) } };
