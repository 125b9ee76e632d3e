import type { ReportField, ReportParam } from '@wb/protocol';
import type { DatasetInput, ReportDataset } from '../../platform/reports/dataset';
import { REPORT_BUILTIN_PERMISSIONS as P } from './permissions';
import {
  addDays, DONE_STATES, kindNameSql, kindOptions, monthBounds, readDay, readId, readKind, readMonth, readYear, sameDayLastMonth, yearBounds,
} from './rules';
import { PARTY_CODE, PARTY_JOINS, PARTY_NAME, Sql } from './sql';

/**
 * The weighing reports: 过磅日报 (a day against the day before and the same day last month), the
 * monthly summary (a month, day by day) and the yearly summary (a year, month by month), each per
 * kind, material and counterparty over the completed tickets (COMPLETED, AUDITED, POSTED) by their
 * completion time in the plant's days; an audited train's wagons count as tickets done at the
 * train's arrival (轨道衡, the view wb_weighing_fact).
 *
 * Each reads the sealed days of its windows from the weighing summary (rpt_weigh_day, migration
 * 082: a row per plant day, kind, material and party, kept in the plant's zone) and the days after
 * the seal (the last two or three) from the tickets by (org_id, completed_at); the yearly summary
 * reads the sealed months' rows (rpt_weigh_month) instead of the days'. Groups them by ids first (a
 * day is 2,000 tickets but a few hundred groups, a year about 2,000 month rows) and names the
 * groups after. A report read in another zone than the summary's
 * reads every day from the tickets.
 */

const kindParam: ReportParam = { key: 'kind', title: '业务类型', titleEn: 'Kind', type: 'select', options: kindOptions() };
const materialParam: ReportParam = { key: 'materialId', title: '物料', titleEn: 'Material', type: 'material' };

const groupFields: ReportField[] = [
  { key: 'kind', title: '业务类型代码', titleEn: 'Kind code', type: 'text' },
  { key: 'kindName', title: '业务类型', titleEn: 'Kind', type: 'text' },
  { key: 'materialCode', title: '物料编码', titleEn: 'Material code', type: 'text' },
  { key: 'materialName', title: '物料', titleEn: 'Material', type: 'text' },
  { key: 'partyCode', title: '往来单位编码', titleEn: 'Party code', type: 'text' },
  { key: 'partyName', title: '往来单位', titleEn: 'Party', type: 'text' },
];

const GROUP_SELECT = `t.kind, ${kindNameSql('t.kind')} AS "kindName", m.inv_code AS "materialCode", m.inv_name AS "materialName",
       ${PARTY_CODE} AS "partyCode", ${PARTY_NAME} AS "partyName"`;
const GROUP_BY = 't.kind, t.material_id, t.vendor_id, t.customer_id, t.peer_org_id, m.id, pv.id, pc.id, po.id';

/** The filters every weighing report takes: its company, done tickets, a kind and a material when asked. */
function ticketFilter(q: Sql, input: DatasetInput): string {
  const kind = readKind(input.params.kind);
  const material = readId(input.params.materialId, 'materialId', '物料');
  return `t.org_id = ${q.v(input.orgId)} AND t.state = ANY(${q.v(DONE_STATES)}::text[])`
    + (kind ? ` AND t.kind = ${q.v(kind)}` : '')
    + (material ? ` AND t.material_id = ${q.v(material)}` : '');
}

/**
 * Groups `rows` (a SELECT of bucket, kind, material_id, vendor_id, customer_id, al_notice, trips,
 * net, amount) by bucket and ids, and gives each group its allot partner: the rows the report names.
 */
function grouped(q: Sql, orgId: string, rows: string): string {
  return `
    g AS (
      SELECT b, kind, material_id, vendor_id, customer_id, al_notice, sum(trips)::int AS trips, sum(net) AS net, sum(amount) AS amount
        FROM (${rows}) r GROUP BY 1, 2, 3, 4, 5, 6),
    t AS (
      SELECT g.b, g.kind, g.material_id, g.vendor_id, g.customer_id, n.peer_org_id, g.trips, g.net, g.amount
        FROM g LEFT JOIN wb_notice n ON n.org_id = ${q.v(orgId)} AND n.id = g.al_notice)`;
}

