import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/pool';
import type { DB } from '../db/schema';

export interface OutboxMessage {
  orgId: string;
  topic: string;
  /** the receiver's idempotency key: a ticket number */
  key: string;
  payload: unknown;
  userId?: string | null;
}

/**
 * Queues a message in the caller's transaction, so it exists exactly when the change it reports
 * does. A copy still waiting under the same key takes the newer payload instead of a second row.
 */
export async function enqueue(tx: Transaction<DB> | Database, m: OutboxMessage): Promise<string> {
  const row = await tx
    .insertInto('sys_outbox')
    .values({ org_id: m.orgId, topic: m.topic, message_key: m.key, payload: JSON.stringify(m.payload), created_by: m.userId ?? null })
    .onConflict((oc) => oc.columns(['org_id', 'topic', 'message_key']).where('state', '=', 'PENDING').doUpdateSet({
      payload: (eb) => eb.ref('excluded.payload'), next_attempt_at: sql`now()`,
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ClaimedMessage {
  id: string; org_id: string; topic: string; message_key: string; payload: unknown; attempts: number; created_at: Date;
  url: string; secret: string | null; timeout_ms: number; max_attempts: number;
}

/**
 * Takes due messages whose company has an enabled endpoint for their topic. SKIP LOCKED lets many
 * instances claim side by side; moving next_attempt_at forward by the lease hides a claimed row
 * from the others, and brings it back if this instance dies before answering.
 */
export async function claimDue(db: Database, leaseMs: number, limit: number): Promise<ClaimedMessage[]> {
  const { rows } = await sql<ClaimedMessage>`
    UPDATE sys_outbox o
       SET attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      FROM (SELECT q.id FROM sys_outbox q
             WHERE q.state = 'PENDING' AND q.next_attempt_at <= now()
               AND EXISTS (SELECT 1 FROM sys_outbox_endpoint e WHERE e.org_id = q.org_id AND e.topic = q.topic AND e.enabled)
             ORDER BY q.next_attempt_at, q.id
             LIMIT ${limit}
             FOR UPDATE OF q SKIP LOCKED) due,
           sys_outbox_endpoint e
     WHERE o.id = due.id AND e.org_id = o.org_id AND e.topic = o.topic
     RETURNING o.id, o.org_id, o.topic, o.message_key, o.payload, o.attempts, o.created_at,
               e.url, e.secret, e.timeout_ms, e.max_attempts`.execute(db);
  return rows;
}

export async function markSent(db: Database, id: string, status: number): Promise<void> {
  await db.updateTable('sys_outbox').set({ state: 'SENT', sent_at: new Date(), last_status: status, last_error: null })
    .where('id', '=', id).where('state', '=', 'PENDING').execute();
}

export async function markRetry(db: Database, id: string, delayMs: number, status: number | null, error: string): Promise<void> {
  await db.updateTable('sys_outbox')
    .set({ next_attempt_at: sql`now() + make_interval(secs => ${delayMs / 1000})`, last_status: status, last_error: error })
    .where('id', '=', id).where('state', '=', 'PENDING').execute();
}

export async function markFailed(db: Database, id: string, status: number | null, error: string): Promise<void> {
  await db.updateTable('sys_outbox').set({ state: 'FAILED', last_status: status, last_error: error })
    .where('id', '=', id).where('state', '=', 'PENDING').execute();
}

/**
 * Queues sent or failed messages of the company again (the event history's resend). A message
 * whose key already has a waiting copy is left alone: that copy will go.
 */
export async function resend(db: Database, orgId: string, ids: string[]): Promise<number> {
  const result = await sql`
    UPDATE sys_outbox o SET state = 'PENDING', attempts = 0, next_attempt_at = now(), sent_at = NULL, last_error = NULL
     WHERE o.org_id = ${orgId} AND o.id = ANY(${ids}::bigint[]) AND o.state <> 'PENDING'
       AND NOT EXISTS (SELECT 1 FROM sys_outbox w WHERE w.org_id = o.org_id AND w.topic = o.topic
                        AND w.message_key = o.message_key AND w.state = 'PENDING')`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
