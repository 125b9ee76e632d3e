import type { Database } from '../db/pool';
import { enqueue } from '../jobs/enqueue';
import { deliverOne, type DeliverOptions, type DeliveryResult } from './deliver';
import { dueDeliveries, eventsAwaitingFanOut, fanOutEvent } from './repo';

export const DELIVER_QUEUE = 'webhook.deliver';
export interface DeliverJob { deliveryIds: string[] }
/** The poller that takes the events as they are recorded (domain/system/interface: every FANOUT_EVERY_MS on each instance running jobs). */
export const FANOUT_POLLER = 'webhook.fanout';
export const FANOUT_EVERY_MS = 500;
export interface FanOutJob { orgId: string; eventId: string }

/**
 * One event's fan-out: its deliveries made (committed on their own, so a crash after this leaves
 * them to the sweep) and each tried once. A second fan-out of the event (another instance's
 * poller, the sweep) makes none and tries none.
 */
export async function fanOutAndDeliver(db: Database, job: FanOutJob, options: DeliverOptions = {}): Promise<DeliveryResult[]> {
  const ids = await fanOutEvent(db, job.orgId, job.eventId);
  return deliverAndReschedule(db, ids, options);
}

/**
 * The poller's work: every event waiting, oldest first, fanned out and its deliveries tried, batch
 * after batch until none waits. The weighing writes only its event (emit.ts eventCtes): no job of
 * the library, whose row and indexes cost the subscribed weighing more than its event. Two
 * instances polling at once fan out each event once (fanOutEvent's row lock and unique index).
 */
export async function fanOutPending(db: Database, options: DeliverOptions & { batch?: number } = {}): Promise<number> {
  const batch = options.batch ?? 500;
  let made = 0;
  for (;;) {
    const waiting = await eventsAwaitingFanOut(db, batch, 0);
    const ids: string[] = [];
    for (const e of waiting) ids.push(...(await fanOutEvent(db, e.orgId, e.eventId)));
    made += ids.length;
    // tried together: one slow receiver holds the batch up to its timeout, not one try after another
    if (ids.length > 0) await deliverAndReschedule(db, ids, options);
    if (waiting.length < batch) return made;
  }
}

/**
 * One job's work: a try of each delivery, and for each the receiver asked to wait, the next try
 * put on the queue at its time (rules.ts: 30 s doubling to an hour). The next try's job is keyed by
 * the delivery and its count, so the sweep and a job that ran late never queue it twice.
 */
export async function deliverAndReschedule(db: Database, ids: string[], options: DeliverOptions = {}): Promise<DeliveryResult[]> {
  const results = await Promise.all(ids.map((id) => deliverOne(db, id, options)));
  for (const [i, r] of results.entries()) {
    if (r.kind !== 'retry') continue;
    await enqueue(db, DELIVER_QUEUE, { deliveryIds: [ids[i]] } satisfies DeliverJob, {
      startAfterSeconds: Math.ceil(r.delayMs / 1000), singletonKey: `${ids[i]}:${r.attempt}`,
    });
  }
  return results;
}

/**
 * The safety net (scheduled job 'webhook.sweep'): events not fanned out `overdueSeconds` after they
 * were recorded (no instance polling, or the poller failing) are fanned out, and
 * deliveries whose try is overdue (their job lost, or their subscription switched back on) are
 * tried here, the new ones included. Answers how many deliveries were tried.
 */
export async function sweepDue(db: Database, options: DeliverOptions & { batch?: number; overdueSeconds?: number } = {}): Promise<number> {
  const batch = options.batch ?? 100;
  const overdue = options.overdueSeconds ?? 60;
  const made: string[] = [];
  for (const e of await eventsAwaitingFanOut(db, batch, overdue)) made.push(...(await fanOutEvent(db, e.orgId, e.eventId)));
  const due = [...new Set([...made, ...(await dueDeliveries(db, batch, overdue))])];
  const tried = await deliverAndReschedule(db, due, options);
  return tried.filter((t) => t.kind !== 'skipped').length;
}

/**
 * Fans out every event waiting, now, without trying the deliveries it makes: what a test or a
 * check runs where the poller would (no poller runs with the job library off). Answers the
 * deliveries made.
 */
export async function fanOutWaiting(db: Database, batch = 1000): Promise<string[]> {
  const made: string[] = [];
  for (const e of await eventsAwaitingFanOut(db, batch, 0)) made.push(...(await fanOutEvent(db, e.orgId, e.eventId)));
  return made;
}
