import Decimal from 'decimal.js';
import type { TeamInfo, TeamReport, TeamReportRow, VehicleChart } from '@wb/protocol';
import { clockOf, type Team } from './teams';

/** A gate movement count read from the registries: kind, hour of the day, in or out. */
export interface HourCount {
  kind: string;
  hour: number;
  direction: 'IN' | 'OUT';
  trips: number;
}

/** The chart's series: one per kind and direction that moved today, 24 hourly counts each. */
export function vehicleChart(day: string, counts: readonly HourCount[]): VehicleChart {
  const series = new Map<string, VehicleChart['series'][number]>();
  for (const c of counts) {
    const key = `${c.direction}:${c.kind}`;
    let s = series.get(key);
    if (!s) {
      s = { kind: c.kind, direction: c.direction, counts: Array.from({ length: 24 }, () => 0) };
      series.set(key, s);
    }
    s.counts[c.hour] += c.trips;
  }
  const ordered = [...series.values()].sort((a, b) => a.direction.localeCompare(b.direction) || a.kind.localeCompare(b.kind));
  return { day, series: ordered };
}

export const teamInfo = (t: Team): TeamInfo => ({ seq: t.seq, name: t.name, nameEn: t.nameEn, start: clockOf(t.startMinute), end: clockOf(t.endMinute) });

/**
 * The report from its grouped rows: a total per team (every team shown, an idle one with 0) and
 * a grand total, summed as decimals so tons never pick up binary rounding.
 */
export function teamReport(from: string, to: string, teams: readonly Team[], rows: TeamReportRow[]): TeamReport {
  const sums = new Map(teams.map((t) => [t.seq, { trips: 0, net: new Decimal(0) }]));
  let trips = 0;
  let net = new Decimal(0);
  for (const r of rows) {
    const s = sums.get(r.team);
    if (s) {
      s.trips += r.trips;
      s.net = s.net.plus(r.net);
    }
    trips += r.trips;
    net = net.plus(r.net);
  }
  return {
    from, to,
    teams: teams.map(teamInfo),
    rows,
    teamTotals: teams.map((t) => ({ team: t.seq, trips: sums.get(t.seq)!.trips, net: sums.get(t.seq)!.net.toFixed(4) })),
    total: { trips, net: net.toFixed(4) },
  };
}

/** Why a report's date range cannot be read, or null: the end not before the start, a year at most. */
export function rangeRefusal(from: string, to: string, maxDays: number): { message: string; field: string } | null {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || new Date(a).toISOString().slice(0, 10) !== from) return { message: '开始日期不是有效日期', field: 'from' };
  if (Number.isNaN(b) || new Date(b).toISOString().slice(0, 10) !== to) return { message: '结束日期不是有效日期', field: 'to' };
  if (b < a) return { message: '结束日期不能早于开始日期', field: 'to' };
  if ((b - a) / 86_400_000 + 1 > maxDays) return { message: `日期范围最多${maxDays}天`, field: 'to' };
  return null;
}
