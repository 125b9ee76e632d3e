import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/pool';
import type { DB } from '../db/schema';
import { jobInsertSql } from '../jobs/enqueue';
import type { EventPayloads, EventType } from './catalogue';
import { DELIVER_QUEUE } from './sweep';

export interface EmittedEvent<T extends EventType = EventType> {
  orgId: string;
  type: T;
  /** the business key the event is about: the ticket number, the settlement number */
  key: string;
  payload: EventPayloads[T];
  userId?: string | null;
}

/** The event recorded and its deliveries; no event (null) when no enabled subscription of its company names its type. */
export interface Emitted { eventId: string | null; deliveryIds: string[] }

/** The names of the common table expressions eventCtes gives (a statement that carries them may not use them for its own). */
export const EVENT_CTE = { event: 'emitted_event', deliveries: 'emitted_deliveries', job: 'emitted_job' } as const;

/** An enabled subscription of the company under alias `s` names the event's type: the one test of who hears an event. */
const subscribedTo = (s: string, orgId: string, type: EventType) =>
  sql`${sql.raw(s)}.org_id = ${orgId}::bigint AND ${sql.raw(s)}.enabled AND ${type}::text = ANY (string_to_array(${sql.raw(s)}.events, ','))`;

/**
 * Whether anyone hears this company's events of this type, as a boolean expression a statement
 * carries (one probe of sys_subscription_fanout_idx). A statement that reads it before its write
 * (the second weighing's facts, weighing/facts-repo.ts) leaves the event's expressions out of the
 * write when nobody does: a part of a plan that writes nothing is still set up at each execution.
 */
export const subscriptionExistsSql = (orgId: string, type: EventType) =>
  sql<boolean>`EXISTS (SELECT 1 FROM sys_subscription s WHERE ${subscribedTo('s', orgId, type)})`;

/**
 * An event as three common table expressions another statement carries (the second weighing's
 * completion, repo.updateTicketWithReading), in the order they must appear: the event row, written
 * only when an enabled subscription of its company names its type (the ERP's subscription to
 * erp.ticket is one like any other); one delivery per such subscription; and one job of the job
 * library (queue webhook.deliver) naming them, only when there are some (platform/jobs
 * jobInsertSql: the row the library's own send writes). Nothing is written when nobody subscribes,
 * and nothing costs a round trip of its own.
 */
export function eventCtes<T extends EventType>(e: EmittedEvent<T>): [string, RawBuilder<{ id: string }>][] {
  const { event, deliveries } = EVENT_CTE;
  const subscribed = (s: string) => subscribedTo(s, e.orgId, e.type);
  return [
    [event, sql<{ id: string }>`(INSERT INTO sys_event (org_id, type, event_key, payload, created_by)
      SELECT ${e.orgId}::bigint, ${e.type}, ${e.key}, ${JSON.stringify(e.payload)}::jsonb, ${e.userId ?? null}::bigint
       WHERE ${subscriptionExistsSql(e.orgId, e.type)}
      RETURNING id, org_id)`],
    [deliveries, sql<{ id: string }>`(INSERT INTO sys_delivery (org_id, event_id, subscription_id, event_type, event_key)
      SELECT ev.org_id, ev.id, s.id, ${e.type}, ${e.key} FROM ${sql.raw(event)} ev JOIN sys_subscription s ON ${subscribed('s')}
      RETURNING id)`],
    [EVENT_CTE.job, sql<{ id: string }>`(${jobInsertSql(DELIVER_QUEUE,
      sql`(SELECT jsonb_build_object('deliveryIds', jsonb_agg(id::text ORDER BY id)) FROM ${sql.raw(deliveries)})`,
      sql`EXISTS (SELECT 1 FROM ${sql.raw(deliveries)})`)} RETURNING id)`],
  ];
}

/**
 * Records an event in the caller's transaction and queues one delivery per enabled subscription of
 * its company that names its type, so both exist exactly when the change they report does; with no
 * such subscription nothing is written. One statement (eventCtes), the job included.
 */
export async function emitEvent<T extends EventType>(tx: Transaction<DB> | Database, e: EmittedEvent<T>): Promise<Emitted> {
  const ctes = eventCtes(e);
  const { rows: [row] } = await sql<{ event_id: string | null; delivery_ids: string[] }>`
    WITH ${sql.join(ctes.map(([name, body]) => sql`${sql.raw(name)} AS ${body}`))}
    SELECT (SELECT id::text FROM ${sql.raw(EVENT_CTE.event)}) AS event_id,
           coalesce((SELECT array_agg(id::text ORDER BY id) FROM ${sql.raw(EVENT_CTE.deliveries)}), '{}') AS delivery_ids`.execute(tx);
  return { eventId: row.event_id, deliveryIds: row.delivery_ids };
}
