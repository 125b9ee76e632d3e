import type pg from 'pg';
import type { ReportDefinition } from '@wb/protocol';
import type { DatasetInput, DatasetQuery, ReportClient, ReportDataset } from './dataset';
import { executeDataset } from './execute';
import {
  aggregatesOf, groupFieldsOf, groupKey, withSubtotals, type ReportAggregate, type ReportPage, type ReportRow, type ReportSort,
} from './rules';

/**
 * The report runner: a dataset's SELECT wrapped as a subquery and read in one READ ONLY
 * transaction, a page of its rows in order (grouping fields first, then the asked order, then
 * every other field so pages never overlap), and its totals and group subtotals from one
 * GROUP BY GROUPING SETS. Every name in the SQL is one of the dataset's fields, quoted; every
 * value a parameter.
 */

export interface ReportResult {
  /** the page's rows, the subtotal rows among them marked `__group` */
  list: ReportRow[];
  /** the dataset's rows (not counting subtotal rows) */
  total: number;
  /** the totals row: every total column's figure, `__count` the rows */
  totals: Record<string, unknown>;
  /** every group's subtotal row (when the report groups) */
  groups?: ReportRow[];
  /** present when the dataset has more rows than its cap: only the first `rowCap` were read */
  truncated?: true;
  rowCap?: number;
}

/**
 * Whether a capped dataset (a database-source report) had more rows than its cap, asked only when
 * it read as many as the cap: the same SELECT capped one row further, counted.
 */
export async function isTruncated(client: ReportClient, dataset: ReportDataset, input: DatasetInput, read: number): Promise<boolean> {
  const cap = dataset.rowCap;
  if (cap === undefined || read < cap) return false;
  const probe = dataset.query(input, cap + 1);
  const { rows } = await client.query<{ n: string }>(`SELECT count(*)::bigint AS n FROM (${probe.text}) AS report_rows`, probe.values);
  return Number(rows[0]!.n) > cap;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

const AGG_SQL: Record<ReportAggregate['kind'], (col: string) => string> = {
  sum: (c) => `sum(${c})`,
  avg: (c) => `round(avg(${c})::numeric, 4)`,
  count: (c) => `count(${c})`,
  min: (c) => `min(${c})`,
  max: (c) => `max(${c})`,
};

/** The ORDER BY of a report's rows: its groups, the asked order, then every other field (a stable page). */
export function orderBy(dataset: Pick<ReportDataset, 'fields'>, groupBy: string[], sort: ReportSort[]): string {
  const used = new Set<string>();
  const parts: string[] = [];
  const add = (key: string, dir: 'asc' | 'desc') => {
    if (used.has(key)) return;
    used.add(key);
    parts.push(`${quoteIdent(key)} ${dir === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`);
  };
  for (const g of groupBy) add(g, sort.find((s) => s.key === g)?.dir ?? 'asc');
  for (const s of sort) add(s.key, s.dir);
  for (const f of dataset.fields) add(f.key, 'asc');
  return parts.join(', ');
}

/** The totals and subtotals query: one row per group at every level, and the grand total (level 0). */
export function totalsQuery(base: DatasetQuery, groupBy: string[], aggregates: ReportAggregate[]): DatasetQuery {
  const aggs = [`count(*) AS "__count"`, ...aggregates.map((a) => `${AGG_SQL[a.kind](quoteIdent(a.field))} AS ${quoteIdent(a.field)}`)];
  if (!groupBy.length) return { text: `SELECT ${aggs.join(', ')} FROM (${base.text}) AS report_rows`, values: base.values };
  const cols = groupBy.map(quoteIdent);
  const sets = groupBy.map((_, i) => `(${cols.slice(0, groupBy.length - i).join(', ')})`).concat('()');
  return {
    text: `SELECT ${cols.join(', ')}, GROUPING(${cols.join(', ')}) AS "__grouping", ${aggs.join(', ')} FROM (${base.text}) AS report_rows GROUP BY GROUPING SETS (${sets.join(', ')})`,
    values: base.values,
  };
}

/** Which level a grouping-sets row is: the number of grouping fields it keeps (0: the grand total). */
export function levelOf(grouping: number, fields: number): number {
  let level = fields;
  for (let b = grouping; b; b >>= 1) level -= b & 1;
  return level;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date column's values as the plant days they are (node-postgres reads a DATE as local midnight:
 * its local fields are the day), so a day never shifts by the server's or the browser's zone.
 */
function daysAsText(rows: Record<string, unknown>[], dateFields: string[]): void {
  if (!dateFields.length) return;
  for (const row of rows) {
    for (const f of dateFields) {
      const v = row[f];
      if (v instanceof Date) row[f] = `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
    }
  }
}

/** Reads the figures of a report (with the client of a transaction the caller opened). */
export async function readReport(client: ReportClient, dataset: ReportDataset, definition: Pick<ReportDefinition, 'columns' | 'groupBy'>, input: DatasetInput, sort: ReportSort[], page: ReportPage | null): Promise<ReportResult> {
  const base = dataset.query(input);
  const groupBy = groupFieldsOf(dataset, definition);
  const aggregates = aggregatesOf(dataset, definition);
  const dateFields = dataset.fields.filter((f) => f.type === 'date').map((f) => f.key);
  const sums = await client.query(totalsQuery(base, groupBy, aggregates));
  daysAsText(sums.rows, dateFields);
  const subtotals = new Map<string, Record<string, unknown>>();
  const groups: ReportRow[] = [];
  let grand: Record<string, unknown> = { __count: '0' };
  for (const row of sums.rows as Record<string, unknown>[]) {
    const level = groupBy.length ? levelOf(Number(row.__grouping), groupBy.length) : 0;
    const { __grouping: _, ...figures } = row;
    figures.__count = Number(figures.__count ?? 0);
    if (level === 0) grand = figures;
    else subtotals.set(`${level}:${groupKey(row, groupBy, level)}`, figures);
  }
  const order = orderBy(dataset, groupBy, sort);
  const paging = page ? ` LIMIT ${page.ps + 1} OFFSET ${(page.pn - 1) * page.ps}` : '';
  const { rows } = await client.query({ text: `SELECT * FROM (${base.text}) AS report_rows ORDER BY ${order}${paging}`, values: base.values });
  daysAsText(rows, dateFields);
  const list = withSubtotals(rows, page ? page.ps : rows.length, groupBy, subtotals);
  if (groupBy.length) {
    // every subtotal, for a chart or an export of the groups
    const all = [...subtotals.entries()].map(([k, figures]) => ({ level: Number(k.split(':', 1)[0]), figures }));
    for (const { level, figures } of all) groups.push({ ...figures, __group: { level, key: groupBy.slice(0, level).map((g) => String(figures[g] ?? '')).join(' / ') } });
  }
  const { __count, ...totals } = grand;
  const total = Number(__count ?? 0);
  const cut = await isTruncated(client, dataset, input, total);
  return {
    list, total, totals: { ...totals, __count: total }, ...(groupBy.length ? { groups } : {}),
    ...(cut ? { truncated: true as const, rowCap: dataset.rowCap } : {}),
  };
}

/** A report's figures in their own READ ONLY transaction on the dataset's executor. */
export function runReport(pool: pg.Pool, dataset: ReportDataset, definition: Pick<ReportDefinition, 'columns' | 'groupBy'>, input: DatasetInput, sort: ReportSort[], page: ReportPage | null): Promise<ReportResult> {
  return executeDataset(pool, dataset, (client) => readReport(client, dataset, definition, input, sort, page));
}
