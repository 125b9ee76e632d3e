import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import { plantToday } from '../stock/fields';

/** What the demo morning calls the platform with (seed/demo-day.ts DemoCall). */
interface PlanDemoCall {
  send<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T>;
}

/**
 * The demo plant's plans: this month's plan and today's day plan of 湖州城建 (KH0001) for bulk
 * P.O 42.5 cement (0502001), audited, so the sales trucks of the morning (six of 34 t pre-load,
 * 204 t) are counted against a day plan of 300 t / 10 trucks and the fulfilment list and chart
 * have figures.
 */
export const DEMO_PLANS = { customer: 'KH0001', material: '0502001', month: { tons: '6000', trips: 180 }, day: { tons: '300', trips: 10 } };

export async function seedPlanDemo(db: Database, call: PlanDemoCall, orgId: string): Promise<void> {
  const { rows: [ids] } = await sql<{ customerId: string; materialId: string }>`
    SELECT (SELECT a.archive_id::text FROM md_customer_alloc a JOIN md_customer c ON c.id = a.archive_id
             WHERE a.org_id = ${orgId} AND c.customer_code = ${DEMO_PLANS.customer}) AS "customerId",
           (SELECT a.archive_id::text FROM md_material_alloc a JOIN md_material m ON m.id = a.archive_id
             WHERE a.org_id = ${orgId} AND m.inv_code = ${DEMO_PLANS.material}) AS "materialId"`.execute(db);
  if (!ids?.customerId || !ids.materialId) throw new Error('demo plans: customer KH0001 or material 0502001 is not in the demo plant');
  const today = plantToday();
  const base = { customerId: ids.customerId, materialId: ids.materialId };
  const month = await call.send<{ id: string }>('POST', '/api/sale/plan/month/create', {
    entity: { ...base, planMonth: today.slice(0, 7), ...DEMO_PLANS.month, remark: '演示月计划' },
  });
  await call.send('POST', '/api/sale/plan/month/audit', { ids: [month.id] });
  const day = await call.send<{ id: string }>('POST', '/api/sale/plan/day/create', {
    entity: { ...base, planDate: today, ...DEMO_PLANS.day, remark: '演示日计划' },
  });
  await call.send('POST', '/api/sale/plan/day/audit', { ids: [day.id] });
}
