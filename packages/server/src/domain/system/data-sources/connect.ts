import pg from 'pg';
import type { Database } from '../../../platform/db/pool';
import { AppError } from '../../../platform/http/errors';
import { dataSourceKey } from './key-repo';
import { connectionOf } from './repo';
import { connectionFailure } from './rules';
import { openSecret } from './secret-box';

const CONNECT_TIMEOUT_MS = 5000;

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

/** The test button: connects, asks the server its version and whether the session is read-only. */
export async function testDataSource(db: Database, orgId: string, id: string): Promise<{ version: string; readOnly: boolean }> {
  const client = await openDataSource(db, orgId, id);
  try {
    const { rows } = await client.query<{ version: string; read_only: string }>(`SELECT current_setting('server_version') AS version, current_setting('transaction_read_only') AS read_only`);
    return { version: rows[0].version, readOnly: rows[0].read_only === 'on' };
  } finally {
    await client.end().catch(() => undefined);
  }
}
