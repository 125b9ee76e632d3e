import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/pool';
import type { DB } from '../db/schema';
import { AppError, badRequest } from '../http/errors';
import { openDataSource } from '../../domain/system/data-sources/connect';
import { connectForReading } from '../db/replica';
import type { DatasetInput, DatasetQuery, ReportClient, ReportDataset } from './dataset';

/** Bounds a report's reading (DESIGN.md section 4): a report never holds a connection for long. */
export const REPORT_STATEMENT_TIMEOUT_MS = 30_000;

/** The role an administrator's SQL runs as (migration 074): SELECT on tenant tables, nothing else. */
export const REPORT_READER_ROLE = 'wb_report_reader';
/** The setting the reader's row-level-security policies compare org_id with, set per transaction. */
export const REPORT_ORG_SETTING = 'wb.report_org';
/** An administrator's SQL gets less time than the platform's own report queries. */
export const GUARDED_STATEMENT_TIMEOUT_MS = 10_000;
/** Rows a database-source report reads at most; more are cut (and the viewer, the export and the editor's run say so). */
export const GUARDED_ROW_CAP = 100_000;

/** The cap in force: GUARDED_ROW_CAP, or REPORT_SQL_ROW_CAP when set (a test's smaller one). */
export function guardedRowCap(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.REPORT_SQL_ROW_CAP);
  return Number.isInteger(n) && n > 0 ? n : GUARDED_ROW_CAP;
}

/**
 * Runs `fn` with a client set up for the dataset's executor, inside one READ ONLY transaction
 * that is always rolled back (a report writes nothing, whatever its SELECT says). 'app': the
 * platform's own pool. 'guarded': the same pool, but as the report reader role under row-level
 * security for the dataset's company (set for this transaction only). A data source: that
 * company's read-only source (openDataSource). The guarded and data-source clients send every
 * statement as one extended-protocol statement, and answer a failed statement as a 400.
 */
export async function executeDataset<T>(pool: pg.Pool, dataset: ReportDataset, fn: (client: ReportClient) => Promise<T>): Promise<T> {
  if (dataset.executor === 'app') {
    // on the read replica when there is one (platform/db/replica.ts): a report writes nothing
    const client = await connectForReading(pool, 'BEGIN TRANSACTION READ ONLY');
    try {
      await client.query(`SET LOCAL statement_timeout = ${REPORT_STATEMENT_TIMEOUT_MS}`);
      return await fn(client);
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  }
  if (!dataset.orgId) throw badRequest('该报表的数据源不可用', 'source');
  if (dataset.executor === 'guarded') return runGuarded(pool, dataset.orgId, fn);
  return runOnDataSource(databaseOver(pool), dataset.orgId, dataset.executor.dataSourceId, fn);
}

/** A kysely over the same pool (openDataSource looks the source up with it); never destroyed. */
const kyselyOf = new WeakMap<pg.Pool, Database>();
function databaseOver(pool: pg.Pool): Database {
  let db = kyselyOf.get(pool);
  if (!db) kyselyOf.set(pool, (db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })));
  return db;
}

/**
 * Whether the database is set up for the guarded executor: the reader exists, cannot bypass
 * row-level security and cannot call set_config (else a SELECT could change its role or company).
 */
const READY = `
  SELECT r.rolname IS NOT NULL AND NOT r.rolsuper AND NOT r.rolbypassrls
         AND NOT has_function_privilege(r.oid, 'pg_catalog.set_config(text, text, boolean)', 'EXECUTE')
         AND pg_has_role(current_user, r.oid, 'MEMBER') AS ready
    FROM (SELECT 1) AS one LEFT JOIN pg_roles r ON r.rolname = '${REPORT_READER_ROLE}'`;

