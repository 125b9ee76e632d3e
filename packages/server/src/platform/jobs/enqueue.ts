import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { JOB_SCHEMA, kyselyDb, sender } from './boss';
import { keyedJobId } from './rules';

/**
 * Puts one unit of work on a queue inside the caller's transaction: the job exists exactly when
 * the transaction commits. Works whether or not this instance runs the workers (JOBS=off): the job
 * waits in the database for an instance that does. The queue must be declared by a module's
 * `workers` (its queue is created at start). With a singletonKey the job's id is derived from the
 * queue and the key: a second send with the same key is not made (null) as long as the first is in
 * the job table (waiting, running, or finished less than the library's archive time, 12 h, ago),
 * whichever instance or transaction sends it.
 */
export async function enqueue(
  tx: Transaction<DB> | Kysely<DB>,
  queue: string,
  data: object,
  opts: { startAfterSeconds?: number; singletonKey?: string } = {},
): Promise<string | null> {
  return sender.send(queue, data, {
    db: kyselyDb(tx),
    ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
    ...(opts.singletonKey ? { singletonKey: opts.singletonKey, id: keyedJobId(queue, opts.singletonKey) } : {}),
  });
}

/**
 * The job row the library's send writes for a plain job (no singleton key, no delay, the queue's
 * own retry, expiry and retention), as an INSERT another statement can carry (a data-modifying
 * common table expression), so a job costs no round trip of its own: the second weighing's event
 * (platform/events eventCtes). `data` is the job's data (jsonb), `when` whether to write it at all.
 * Its defaults mirror the library's insertJob (pg-boss 10 src/plans.js) with no send options: a
 * test (enqueue.test.ts) holds both rows alike.
 */
export function jobInsertSql(queue: string, data: RawBuilder<unknown>, when: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`INSERT INTO ${sql.raw(JOB_SCHEMA)}.job (name, data, priority, start_after, dead_letter, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
    SELECT q.name, ${data}, 0, now(), q.dead_letter,
           CASE WHEN q.expire_seconds IS NOT NULL THEN q.expire_seconds * interval '1s' ELSE interval '15 minutes' END,
           now() + CAST(coalesce((q.retention_minutes * 60)::text, '14 days') AS interval),
           coalesce(q.retry_limit, 2),
           CASE WHEN coalesce(q.retry_backoff, false) THEN greatest(q.retry_delay, 1) ELSE coalesce(q.retry_delay, 0) END,
           coalesce(q.retry_backoff, false), q.policy
      FROM ${sql.raw(JOB_SCHEMA)}.queue q
     WHERE q.name = ${queue} AND ${when}
    ON CONFLICT DO NOTHING`;
}
