import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { StatementCachingClient } from './statement-cache';

// bigint (int8) stays a string: ids leave the server as strings and never lose precision.
// numeric stays a string too: weights and money are computed with decimal.js, never floats.
// date stays 'yyyy-mm-dd': turned into a JS Date at local midnight it could shift a day on the wire.
const PG_DATE_OID = 1082;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === PG_DATE_OID && format !== 'binary' ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function openDatabase(connectionString: string, max = 10, extra: Pick<pg.PoolConfig, 'connectionTimeoutMillis'> = {}): DatabaseHandle {
  const pool = new pg.Pool({
    ...extra,
    connectionString,
    max,
    types,
    Client: StatementCachingClient,
    // A date or time the plant types without a zone means the plant's wall clock, not UTC.
    options: `-c TimeZone=${process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai'}`,
    // bounds every statement a request can reach (DESIGN.md section 4)
    statement_timeout: 15_000,
    idle_in_transaction_session_timeout: 30_000,
  });
  // An idle connection the server drops (restart, idle timeout) emits 'error' on the pool; with no
  // listener Node treats it as unhandled and the whole process exits. The pool replaces it anyway.
  pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  // Kysely ends the pool only if it used it; a pool queried directly must be ended here, and the
  // caller (tests drop the database next) must wait until its connections are really closed.
  const close = async () => {
    await db.destroy();
    if (!pool.ended) await pool.end();
  };
  return { db, pool, close };
}
