import pg from 'pg';
import type { Database } from '../../../platform/db/pool';
import { AppError } from '../../../platform/http/errors';
import { dataSourceKey } from './key-repo';
import { connectionOf } from './repo';
import { connectionFailure } from './rules';
import { openSecret } from './secret-box';

const CONNECT_TIMEOUT_MS = 5000;

/** The rows of a 检测语句 the test reads at most: it proves the query answers, it is not a report. */
export const VALIDATION_ROWS_READ = 100;

export interface ValidationAnswer { rows: number; more: boolean; first: string | null }

async function runValidationQuery(client: pg.Client, text: string): Promise<ValidationAnswer> {
  const statement = text.trim().replace(/;\s*$/, '');
  try {
    // new lines around it: a comment ending the statement does not swallow the limit
    const res = await client.query({ text: `SELECT * FROM (\n${statement}\n) AS check_query LIMIT ${VALIDATION_ROWS_READ + 1}`, rowMode: 'array' });
    const first = (res.rows[0] as unknown[] | undefined)?.[0];
    return {
      rows: Math.min(res.rows.length, VALIDATION_ROWS_READ), more: res.rows.length > VALIDATION_ROWS_READ,
      first: first === undefined || first === null ? null : String(first).slice(0, 200),
    };
  } catch (err) {
    throw new AppError(400, `检测语句执行失败：${(err as Error).message}`, 'validationQuery');
  }
}

/**
 * A client on a company's data source, read-only from its first statement (every transaction of
 * the session is READ ONLY, so a report's query cannot change the other database), with a
 * statement timeout. The report centre opens its reads through this; the caller ends the client.
 */
export async function openDataSource(db: Database, orgId: string, id: string): Promise<pg.Client> {
  const row = await connectionOf(db, orgId, id);
  if (!row) throw AppError.of('notFound', '数据源不存在', 'id');
  const password = row.password_enc ? openSecret(await dataSourceKey(db), row.password_enc) : undefined;
  const client = new pg.Client({
    host: row.host, port: row.port, database: row.database, user: row.username, password, ssl: row.ssl ? { rejectUnauthorized: true } : false,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS, statement_timeout: 30_000,
    options: '-c default_transaction_read_only=on', application_name: 'weighbridge-report',
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw new AppError(400, connectionFailure(err as { code?: string; message?: string }, { host: row.host, port: row.port, database: row.database, username: row.username }), 'id');
  }
  return client;
}

/**
 * The test button: connects, asks the server its version and whether the session is read-only,
 * then runs the source's 检测语句 when it has one (in the same read-only session) and tells how
 * many rows it answered and the first value.
 */
export async function testDataSource(db: Database, orgId: string, id: string): Promise<{ version: string; readOnly: boolean; check: ValidationAnswer | null }> {
  const row = await connectionOf(db, orgId, id);
  const client = await openDataSource(db, orgId, id);
  try {
    const { rows } = await client.query<{ version: string; read_only: string }>(`SELECT current_setting('server_version') AS version, current_setting('transaction_read_only') AS read_only`);
    const check = row?.validation_query ? await runValidationQuery(client, row.validation_query) : null;
    return { version: rows[0].version, readOnly: rows[0].read_only === 'on', check };
  } finally {
    await client.end().catch(() => undefined);
  }
}
