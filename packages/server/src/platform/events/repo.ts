import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Database } from '../db/pool';

/** A delivery taken for one try, with its event and where it goes. */
export interface ClaimedDelivery {
  id: string; org_id: string; attempts: number; event_id: string; event_type: string; event_key: string;
  payload: unknown; event_created_at: Date; url: string; secret: string | null; timeout_ms: number; max_attempts: number;
  /** the receiver's sign-in (migration 087): a user name and its sealed password, or both null */
  auth_user: string | null; auth_password: string | null;
}

/**
 * Takes one waiting delivery for a try: its count goes up and a lease hides it from other workers
 * (a second copy of its job, the sweep) until the try is recorded or the lease runs out. Nothing
 * when it is sent, failed, leased, or its subscription was switched off meanwhile.
 */
export async function claimDelivery(db: Database, id: string, leaseMs: number): Promise<ClaimedDelivery | undefined> {
  const { rows } = await sql<ClaimedDelivery>`
    UPDATE sys_delivery d
       SET attempts = d.attempts + 1, leased_until = now() + make_interval(secs => ${leaseMs / 1000})
      FROM sys_event e, sys_subscription s
     WHERE d.id = ${id}::bigint AND d.state = 'PENDING' AND (d.leased_until IS NULL OR d.leased_until < now())
       AND e.org_id = d.org_id AND e.id = d.event_id AND s.id = d.subscription_id AND s.enabled
    RETURNING d.id::text, d.org_id::text, d.attempts, d.event_id::text, d.event_type, d.event_key, e.payload,
              e.created_at AS event_created_at, s.url, s.secret, s.timeout_ms, s.max_attempts, s.auth_user, s.auth_password`.execute(db);
  return rows[0];
}

export interface TryRecord {
  startedAt: Date; durationMs: number; status: number | null; error: string | null; response: string | null;
  outcome: { state: 'PENDING'; delayMs: number } | { state: 'SENT' } | { state: 'FAILED' };
}

/** Keeps the try and moves the delivery on, in one statement; the lease ends with it. */
export async function recordTry(db: Database, d: Pick<ClaimedDelivery, 'id' | 'org_id' | 'attempts'>, t: TryRecord): Promise<void> {
  const delaySecs = t.outcome.state === 'PENDING' ? t.outcome.delayMs / 1000 : 0;
  await sql`
    WITH a AS (
      INSERT INTO sys_delivery_attempt (org_id, delivery_id, attempt, started_at, duration_ms, status, error, response)
      VALUES (${d.org_id}::bigint, ${d.id}::bigint, ${d.attempts}, ${t.startedAt}, ${t.durationMs}, ${t.status}, ${t.error}, ${t.response})
    )
    UPDATE sys_delivery SET state = ${t.outcome.state}, last_status = ${t.status}, last_error = ${t.error}, leased_until = NULL,
           sent_at = CASE WHEN ${t.outcome.state} = 'SENT' THEN now() END,
           next_attempt_at = now() + make_interval(secs => ${delaySecs})
     WHERE id = ${d.id}::bigint AND state = 'PENDING'`.execute(db);
}

/**
 * Deliveries for the sweep: waiting, due at least `overdueSeconds` ago (their own job had its
 * chance), not leased, to an enabled subscription. The caller tries each with deliverOne, whose
 * claim lets only one worker take a delivery.
 */
export async function dueDeliveries(db: Database, limit: number, overdueSeconds = 0): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT d.id::text FROM sys_delivery d
     WHERE d.state = 'PENDING' AND d.next_attempt_at <= now() - make_interval(secs => ${overdueSeconds}) AND (d.leased_until IS NULL OR d.leased_until < now())
       AND EXISTS (SELECT 1 FROM sys_subscription s WHERE s.id = d.subscription_id AND s.enabled)
     ORDER BY d.next_attempt_at, d.id
     LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * Sends deliveries of the company again (事件历史 → 重新发送): each waits for a new round of tries,
 * with the event's stored body, a fresh signature and the same idempotency key. One already waiting
 * is left as it is. Answers the ids queued.
 */
export interface Resent { id: string; eventType: string; eventKey: string; subscription: string }
export async function resendDeliveries(db: Database, orgId: string, ids: string[]): Promise<Resent[]> {
  const { rows } = await sql<Resent>`
    UPDATE sys_delivery SET state = 'PENDING', attempts = 0, next_attempt_at = now(), leased_until = NULL, sent_at = NULL,
           last_error = NULL, resent = resent + 1
     WHERE org_id = ${orgId}::bigint AND id = ANY(${ids}::bigint[]) AND state <> 'PENDING'
    RETURNING id::text, event_type AS "eventType", event_key AS "eventKey",
              (SELECT s.name FROM sys_subscription s WHERE s.id = subscription_id) AS subscription`.execute(db);
  return rows;
}

