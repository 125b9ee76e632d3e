import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/pool';
import type { DB } from '../db/schema';
import type { EventPayloads, EventType } from './catalogue';

export interface EmittedEvent<T extends EventType = EventType> {
  orgId: string;
  type: T;
  /** the business key the event is about: the ticket number, the settlement number */
  key: string;
  payload: EventPayloads[T];
  userId?: string | null;
}

/** The event recorded, or none (null) when no enabled subscription of its company names its type. */
export interface Emitted { eventId: string | null }

/** The names of the common table expressions eventCtes gives (a statement that carries them may not use them for its own). */
export const EVENT_CTE = { event: 'emitted_event' } as const;

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
 * An event as a common table expression another statement carries (the second weighing's
 * completion, repo.updateTicketWithReading): the event row, written only when an enabled
 * subscription of its company names its type (the ERP's subscription to erp.ticket is one like any
 * other), marked not yet fanned out. The webhook poller (sweep.ts fanOutPending, on every instance
 * running jobs) makes one delivery per subscription after the commit, so the change's transaction
 * writes the event alone: no delivery and no job of the library (whose row and indexes cost a
 * subscribed weighing more than the event did). Nothing is written when nobody subscribes, and
 * nothing costs a round trip of its own.
 */
export function eventCtes<T extends EventType>(e: EmittedEvent<T>): [string, RawBuilder<{ id: string }>][] {
  return [
    [EVENT_CTE.event, sql<{ id: string }>`(INSERT INTO sys_event (org_id, type, event_key, payload, created_by)
      SELECT ${e.orgId}::bigint, ${e.type}, ${e.key}, ${JSON.stringify(e.payload)}::jsonb, ${e.userId ?? null}::bigint
       WHERE ${subscriptionExistsSql(e.orgId, e.type)}
      RETURNING id, org_id)`],
  ];
}

/**
 * Records an event in the caller's transaction, for the webhook poller to fan out to the enabled
 * subscriptions of its company naming its type after the commit, so it exists exactly when the
 * change it reports does; with no such subscription nothing is written. One statement (eventCtes).
 */
export async function emitEvent<T extends EventType>(tx: Transaction<DB> | Database, e: EmittedEvent<T>): Promise<Emitted> {
  const ctes = eventCtes(e);
  const { rows: [row] } = await sql<{ event_id: string | null }>`
    WITH ${sql.join(ctes.map(([name, body]) => sql`${sql.raw(name)} AS ${body}`))}
    SELECT (SELECT id::text FROM ${sql.raw(EVENT_CTE.event)}) AS event_id`.execute(tx);
  return { eventId: row.event_id };
}
