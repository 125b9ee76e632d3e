import type { TeamReport } from '@wb/protocol';

/** One line of the report's table: a group of trips, a team's subtotal, or the total. */
export interface ReportLine {
  key: string;
  type: 'row' | 'subtotal' | 'total';
  team: string;
  kind: string | null;
  material: string | null;
  counterparty: string | null;
  trips: number;
  net: string;
}

/**
 * The table as the plant reads it on paper: each team's groups, then its subtotal, the total at
 * the end. The figures are the server's; nothing is summed here.
 */
export function reportLines(report: TeamReport, teamName: (seq: number) => string): ReportLine[] {
  const lines: ReportLine[] = [];
  for (const team of report.teams) {
    const name = teamName(team.seq);
    report.rows.filter((r) => r.team === team.seq).forEach((r, i) => {
      lines.push({ key: `${team.seq}-${i}`, type: 'row', team: name, kind: r.kind, material: r.materialName, counterparty: r.counterparty, trips: r.trips, net: r.net });
    });
    const sub = report.teamTotals.find((t) => t.team === team.seq);
    lines.push({ key: `${team.seq}-sub`, type: 'subtotal', team: name, kind: null, material: null, counterparty: null, trips: sub?.trips ?? 0, net: sub?.net ?? '0' });
  }
  lines.push({ key: 'total', type: 'total', team: '', kind: null, material: null, counterparty: null, trips: report.total.trips, net: report.total.net });
  return lines;
}
