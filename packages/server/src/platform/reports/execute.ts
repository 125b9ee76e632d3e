import type pg from 'pg';
import { badRequest } from '../http/errors';
import type { DatasetInput, DatasetQuery, ReportClient, ReportDataset } from './dataset';

/** Bounds a report's reading (DESIGN.md section 4): a report never holds a connection for long. */
export const REPORT_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * Runs `fn` with a client set up for the dataset's executor, inside one READ ONLY transaction
 * that is always rolled back (a report writes nothing, whatever its SELECT says). 'app' is the
 * platform's own pool; the guarded and data-source executors are added by the report centre.
 */
export async function executeDataset<T>(pool: pg.Pool, dataset: ReportDataset, fn: (client: ReportClient) => Promise<T>): Promise<T> {
  if (dataset.executor !== 'app') throw badRequest('该报表的数据源不可用', 'source');
  const client = await pool.connect();
  try {
    await client.query('BEGIN TRANSACTION READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${REPORT_STATEMENT_TIMEOUT_MS}`);
    return await fn(client);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

/** The dataset's rows with an ORDER BY on its own fields (never on text a caller sent). */
export function orderedQuery(dataset: ReportDataset, input: DatasetInput, sort: { key: string; dir: 'asc' | 'desc' }[] = []): DatasetQuery {
  const base = dataset.query(input);
  const known = new Set(dataset.fields.map((f) => f.key));
  const order = sort.filter((s) => known.has(s.key)).map((s) => `"${s.key}" ${s.dir === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`);
  return order.length ? { text: `SELECT * FROM (${base.text}) AS report_rows ORDER BY ${order.join(', ')}`, values: base.values } : base;
}
