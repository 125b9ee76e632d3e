import type { Compilable } from 'kysely';
import type pg from 'pg';

/**
 * Runs a query built with Kysely as a named prepared statement. PostgreSQL then parses and plans
 * it once per connection instead of on every call: for the requests every screen makes (user
 * info) planning cost four times the execution (bench/RESULTS.md). The query's shape must not
 * vary between calls under one name; only its bound values may.
 */
export async function queryPrepared<R>(pool: pg.Pool, name: string, query: Compilable<R>): Promise<R[]> {
  const { sql, parameters } = query.compile();
  const { rows } = await pool.query({ name, text: sql, values: parameters as unknown[] });
  return rows as R[];
}
