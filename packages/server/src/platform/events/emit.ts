import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/pool';
import type { DB } from '../db/schema';
import { enqueue } from '../jobs/enqueue';
import type { EventPayloads, EventType } from './catalogue';
import { DELIVER_QUEUE, type DeliverJob } from './sweep';

export interface EmittedEvent<T extends EventType = EventType> {
  orgId: string;
  type: T;
  /** the business key the event is about: the ticket number, the settlement number */
  key: string;
  payload: EventPayloads[T];
  userId?: string | null;
}

export interface Emitted { eventId: string; deliveryIds: string[] }

/**
 * Records an event in the caller's transaction and queues one delivery per enabled subscription of
 * its company that names its type, so both exist exactly when the change they report does. One
 * statement, and a second (the job) only when someone subscribes: it sits in the second
 * weighing's transaction, where every round trip counts.
 */
export async function emitEvent<T extends EventType>(tx: Transaction<DB> | Database, e: EmittedEvent<T>): Promise<Emitted> {
  const { rows: [row] } = await sql<{ event_id: string; delivery_ids: string[] }>`
    WITH e AS (
      INSERT INTO sys_event (org_id, type, event_key, payload, created_by)
      VALUES (${e.orgId}::bigint, ${e.type}, ${e.key}, ${JSON.stringify(e.payload)}::jsonb, ${e.userId ?? null}::bigint)
      RETURNING id, org_id
    ), d AS (
      INSERT INTO sys_delivery (org_id, event_id, subscription_id, event_type, event_key)
      SELECT e.org_id, e.id, s.id, ${e.type}, ${e.key}
        FROM e JOIN sys_subscription s ON s.org_id = e.org_id AND s.enabled AND ${e.type} = ANY (string_to_array(s.events, ','))
      RETURNING id
    )
    SELECT (SELECT id::text FROM e) AS event_id, coalesce((SELECT array_agg(id::text ORDER BY id) FROM d), '{}') AS delivery_ids`.execute(tx);
  const emitted = { eventId: row.event_id, deliveryIds: row.delivery_ids };
  // the job library takes it from here (queue webhook.deliver): one job per event, sent only when someone subscribes
  if (emitted.deliveryIds.length > 0) await enqueue(tx, DELIVER_QUEUE, { deliveryIds: emitted.deliveryIds } satisfies DeliverJob);
  return emitted;
}
