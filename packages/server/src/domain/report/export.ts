import type { Readable } from 'node:stream';
import { WEIGH_KIND_NAMES, type TeamReport } from '@wb/protocol';
import { streamSheet, type SheetColumn } from '../../platform/excel/workbook';

const COLUMNS: SheetColumn[] = [
  { header: '班组', key: 'team', width: 12 },
  { header: '业务类型', key: 'kind', width: 10 },
  { header: '物料', key: 'material', width: 20 },
  { header: '客商', key: 'counterparty', width: 28 },
  { header: '车数', key: 'trips', width: 10 },
  { header: '净重(吨)', key: 'net', width: 14 },
];

/** The report's sheet: its rows team by team, each team's subtotal after its rows, the total last. */
function* sheetRows(report: TeamReport): Iterable<Record<string, unknown>> {
  for (const team of report.teams) {
    for (const r of report.rows.filter((x) => x.team === team.seq)) {
      yield {
        team: team.name,
        kind: WEIGH_KIND_NAMES[r.kind as keyof typeof WEIGH_KIND_NAMES]?.zh ?? r.kind,
        material: r.materialName ?? '',
        counterparty: r.counterparty ?? '',
        trips: r.trips,
        net: Number(r.net),
      };
    }
    const sub = report.teamTotals.find((t) => t.team === team.seq);
    yield { team: `${team.name}小计`, trips: sub?.trips ?? 0, net: Number(sub?.net ?? 0) };
  }
  yield { team: '合计', trips: report.total.trips, net: Number(report.total.net) };
}

/** Streams the team report as an Excel sheet (platform/excel). */
export function teamReportSheet(report: TeamReport): Readable {
  return streamSheet('班组报表', COLUMNS, sheetRows(report));
}
