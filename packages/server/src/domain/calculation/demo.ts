import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';

/** The demo day's caller (seed/demo-day.ts DemoCall): the platform's own calls, as the screens make them. */
interface DemoSend {
  send<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T>;
}

/**
 * The accountant's sales calculation of the demo morning: customer KH0001's sales tickets of today,
 * computed with the prices in force and left open (not locked), so the trucks still take
 * corrections and 锁磅 is the accountant's to press. Runs after the morning's trucks.
 */
export async function seedCalculationDemo(db: Database, call: DemoSend, orgId: string): Promise<void> {
  const { rows } = await sql<{ id: string; from: string; to: string }>`
    SELECT a.archive_id::text AS id, to_char(date_trunc('day', now()), 'YYYY-MM-DD HH24:MI:SS') AS from,
           to_char(date_trunc('day', now()) + interval '1 day', 'YYYY-MM-DD HH24:MI:SS') AS to
      FROM md_customer_alloc a JOIN md_customer c ON c.id = a.archive_id
     WHERE a.org_id = ${orgId} AND c.customer_code = 'KH0001'`.execute(db);
  const customer = rows[0];
  if (!customer) throw new Error('demo day: customer KH0001 is not in the demo plant');
  const made = await call.send<{ id: string | number }>('POST', '/api/sale/calculation/create', {
    entity: { customerId: customer.id, periodFrom: customer.from, periodTo: customer.to, remark: '今日上午销售磅单' },
  });
  await call.send('POST', `/api/sale/calculation/cal/${made.id}`);
}
