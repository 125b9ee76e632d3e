import type { ReportDefinition, ReportField } from '@wb/protocol';
import { badRequest } from '../http/errors';
import type { ReportDataset } from './dataset';

/**
 * The runner's rules (pure: no I/O): which page, which order, which totals, and where the group
 * subtotal rows go among a page's rows. The SQL that reads them is in run.ts.
 */

export const REPORT_PAGE_SIZE_DEFAULT = 50;
/** a page never holds more rows than this, whatever the caller asks */
export const REPORT_PAGE_SIZE_MAX = 500;

export interface ReportPage { pn: number; ps: number }
export interface ReportSort { key: string; dir: 'asc' | 'desc' }
export type TotalKind = 'sum' | 'avg' | 'count' | 'min' | 'max';
export interface ReportAggregate { field: string; kind: TotalKind }

/** A subtotal row's mark: how deep its group is (1: the first groupBy field) and the group's values. */
export interface GroupMark { level: number; key: string }
export type ReportRow = Record<string, unknown> & { __group?: GroupMark };

const wholeNumber = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : NaN);

/** The page asked for: pn from 1, ps from 1 to REPORT_PAGE_SIZE_MAX (a larger one is cut to it). */
export function pageOf(raw: unknown): ReportPage {
  if (raw === undefined || raw === null) return { pn: 1, ps: REPORT_PAGE_SIZE_DEFAULT };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('参数 page 应为 {pn, ps}', 'page');
  const { pn = 1, ps = REPORT_PAGE_SIZE_DEFAULT } = raw as { pn?: unknown; ps?: unknown };
  const n = wholeNumber(pn);
  const s = wholeNumber(ps);
  if (!Number.isInteger(n) || n < 1) throw badRequest('页码 pn 应为大于 0 的整数', 'page.pn');
  if (!Number.isInteger(s) || s < 1) throw badRequest('每页条数 ps 应为大于 0 的整数', 'page.ps');
  return { pn: n, ps: Math.min(s, REPORT_PAGE_SIZE_MAX) };
}

/**
 * The order asked for, on the dataset's own fields only (a key it does not have is refused, so
 * no text a caller sends reaches the SQL); none asked: the report's own order.
 */
export function sortOf(dataset: Pick<ReportDataset, 'fields'>, definition: Pick<ReportDefinition, 'sort'> | null, raw: unknown): ReportSort[] {
  const known = new Set(dataset.fields.map((f) => f.key));
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) return (definition?.sort ?? []).filter((s) => known.has(s.key));
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length > 5) throw badRequest('排序最多 5 个字段', 'sort');
  return list.map((s) => {
    const { key, dir = 'asc' } = (s ?? {}) as { key?: unknown; dir?: unknown };
    if (typeof key !== 'string' || !known.has(key)) throw badRequest(`不能按「${String(key).slice(0, 40)}」排序：报表没有这个字段`, 'sort');
    if (dir !== 'asc' && dir !== 'desc') throw badRequest('排序方向应为 asc 或 desc', 'sort');
    return { key, dir };
  });
}

const NUMERIC: ReadonlySet<ReportField['type']> = new Set(['int', 'number', 'weight', 'money', 'price', 'percent']);

/**
 * What the totals row and the subtotal rows hold: per shown column, its total kind (the column's,
 * else a sum when the field says so); a sum or an average of a numeric field only; never of a
 * grouping field (its subtotal row names the group instead).
 */
export function aggregatesOf(dataset: Pick<ReportDataset, 'fields'>, definition: Pick<ReportDefinition, 'columns' | 'groupBy'>): ReportAggregate[] {
  const fields = new Map(dataset.fields.map((f) => [f.key, f]));
  const grouped = new Set(definition.groupBy);
  const out: ReportAggregate[] = [];
  const seen = new Set<string>();
  for (const c of definition.columns) {
    const f = fields.get(c.field);
    if (!f || c.hidden || grouped.has(c.field) || seen.has(c.field)) continue;
    const kind = c.total ?? (f.total && NUMERIC.has(f.type) ? 'sum' : 'none');
    if (kind === 'none') continue;
    if ((kind === 'sum' || kind === 'avg') && !NUMERIC.has(f.type)) continue;
    seen.add(c.field);
    out.push({ field: c.field, kind });
  }
  return out;
}

/** The grouping fields that exist in the dataset, in order. */
export function groupFieldsOf(dataset: Pick<ReportDataset, 'fields'>, definition: Pick<ReportDefinition, 'groupBy'>): string[] {
  const known = new Set(dataset.fields.map((f) => f.key));
  return definition.groupBy.filter((g, i) => known.has(g) && definition.groupBy.indexOf(g) === i);
}

const valueText = (v: unknown) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v));

/** A row's group at a level: its first `level` grouping values. */
export const groupKey = (row: Record<string, unknown>, groupBy: string[], level: number): string =>
  JSON.stringify(groupBy.slice(0, level).map((g) => valueText(row[g])));

/** What a subtotal row shows for its group: the group's values joined. */
export const groupLabel = (row: Record<string, unknown>, groupBy: string[], level: number): string =>
  groupBy.slice(0, level).map((g) => valueText(row[g]) || '（空）').join(' / ');

/**
 * A page's rows with the subtotal rows put in: a group's subtotal follows its last row, deepest
 * group first. `rows` is the page plus, when there is one, the first row of the next page (which
 * tells whether the page's last group ends on it); `subtotals` are every group's, by level and key.
 * So a subtotal appears once, on the page its group ends on.
 */
export function withSubtotals(rows: Record<string, unknown>[], ps: number, groupBy: string[], subtotals: Map<string, Record<string, unknown>>): ReportRow[] {
  const page = rows.slice(0, ps);
  if (!groupBy.length) return page;
  const out: ReportRow[] = [];
  page.forEach((row, i) => {
    out.push(row);
    const next = rows[i + 1];
    for (let level = groupBy.length; level >= 1; level--) {
      const key = groupKey(row, groupBy, level);
      if (next && groupKey(next, groupBy, level) === key) continue;
      const sub = subtotals.get(`${level}:${key}`);
      if (sub) out.push({ ...sub, __group: { level, key: groupLabel(row, groupBy, level) } });
    }
  });
  return out;
}
