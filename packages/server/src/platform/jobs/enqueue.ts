import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { kyselyDb, sender } from './boss';

/**
 * Puts one unit of work on a queue inside the caller's transaction: the job exists exactly when
 * the transaction commits. Works whether or not this instance runs the workers (JOBS=off): the job
 * waits in the database for an instance that does. The queue must be declared by a module's
 * `workers` (its queue is created at start). With a singletonKey, a second job with the same key
 * while the first waits or runs is not made (null).
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
    ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
  });
}
