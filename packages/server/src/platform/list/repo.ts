import type { Paged } from '@wb/protocol';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/pool';
import { AppError } from '../http/errors';
import type { CompareOp, Condition, ListQuery } from './rules';
import { type ListReach, type OwnerNarrowing, ownerNarrowing } from './scope';
import type { Cast } from './values';

export interface ListOptions {
  /**
   * Above this many matching rows the total is PostgreSQL's estimate, marked totalEstimated:
   * counting a million rows exactly costs more than the page itself, and nobody pages that far.
   */
  estimateAbove: number;
}

const QUERY_CANCELED = '57014';
/** Short and Chinese, so the web shows it as it is (spec: a 500's message under 30 characters). */
export const LIST_TIMEOUT_MESSAGE = '查询超时，请缩小查询范围后重试';

// Counting costs about a microsecond per row read on a 2-core machine (bench/RESULTS.md): 10,000
// keeps an exact total within a few milliseconds, and a screen shows more as "about N".
export const DEFAULT_LIST_OPTIONS: ListOptions = { estimateAbove: 10_000 };

// Fixed texts chosen by the plan's enums: the request picks among them, never writes them.
const OPERATORS: Record<CompareOp, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };
const CASTS: Record<Exclude<Cast, null>, string> = { numeric: 'numeric', timestamptz: 'timestamptz', boolean: 'boolean', text: 'text' };

/** Template SQL (column_sql), parenthesised so an expression keeps its meaning next to an operator. */
const templateSql = (text: string) => sql`(${sql.raw(text)})`;

function bound(value: unknown, cast: Cast, array = false): RawBuilder<unknown> {
  if (!cast) return sql`${value}`;
  return sql`${value}::${sql.raw(CASTS[cast])}${sql.raw(array ? '[]' : '')}`;
}

function condition(c: Condition): RawBuilder<unknown> {
  switch (c.kind) {
    case 'compare':
      return sql`${templateSql(c.column)} ${sql.raw(OPERATORS[c.op])} ${bound(c.value, c.cast)}`;
    case 'in':
      return sql`${templateSql(c.column)} = ANY(${bound(c.values, c.cast, true)})`;
    case 'like':
      return sql`${templateSql(c.column)} ILIKE ${c.pattern}`;
    case 'any':
      return sql`(${sql.join(c.conditions.map(condition), sql` OR `)})`;
  }
}

function owned(n: OwnerNarrowing): RawBuilder<unknown> {
  const owner = sql.ref(`t.${n.column}`);
  if (!n.department) return sql`${owner} = ${n.userId}`;
  return sql`(${owner} = ${n.userId} OR ${owner} IN (
    SELECT d.user_id FROM sys_user_org d WHERE d.org_id = ${n.department.orgId} AND d.dept_id = ${n.department.deptId}))`;
}

/** The caller's company, the data scope's narrowing (never from the request), then the search. */
function fromWhere(q: ListQuery, reach: ListReach): RawBuilder<unknown> {
  const narrowing = ownerNarrowing(q.ownerColumn, reach);
  const where = [sql`${sql.ref(`t.${q.orgColumn}`)} = ${reach.orgId}`, ...(narrowing ? [owned(narrowing)] : []), ...q.where.map(condition)];
  return sql`FROM ${sql.table(q.table)} AS t WHERE ${sql.join(where, sql` AND `)}`;
}

async function page(db: Database, q: ListQuery, reach: ListReach): Promise<Record<string, unknown>[]> {
  const columns = q.columns.map((c) => sql`${templateSql(c.sql)} AS ${sql.id(c.name)}`);
  const order = q.orderBy.map((o) => sql`${templateSql(o.sql)} ${sql.raw(o.dir === 'asc' ? 'ASC' : 'DESC')}`);
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${sql.join(columns)} ${fromWhere(q, reach)}
     ORDER BY ${sql.join(order)} LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
  return rows;
}

// field names are plain identifiers (the migration checks), so this alias never meets one
const COUNT_ALIAS = '#count';

/** Count and sums in one pass: the sums read every matching row anyway, so the count is exact. */
async function totalsAndCount(db: Database, q: ListQuery, reach: ListReach): Promise<{ total: number; tongji: Record<string, string> }> {
  const sums = q.totals.map((t) => sql`coalesce(sum(${templateSql(t.sql)}), 0)::text AS ${sql.id(t.name)}`);
  const { rows } = await sql<Record<string, string>>`
    SELECT count(*)::text AS ${sql.id(COUNT_ALIAS)}, ${sql.join(sums)} ${fromWhere(q, reach)}`.execute(db);
  const { [COUNT_ALIAS]: total, ...tongji } = rows[0];
  return { total: Number(total), tongji };
}

/** How many rows the planner expects the search to match: one EXPLAIN, no rows read. */
async function plannedRows(db: Database, q: ListQuery, reach: ListReach): Promise<number> {
  const plan = await sql<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere(q, reach)}`.execute(db);
  return Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
}

/**
 * The planner is asked first: when it expects well past the threshold, counting would read all
 * those rows for a figure nobody pages to, so its estimate is the answer. Otherwise at most
 * estimateAbove + 1 rows are counted; past that the estimate stands, never below the count seen.
 */
async function boundedCount(db: Database, q: ListQuery, reach: ListReach, options: ListOptions): Promise<{ total: number; totalEstimated?: true }> {
  const estimate = await plannedRows(db, q, reach);
  if (estimate > options.estimateAbove * ESTIMATE_MARGIN) return { total: estimate, totalEstimated: true };
  const { rows } = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM (SELECT 1 ${fromWhere(q, reach)} LIMIT ${options.estimateAbove + 1}) AS bounded`.execute(db);
  const counted = Number(rows[0].n);
  if (counted <= options.estimateAbove) return { total: counted };
  return { total: Math.max(estimate, counted), totalEstimated: true };
}

/** How far past the threshold the planner's guess must be before it is trusted without counting. */
const ESTIMATE_MARGIN = 2;

/** How long the page and the total took, in milliseconds (both run at once, on two connections). */
export interface ListTiming { pageMs: number; totalMs: number }

async function timed<T>(work: Promise<T>, done: (ms: number) => void): Promise<T> {
  const t0 = performance.now();
  const result = await work;
  done(performance.now() - t0);
  return result;
}

/** Runs a planned list query in the caller's organisation and data scope: the page, the total and the totals. */
export async function runList(
  db: Database, q: ListQuery, reach: ListReach, options: ListOptions = DEFAULT_LIST_OPTIONS, timing?: ListTiming,
): Promise<Paged<Record<string, unknown>>> {
  const t = timing ?? { pageMs: 0, totalMs: 0 };
  const pageOf = () => timed(page(db, q, reach), (ms) => { t.pageMs = ms; });
  try {
    if (q.totals.length > 0) {
      const [list, { total, tongji }] = await Promise.all([pageOf(), timed(totalsAndCount(db, q, reach), (ms) => { t.totalMs = ms; })]);
      return { list, total, tongji };
    }
    const [list, count] = await Promise.all([pageOf(), timed(boundedCount(db, q, reach, options), (ms) => { t.totalMs = ms; })]);
    // an estimate below the rows this very page proves exist would be plainly wrong
    return { list, ...count, total: Math.max(count.total, q.offset + list.length) };
  } catch (err) {
    // the pool's statement timeout stopped it: tell the user what to do rather than "internal error"
    if ((err as { code?: string }).code === QUERY_CANCELED) throw new AppError(500, LIST_TIMEOUT_MESSAGE);
    throw err;
  }
}
