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

// the same on every instance: two starting together create the queues one after the other
const QUEUE_LOCK = 7_310_005;

/**
 * Creates the queues not there yet (a job can be sent only to a queue that exists). One instance
 * at a time, under a lock waited for as long as it takes: each queue is a partition of the job
 * table, and two instances creating theirs at once deadlock on it.
 */
export async function ensureQueues(pool: pg.Pool, queues: QueueSpec[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [QUEUE_LOCK]);
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM ${JOB_SCHEMA}.queue`);
    const have = new Set(rows.map((r) => r.name));
    const db: PgBoss.Db = { executeSql: async (text, values) => ({ rows: (await client.query(text, values as unknown[])).rows }) };
    const boss = new PgBoss({ db, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: false });
    for (const q of queues) {
      if (have.has(q.name)) continue;
      await boss.createQueue(q.name, {
        name: q.name,
        ...(q.retry ? { retryLimit: q.retry.limit, retryDelay: q.retry.delaySeconds, retryBackoff: q.retry.backoff } : {}),
        ...(q.expireInSeconds ? { expireInSeconds: q.expireInSeconds } : {}),
      });
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [QUEUE_LOCK]).catch(() => {});
    await client.query('RESET statement_timeout').catch(() => {});
    client.release();
  }
}
