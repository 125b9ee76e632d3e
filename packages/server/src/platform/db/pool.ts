import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

// bigint (int8) stays a string: ids leave the server as strings and never lose precision.
// numeric stays a string too: weights and money are computed with decimal.js, never floats.

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function openDatabase(connectionString: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max,
    // bounds every statement a request can reach (DESIGN.md section 4)
    statement_timeout: 15_000,
    idle_in_transaction_session_timeout: 30_000,
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}