/** The guarded executor on the platform's own database, for the company `orgId`. */
export async function runGuarded<T>(pool: pg.Pool, orgId: string, fn: (client: ReportClient) => Promise<T>, opts: { timeoutMs?: number } = {}): Promise<T> {
  if (!/^\d+$/.test(orgId)) throw badRequest('组织无效', 'orgId');
  // the replica carries the same roles and policies (a physical copy): it serves these readings too
  const client = await connectForReading(pool, 'SELECT 1');
  try {
    const { rows: [state] } = await client.query<{ ready: boolean | null }>(READY);
    if (!state?.ready) throw badRequest(`数据库未完成报表只读角色 ${REPORT_READER_ROLE} 的设置，数据源报表不可用`, 'source');
    await client.query('BEGIN TRANSACTION READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.floor(opts.timeoutMs ?? GUARDED_STATEMENT_TIMEOUT_MS)}`);
    await client.query({ text: `SELECT set_config('${REPORT_ORG_SETTING}', $1, true)`, values: [orgId] });
    await client.query(`SET LOCAL ROLE ${REPORT_READER_ROLE}`);
    return await fn(guardedClient(client));
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    // a session-level advisory lock taken by the SQL would outlive the transaction on a pooled connection
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    client.release();
  }
}

/** The data-source executor: a READ ONLY transaction on the company's source, the client ended after. */
export async function runOnDataSource<T>(db: Database, orgId: string, dataSourceId: string, fn: (client: ReportClient) => Promise<T>): Promise<T> {
  const client = await openDataSource(db, orgId, dataSourceId);
  try {
    await client.query('BEGIN TRANSACTION READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${GUARDED_STATEMENT_TIMEOUT_MS}`);
    return await fn(guardedClient(client));
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/**
 * Every statement as ONE statement of the extended protocol, unnamed (a text without values would
 * go by the simple protocol, which runs `SELECT 1; DROP ...` as two), and a database's refusal as
 * a 400 naming the SQL, never a 500.
 */
function guardedClient(client: pg.ClientBase): ReportClient {
  const run = async (config: pg.QueryConfig) => {
    try {
      return await client.query({ ...config, queryMode: 'extended' } as pg.QueryConfig);
    } catch (err) {
      throw sqlFailure(err);
    }
  };
  const query = (textOrConfig: string | pg.QueryConfig, values?: unknown[]) => {
    // a cursor (pg-cursor: an export's reads) speaks the extended protocol itself, and is returned as it is
    if (typeof (textOrConfig as { submit?: unknown }).submit === 'function') return client.query(textOrConfig as unknown as pg.QueryConfig);
    return run(typeof textOrConfig === 'string' ? { text: textOrConfig, values: values ?? [] } : textOrConfig);
  };
  return { query } as unknown as ReportClient;
}

/** A database's error on an administrator's SQL, as a 400 in the product's words. */
export function sqlFailure(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; message?: string };
  if (typeof e.code !== 'string' || e.code.length !== 5) return err;
  if (e.code === '57014') return new AppError(400, `查询超过 ${GUARDED_STATEMENT_TIMEOUT_MS / 1000} 秒，已取消`, 'sql');
  if (e.code === '42501') return new AppError(400, `没有权限：${e.message}（数据源报表只能读取本组织的业务表）`, 'sql');
  if (e.code === '25006') return new AppError(400, `只读查询不能修改数据：${e.message}`, 'sql');
  return new AppError(400, `SQL 执行失败：${e.message}`, 'sql');
}

/** The dataset's rows with an ORDER BY on its own fields (never on text a caller sent). */
export function orderedQuery(dataset: ReportDataset, input: DatasetInput, sort: { key: string; dir: 'asc' | 'desc' }[] = []): DatasetQuery {
  const base = dataset.query(input);
  const known = new Set(dataset.fields.map((f) => f.key));
  const order = sort.filter((s) => known.has(s.key)).map((s) => `"${s.key}" ${s.dir === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`);
  return order.length ? { text: `SELECT * FROM (${base.text}) AS report_rows ORDER BY ${order.join(', ')}`, values: base.values } : base;
}
