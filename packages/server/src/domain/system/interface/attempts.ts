import type { Database } from '../../../platform/db/pool';

export interface DeliveryTry {
  attempt: number; startedAt: Date; durationMs: number; status: number | null; error: string | null; response: string | null;
}

/** Every try of one of the company's deliveries, oldest first (事件历史's detail); another company's: none. */
export async function deliveryAttempts(db: Database, orgId: string, deliveryId: string): Promise<DeliveryTry[]> {
  return db.selectFrom('sys_delivery_attempt')
    .select(['attempt', 'started_at as startedAt', 'duration_ms as durationMs', 'status', 'error', 'response'])
    .where('org_id', '=', orgId).where('delivery_id', '=', deliveryId).orderBy('id').execute();
}
