import type { Database } from '../db/pool';
import { enqueue } from '../jobs/enqueue';
import { deliverOne, type DeliverOptions, type DeliveryResult } from './deliver';
import { dueDeliveries } from './repo';

export const DELIVER_QUEUE = 'webhook.deliver';
export interface DeliverJob { deliveryIds: string[] }

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
 * The safety net (scheduled job 'webhook.sweep'): deliveries whose try is overdue, because their
 * job was lost with an instance or their subscription was switched back on, are tried here.
 * Answers how many were tried.
 */
export async function sweepDue(db: Database, options: DeliverOptions & { batch?: number; overdueSeconds?: number } = {}): Promise<number> {
  const due = await dueDeliveries(db, options.batch ?? 100, options.overdueSeconds ?? 60);
  const tried = await deliverAndReschedule(db, due, options);
  return tried.filter((t) => t.kind !== 'skipped').length;
}
