import type { Database } from '../../platform/db/pool';

/**
 * The demo plant's sales price list for cement 0502001: a general price and a lower one for the
 * customer KH0001, both audited, so a truck of a notice line without a price is priced by a rule
 * (the customer's, being the more specific). Made through the price list's own calls.
 */
interface DemoCall {
  send<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T>;
}

const MATERIAL = '0502001';
const CUSTOMER = 'KH0001';

export async function seedPriceDemo(db: Database, call: DemoCall, orgId: string): Promise<void> {
  const material = await db.selectFrom('md_material_alloc as a').innerJoin('md_material as m', 'm.id', 'a.archive_id')
    .select('a.archive_id as id').where('a.org_id', '=', orgId).where('m.inv_code', '=', MATERIAL).executeTakeFirst();
  const customer = await db.selectFrom('md_customer_alloc as a').innerJoin('md_customer as c', 'c.id', 'a.archive_id')
    .select('a.archive_id as id').where('a.org_id', '=', orgId).where('c.customer_code', '=', CUSTOMER).executeTakeFirst();
  if (!material || !customer) throw new Error(`price demo: material ${MATERIAL} or customer ${CUSTOMER} is not in the demo plant`);
  const from = `${new Date().getFullYear()}-01-01 00:00:00`;
  const rules = [
    { materialId: material.id, price: '360', taxRate: '13', effectiveFrom: from, remark: '演示：散装水泥出厂价' },
    { materialId: material.id, partyId: customer.id, price: '350', taxRate: '13', effectiveFrom: from, remark: '演示：重点客户价' },
  ];
  const ids: string[] = [];
  for (const entity of rules) ids.push((await call.send<{ id: string }>('POST', '/api/price/sa/create', { entity })).id);
  await call.send('POST', '/api/price/sa/audit', { ids });
}
