import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/pool';
import type { DB } from '../db/schema';
import { jobInsertSql } from '../jobs/enqueue';
import type { EventPayloads, EventType } from './catalogue';
import { FANOUT_QUEUE } from './sweep';

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
export const EVENT_CTE = { event: 'emitted_event', job: 'emitted_job' } as const;

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
 * An event as two common table expressions another statement carries (the second weighing's
 * completion, repo.updateTicketWithReading), in the order they must appear: the event row, written
 * only when an enabled subscription of its company names its type (the ERP's subscription to
 * erp.ticket is one like any other), and one job of the job library (queue webhook.fanout) naming
 * it (platform/jobs jobInsertSql: the row the library's own send writes). The job makes one
 * delivery per subscription after the commit (sweep.ts fanOut), so the change's transaction writes
 * no delivery; the job is in it, and the sweep fans out any event whose job was lost. Nothing is
 * written when nobody subscribes, and nothing costs a round trip of its own.
 */
export function eventCtes<T extends EventType>(e: EmittedEvent<T>): [string, RawBuilder<{ id: string }>][] {
  const { event } = EVENT_CTE;
  return [
    [event, sql<{ id: string }>`(INSERT INTO sys_event (org_id, type, event_key, payload, created_by)
      SELECT ${e.orgId}::bigint, ${e.type}, ${e.key}, ${JSON.stringify(e.payload)}::jsonb, ${e.userId ?? null}::bigint
       WHERE ${subscriptionExistsSql(e.orgId, e.type)}
      RETURNING id, org_id)`],
    [EVENT_CTE.job, sql<{ id: string }>`(${jobInsertSql(FANOUT_QUEUE,
      sql`(SELECT jsonb_build_object('orgId', org_id::text, 'eventId', id::text) FROM ${sql.raw(event)})`,
      sql`EXISTS (SELECT 1 FROM ${sql.raw(event)})`)} RETURNING id)`],
  ];
}

/**
 * Records an event in the caller's transaction with the job that fans it out to the enabled
 * subscriptions of its company naming its type, so both exist exactly when the change they report
 * does; with no such subscription nothing is written. One statement (eventCtes), the job included.
 */
export async function emitEvent<T extends EventType>(tx: Transaction<DB> | Database, e: EmittedEvent<T>): Promise<Emitted> {
  const ctes = eventCtes(e);
  const { rows: [row] } = await sql<{ event_id: string | null }>`
    WITH ${sql.join(ctes.map(([name, body]) => sql`${sql.raw(name)} AS ${body}`))}
    SELECT (SELECT id::text FROM ${sql.raw(EVENT_CTE.event)}) AS event_id`.execute(tx);
  return { eventId: row.event_id };
}
