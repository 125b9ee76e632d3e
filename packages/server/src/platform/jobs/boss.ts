import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { DB } from '../db/schema';

/** The job library's tables live in a schema of their own. */
export const JOB_SCHEMA = 'pgboss';

/** The library's statements run on the app's pool (its own connections are not needed). */
export const poolDb = (pool: pg.Pool): PgBoss.Db => ({
  async executeSql(text, values) {
    const res = await pool.query(text, values as unknown[]);
    return { rows: res.rows };
  },
});

/** The library's statements run in a Kysely transaction (or on its pool): what enqueue binds to. */
export const kyselyDb = (db: Kysely<DB> | Transaction<DB>): PgBoss.Db => ({
  async executeSql(text, values) {
    const res = await db.executeQuery(CompiledQuery.raw(text, (values ?? []) as unknown[]));
    return { rows: res.rows as unknown[] as never[] };
  },
});

const nowhere: PgBoss.Db = {
  executeSql() {
    throw new Error('job library: a statement without a connection');
  },
};

/**
 * One instance of the library that never starts: it only writes jobs, each through the connection
 * its caller passes (`db` option), so a job can be sent inside the caller's transaction.
 */
export const sender = new PgBoss({ db: nowhere, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: false });

/**
 * Installs or upgrades the library's schema (its own plans, under its own lock). Run with the
 * migrations, so a fresh database and the test template already have it.
 */
export async function installJobSchema(pool: pg.Pool): Promise<void> {
  const boss = new PgBoss({ db: poolDb(pool), schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true, timeout: 1000 });
}

export interface QueueSpec {
  name: string;
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  expireInSeconds?: number;
}

/** Creates the queues not there yet (a job can be sent only to a queue that exists). */
export async function ensureQueues(pool: pg.Pool, queues: QueueSpec[]): Promise<void> {
  const { rows } = await pool.query<{ name: string }>(`SELECT name FROM ${JOB_SCHEMA}.queue`);
  const have = new Set(rows.map((r) => r.name));
  const boss = new PgBoss({ db: poolDb(pool), schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: false });
  for (const q of queues) {
    if (have.has(q.name)) continue;
    await boss.createQueue(q.name, {
      name: q.name,
      ...(q.retry ? { retryLimit: q.retry.limit, retryDelay: q.retry.delaySeconds, retryBackoff: q.retry.backoff } : {}),
      ...(q.expireInSeconds ? { expireInSeconds: q.expireInSeconds } : {}),
    });
  }
}
