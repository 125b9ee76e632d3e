import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { kyselyDb, sender } from './boss';
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