/** Whether the company has an enabled subscription to this event: an upload's message is built only when someone receives it. */
export async function hasSubscriber(db: Database | Transaction<DB>, orgId: string, type: string): Promise<boolean> {
  const { rows } = await sql<{ yes: boolean }>`
    SELECT EXISTS (SELECT 1 FROM sys_subscription s WHERE s.org_id = ${orgId}::bigint AND s.enabled AND ${type}::text = ANY (string_to_array(s.events, ','))) AS yes`.execute(db);
  return rows[0].yes;
}

/**
 * Whether an upload of one of these events about this document is still on its way: a delivery
 * waiting (PENDING), or an event not yet fanned out to a subscription that will get one (an
 * enabled one naming its type, there when the event was: the fan-out's own test, fanOutEvent).
 * The document is being uploaded, and its upload lock holds until the receiver took it or it failed.
 */
export async function uploadInFlight(db: Database | Transaction<DB>, orgId: string, types: readonly string[], key: string): Promise<boolean> {
  const { rows } = await sql<{ yes: boolean }>`
    SELECT EXISTS (SELECT 1 FROM sys_delivery d WHERE d.org_id = ${orgId}::bigint AND d.event_type = ANY (${[...types]}::text[])
                      AND d.event_key = ${key} AND d.state = 'PENDING')
        OR EXISTS (SELECT 1 FROM sys_event e WHERE e.org_id = ${orgId}::bigint AND e.type = ANY (${[...types]}::text[])
                      AND e.event_key = ${key} AND e.fanned_out_at IS NULL
                      AND EXISTS (SELECT 1 FROM sys_subscription s WHERE ${hears('s', 'e')})) AS yes`.execute(db);
  return rows[0].yes;
}

/** Subscription `s` gets a delivery of event `e`: its company's, enabled, naming the type, and there when the event was. */
const hears = (s: string, e: string) => sql`${sql.raw(s)}.org_id = ${sql.raw(e)}.org_id AND ${sql.raw(s)}.enabled
  AND ${sql.raw(e)}.type = ANY (string_to_array(${sql.raw(s)}.events, ',')) AND ${sql.raw(s)}.created_at <= ${sql.raw(e)}.created_at`;

/**
 * The fan-out of one event (the webhook poller, or the sweep): one delivery per
 * subscription that hears it, and the event marked fanned out, in one statement. The mark is
 * taken under the event's row lock, so of two fan-outs at once the second waits and finds it done;
 * the unique (org_id, event_id, subscription_id) makes a delivery once even so (migration 094).
 * A delivery's time is its event's, so the history lists deliveries in the order of their events.
 * Answers the deliveries made: none when it was fanned out already or nobody hears it now.
 */
export async function fanOutEvent(db: Database | Transaction<DB>, orgId: string, eventId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    WITH e AS (
      UPDATE sys_event SET fanned_out_at = now()
       WHERE org_id = ${orgId}::bigint AND id = ${eventId}::bigint AND fanned_out_at IS NULL
      RETURNING org_id, id, type, event_key, created_at)
    INSERT INTO sys_delivery (org_id, event_id, subscription_id, event_type, event_key, created_at)
    SELECT e.org_id, e.id, s.id, e.type, e.event_key, e.created_at FROM e JOIN sys_subscription s ON ${hears('s', 'e')}
     ORDER BY s.id
    ON CONFLICT (org_id, event_id, subscription_id) DO NOTHING
    RETURNING id::text`.execute(db);
  return rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
}

/** Events not fanned out `overdueSeconds` after they were recorded, oldest first: the poller's (0) and the sweep's. */
export async function eventsAwaitingFanOut(db: Database, limit: number, overdueSeconds: number): Promise<{ orgId: string; eventId: string }[]> {
  const { rows } = await sql<{ orgId: string; eventId: string }>`
    SELECT org_id::text AS "orgId", id::text AS "eventId" FROM sys_event
     WHERE fanned_out_at IS NULL AND created_at <= now() - make_interval(secs => ${overdueSeconds})
     ORDER BY id LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * Fans out, in the caller's transaction, the events of these types about this document still
 * waiting: what withdraws an upload (domain/erp cancelUpload) then sees every delivery it has.
 */
export async function fanOutWaitingOf(tx: Transaction<DB>, orgId: string, types: readonly string[], key: string): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    SELECT id::text FROM sys_event WHERE org_id = ${orgId}::bigint AND type = ANY (${[...types]}::text[]) AND event_key = ${key} AND fanned_out_at IS NULL
     ORDER BY id`.execute(tx);
  for (const r of rows) await fanOutEvent(tx, orgId, r.id);
}