/** The weighings the reports read: the truck tickets and the audited trains' wagons (view wb_weighing_fact, migration 084). */
const WEIGHINGS = 'wb_weighing_fact';

const TICKET_COLS = `t.kind, t.material_id, t.vendor_id, t.customer_id, CASE WHEN t.kind = 'al' THEN t.notice_id END AS al_notice, 1 AS trips, t.net, t.amount`;

/** The summary of the sealed days (rpt_weigh_day, migration 082): the same columns, a row per day and group. */
const SUMMARY = 'rpt_weigh_day';
/** The same per month, of the month's sealed days: what the yearly summary reads. */
const SUMMARY_MONTHS = 'rpt_weigh_month';
const SUMMARY_COLS = 's.kind, s.material_id, s.vendor_id, s.customer_id, s.al_notice_id AS al_notice, s.trips, s.net, s.amount';

/** The summary rows of the company, with the kind and material asked. */
function summaryFilter(q: Sql, input: DatasetInput): string {
  const kind = readKind(input.params.kind);
  const material = readId(input.params.materialId, 'materialId', '物料');
  return `s.org_id = ${q.v(input.orgId)}`
    + (kind ? ` AND s.kind = ${q.v(kind)}` : '')
    + (material ? ` AND s.material_id = ${q.v(material)}` : '');
}

/**
 * The CTE `seal`: the company's last sealed day when its summary was cut in the zone the report
 * reads in, else -infinity (nothing sealed: every day from the tickets). Days up to it are read
 * from the summary, days after it from the tickets.
 */
const sealCte = (q: Sql, input: DatasetInput) => `
    seal AS (SELECT coalesce((SELECT sealed_through FROM rpt_weigh_seal WHERE org_id = ${q.v(input.orgId)} AND time_zone = ${q.v(input.timeZone)}),
                             '-infinity'::date) AS through)`;
const SEALED = '(SELECT through FROM seal)';

/** Trips, net and amount of one bucket, as the fields `keys` (trips, net, amount). */
const sums = (bucket: string, [trips, net, amount]: [string, string, string]) => `
       coalesce(sum(t.trips) FILTER (WHERE ${bucket}), 0)::int AS "${trips}",
       coalesce(sum(t.net) FILTER (WHERE ${bucket}), 0)::numeric(16,4) AS "${net}",
       round(coalesce(sum(t.amount) FILTER (WHERE ${bucket}), 0), 2)::numeric(19,2) AS "${amount}"`;

