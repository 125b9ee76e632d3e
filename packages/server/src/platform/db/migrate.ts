import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { installJobSchema } from '../jobs/boss';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');
// Any constant works; it only has to be the same on every instance so two never migrate at once.
const MIGRATION_LOCK = 7_310_001;

/** Applies the numbered SQL files not yet applied, each in its own transaction. */
export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    // another instance starting may be migrating: wait for it however long it takes, and let a
    // migration of a big table take its time (the pool's statement timeout is for requests)
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migration')).rows.map((r) => r.name));
    const files = fs.readdirSync(dir).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migration (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
        applied.push(file);
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${file} failed: ${(err as Error).message}`);
      }
    }
    // a table a migration made is covered for the report reader at once (074_report_sql.sql)
    if (applied.length) await client.query(`DO $$ BEGIN IF to_regprocedure('report_reader_cover()') IS NOT NULL THEN PERFORM report_reader_cover(); END IF; END $$`);
    // and every role but the reader keeps set_config, which 074 took from PUBLIC (083_reader_set_config.sql)
    await client.query(`DO $$ BEGIN IF to_regprocedure('report_reader_set_config_grants()') IS NOT NULL THEN PERFORM report_reader_set_config_grants(); END IF; END $$`);
    // the job library's own tables (schema pgboss), by its own plans; still under the lock
    await installJobSchema(pool);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.query('RESET statement_timeout').catch(() => {});
    client.release();
  }
  return applied;
}
