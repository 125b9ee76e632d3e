import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { JOB_SCHEMA, kyselyDb, sender } from './boss';
import { firingId, jobQueue, nextFiring } from './rules';

type Db = Kysely<DB> | Transaction<DB>;

/** What one firing's job carries. */
export interface Firing {
  key: string;
  /** the schedule it was sent under: a firing of a schedule since changed is dropped */
  cron: string;
  fireAt: string;
  /** run-now: not part of the schedule, runs even while the job is stopped */
  manual?: boolean;
}

/**
 * Sends one firing as a job that starts at its time. Its id comes from the job and the time, so
 * every instance sending it makes the same one job: null when it was there already.
 */
export async function sendFiring(db: Db, key: string, cron: string, fireAt: Date): Promise<string | null> {
  const data: Firing = { key, cron, fireAt: fireAt.toISOString() };
  return sender.send(jobQueue(key), data as unknown as object, { db: kyselyDb(db), id: firingId(jobQueue(key), cron, fireAt), startAfter: fireAt });
}

/**
 * The next firing from now, sent (idempotent: see sendFiring). A stop cancelled that very firing
 * when the job is started again before it came: it is taken up again instead.
 */
export async function scheduleNext(db: Db, key: string, cron: string, now: Date, timeZone: string): Promise<Date> {
  const at = nextFiring(cron, now, timeZone);
  if (!(await sendFiring(db, key, cron, at))) await sender.resume(jobQueue(key), firingId(jobQueue(key), cron, at), { db: kyselyDb(db) });
  return at;
}

/** The job's firings waiting to start are cancelled (a run-now and a run under way are left). */
export async function cancelPending(db: Db, key: string): Promise<number> {
  const queue = jobQueue(key);
  const { rows } = await sql<{ id: string }>`
    SELECT id::text FROM ${sql.table(`${JOB_SCHEMA}.job`)}
    WHERE name = ${queue} AND state IN ('created', 'retry') AND NOT coalesce((data->>'manual')::boolean, false)`.execute(db);
  if (rows.length > 0) await sender.cancel(queue, rows.map((r) => r.id), { db: kyselyDb(db) });
  return rows.length;
}

/** Runs the job once now, on whichever instance takes it first. */
export async function sendRunNow(db: Db, key: string, cron: string, at: Date): Promise<string | null> {
  const data: Firing = { key, cron, fireAt: at.toISOString(), manual: true };
  return sender.send(jobQueue(key), data as unknown as object, { db: kyselyDb(db) });
}