export const dailyDataset: ReportDataset = {
  key: 'weighing.daily',
  name: '过磅日报',
  nameEn: 'Daily weighing report',
  permission: P.daily,
  executor: 'app',
  params: [
    { key: 'day', title: '日期', titleEn: 'Day', type: 'date', required: true, default: '${today}' },
    kindParam,
    materialParam,
  ],
  fields: [
    ...groupFields,
    { key: 'trips', title: '车数', titleEn: 'Trips', type: 'int', total: true },
    { key: 'net', title: '净重', titleEn: 'Net', type: 'weight', total: true },
    { key: 'amount', title: '金额', titleEn: 'Amount', type: 'money', total: true },
    { key: 'prevTrips', title: '前一日车数', titleEn: 'Trips the day before', type: 'int', total: true },
    { key: 'prevNet', title: '前一日净重', titleEn: 'Net the day before', type: 'weight', total: true },
    { key: 'prevAmount', title: '前一日金额', titleEn: 'Amount the day before', type: 'money', total: true },
    { key: 'prevNetChange', title: '净重较前一日', titleEn: 'Net against the day before', type: 'weight', total: true },
    { key: 'lastMonthTrips', title: '上月同日车数', titleEn: 'Trips a month before', type: 'int', total: true },
    { key: 'lastMonthNet', title: '上月同日净重', titleEn: 'Net a month before', type: 'weight', total: true },
    { key: 'lastMonthAmount', title: '上月同日金额', titleEn: 'Amount a month before', type: 'money', total: true },
    { key: 'lastMonthNetChange', title: '净重较上月同日', titleEn: 'Net against a month before', type: 'weight', total: true },
  ],
  query(input) {
    const day = readDay(input.params.day, 'day', '日期');
    const q = new Sql();
    // three windows, each its own range of the (org_id, completed_at) index
    // a sealed day from the summary, another from its tickets
    const windows = [day, addDays(day, -1), sameDayLastMonth(day)].map((d, k) => `
        SELECT ${k + 1} AS b, ${SUMMARY_COLS} FROM ${SUMMARY} s
         WHERE ${summaryFilter(q, input)} AND s.day = ${q.v(d)}::date AND s.day <= ${SEALED}
        UNION ALL
        SELECT ${k + 1} AS b, ${TICKET_COLS} FROM ${WEIGHINGS} t
         WHERE ${ticketFilter(q, input)}
           AND t.completed_at >= ${q.dayStart(d, input.timeZone)} AND t.completed_at < ${q.dayStart(addDays(d, 1), input.timeZone)}
           AND ${q.v(d)}::date > ${SEALED}`);
    const text = `
      WITH ${sealCte(q, input)}, ${grouped(q, input.orgId, windows.join(' UNION ALL '))}
      SELECT ${GROUP_SELECT},
             ${sums('t.b = 1', ['trips', 'net', 'amount'])},
             ${sums('t.b = 2', ['prevTrips', 'prevNet', 'prevAmount'])},
             (coalesce(sum(t.net) FILTER (WHERE t.b = 1), 0) - coalesce(sum(t.net) FILTER (WHERE t.b = 2), 0))::numeric(16,4) AS "prevNetChange",
             ${sums('t.b = 3', ['lastMonthTrips', 'lastMonthNet', 'lastMonthAmount'])},
             (coalesce(sum(t.net) FILTER (WHERE t.b = 1), 0) - coalesce(sum(t.net) FILTER (WHERE t.b = 3), 0))::numeric(16,4) AS "lastMonthNetChange"
        FROM t
        LEFT JOIN md_material m ON m.id = t.material_id
        ${PARTY_JOINS}
       GROUP BY ${GROUP_BY}`;
    return q.query(text);
  },
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The monthly and yearly summaries: each ticket of [bounds[0], last bound) put in its period by
 * width_bucket over the periods' starts (column b, 1-based), grouped by kind, material and party
 * with the totals and one column per period (`buckets`, read from t.b).
 */
function bucketedSummary(q: Sql, input: DatasetInput, bounds: string[], buckets: string[], grain: 'day' | 'month'): string {
  const last = bounds[bounds.length - 1];
  // the sealed days from the summary (a day or a month is in its period by the same starts; a month's
  // row holds its sealed days only, and a month starting after the seal has none), the days after from the tickets
  const [table, at] = grain === 'day' ? [SUMMARY, 's.day'] : [SUMMARY_MONTHS, 's.month'];
  const rows = `
        SELECT width_bucket(${at}, ${q.v(bounds)}::date[]) AS b, ${SUMMARY_COLS} FROM ${table} s
         WHERE ${summaryFilter(q, input)} AND ${at} >= ${q.v(bounds[0])}::date AND ${at} < ${q.v(last)}::date AND ${at} <= ${SEALED}
        UNION ALL
        SELECT width_bucket(t.completed_at, ${q.dayStarts(bounds, input.timeZone)}) AS b, ${TICKET_COLS} FROM ${WEIGHINGS} t
         WHERE ${ticketFilter(q, input)}
           AND t.completed_at >= greatest(${q.dayStart(bounds[0], input.timeZone)}, ((${SEALED} + 1)::timestamp AT TIME ZONE ${q.v(input.timeZone)}))
           AND t.completed_at < ${q.dayStart(last, input.timeZone)}`;
  return `
      WITH ${sealCte(q, input)}, ${grouped(q, input.orgId, rows)}
      SELECT ${GROUP_SELECT},
             sum(t.trips)::int AS trips, sum(t.net)::numeric(16,4) AS net, round(coalesce(sum(t.amount), 0), 2)::numeric(19,2) AS amount,
             ${buckets.join(',\n             ')}
        FROM t
        LEFT JOIN md_material m ON m.id = t.material_id
        ${PARTY_JOINS}
       GROUP BY ${GROUP_BY}`;
}

export const monthlyDataset: ReportDataset = {
  key: 'weighing.monthly',
  name: '过磅月报',
  nameEn: 'Monthly weighing summary',
  permission: P.monthly,
  executor: 'app',
  params: [
    { key: 'month', title: '月份', titleEn: 'Month', type: 'month', required: true, default: '${monthStart}' },
    kindParam,
    materialParam,
  ],
  fields: [
    ...groupFields,
    { key: 'trips', title: '车数', titleEn: 'Trips', type: 'int', total: true },
    { key: 'net', title: '净重', titleEn: 'Net', type: 'weight', total: true },
    { key: 'amount', title: '金额', titleEn: 'Amount', type: 'money', total: true },
    ...Array.from({ length: 31 }, (_, k): ReportField => ({ key: `d${pad(k + 1)}`, title: `${k + 1}日`, titleEn: `Day ${k + 1}`, type: 'weight', total: true })),
  ],
  query(input) {
    const { year, month } = readMonth(input.params.month, 'month', '月份');
    const bounds = monthBounds(year, month);
    const q = new Sql();
    const days = Array.from({ length: 31 }, (_, k) => k + 1 < bounds.length
      ? `coalesce(sum(t.net) FILTER (WHERE t.b = ${k + 1}), 0)::numeric(16,4) AS "d${pad(k + 1)}"`
      : `NULL::numeric AS "d${pad(k + 1)}"`);
    const text = bucketedSummary(q, input, bounds, days, 'day');
    return q.query(text);
  },
};

export const yearlyDataset: ReportDataset = {
  key: 'weighing.yearly',
  name: '过磅年报',
  nameEn: 'Yearly weighing summary',
  permission: P.yearly,
  executor: 'app',
  params: [
    { key: 'year', title: '年份', titleEn: 'Year', type: 'year', required: true, default: '${yearStart}' },
    kindParam,
    materialParam,
  ],
  fields: [
    ...groupFields,
    { key: 'trips', title: '车数', titleEn: 'Trips', type: 'int', total: true },
    { key: 'net', title: '净重', titleEn: 'Net', type: 'weight', total: true },
    { key: 'amount', title: '金额', titleEn: 'Amount', type: 'money', total: true },
    ...Array.from({ length: 12 }, (_, k): ReportField[] => [
      { key: `m${pad(k + 1)}Trips`, title: `${k + 1}月车数`, titleEn: `Trips in month ${k + 1}`, type: 'int', total: true },
      { key: `m${pad(k + 1)}Net`, title: `${k + 1}月净重`, titleEn: `Net in month ${k + 1}`, type: 'weight', total: true },
    ]).flat(),
  ],
  query(input) {
    const year = readYear(input.params.year, 'year', '年份');
    const bounds = yearBounds(year);
    const q = new Sql();
    const months = Array.from({ length: 12 }, (_, k) => `
             coalesce(sum(t.trips) FILTER (WHERE t.b = ${k + 1}), 0)::int AS "m${pad(k + 1)}Trips",
             coalesce(sum(t.net) FILTER (WHERE t.b = ${k + 1}), 0)::numeric(16,4) AS "m${pad(k + 1)}Net"`);
    const text = bucketedSummary(q, input, bounds, months, 'month');
    return q.query(text);
  },
};
