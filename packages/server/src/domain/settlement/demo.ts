import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';

/** The demo day's caller (seed/demo-day.ts DemoCall): the platform's own calls, as the screens make them. */
interface DemoSend {
  send<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T>;
}

/**
 * The accountant's purchase settlement of the demo morning: vendor GYS0001's audited tickets of
 * today on its pound list, left a draft, so examining it (and un-examining, which frees them) is
 * the accountant's to press. Runs after the morning's trucks.
 */
export async function seedSettlementDemo(db: Database, call: DemoSend, orgId: string): Promise<void> {
  const { rows } = await sql<{ id: string; from: string; to: string }>`
    SELECT a.archive_id::text AS id, to_char(date_trunc('day', now()), 'YYYY-MM-DD HH24:MI:SS') AS from,
           to_char(date_trunc('day', now()) + interval '1 day', 'YYYY-MM-DD HH24:MI:SS') AS to
      FROM md_vendor_alloc a JOIN md_vendor v ON v.id = a.archive_id
     WHERE a.org_id = ${orgId} AND v.vendor_code = 'GYS0001'`.execute(db);
  const vendor = rows[0];
  if (!vendor) throw new Error('demo day: vendor GYS0001 is not in the demo plant');
  const made = await call.send<{ id: string | number }>('POST', '/api/settlement/pu/create', {
    entity: { vendorId: vendor.id, periodFrom: vendor.from, periodTo: vendor.to, remark: '今日上午采购磅单' },
  });
  await call.send('POST', `/api/settlement/pu/confirmPounds/${made.id}`, {});
}
