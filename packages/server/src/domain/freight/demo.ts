import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';

/**
 * The demo plant's freight, made through the families' own calls: a freight contract with the
 * raw-material carrier CYS002 (purchases on the receiving route XL002, per ton on the lesser of
 * shipped and our net, 9 % tax, 0.3 % loss allowed), a freight price for the cement tankers of
 * CYS003 (sales, per ton-km over 85 km), and an audited freight plan of CYS002 priced by its
 * contract; the morning's weighed purchase trucks hauled by CYS002, if any, are its pound list,
 * confirmed with their freight (the demo's own trucks name no carrier).
 */
interface DemoCall {
  send<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T>;
}

async function idOf(db: Database, text: ReturnType<typeof sql>, what: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`${text}`.execute(db);
  if (!rows[0]) throw new Error(`freight demo: ${what} is not in the demo plant`);
  return rows[0].id;
}

export async function seedFreightDemo(db: Database, call: DemoCall, orgId: string): Promise<void> {
  const carrier = (code: string) => idOf(db, sql`SELECT a.archive_id::text AS id FROM md_carrier_alloc a JOIN md_carrier c ON c.id = a.archive_id
    WHERE a.org_id = ${orgId} AND c.carrier_code = ${code}`, `carrier ${code}`);
  const rawCarrier = await carrier('CYS002');
  const cementCarrier = await carrier('CYS003');
  const route = await idOf(db, sql`SELECT id::text FROM md_line WHERE org_id = ${orgId} AND line_code = 'XL002'`, 'route XL002');
  const from = `${new Date().getFullYear()}-01-01 00:00:00`;

  const contract = await call.send<{ id: string }>('POST', '/api/freight/contract/create', {
    entity: { kind: 'pu', carrierId: rawCarrier, validFrom: from, basis: 'LESSER', chargeMode: 'TON', taxRate: '9', lossMode: 'PERCENT', lossValue: '0.3', remark: '演示：原燃料运输合同' },
    entitysub: [{ routeId: route, price: '28', lineRemark: '收货线路' }, { price: '32', lineRemark: '其他线路' }],
  });
  await call.send('POST', '/api/freight/contract/audit', { ids: [contract.id] });

  const price = await call.send<{ id: string }>('POST', '/api/freight/price/create', {
    entity: { kind: 'sa', carrierId: cementCarrier, price: '0.42', distanceKm: '85', chargeMode: 'TON_KM', basis: 'OUR_NET', taxRate: '9', lossMode: 'KG', lossValue: '50', effectiveFrom: from, remark: '演示：散装水泥罐车运价' },
  });
  await call.send('POST', '/api/freight/price/audit', { ids: [price.id] });

  const plan = await call.send<{ id: string }>('POST', '/api/freight/plan/create', {
    entity: { kind: 'pu', carrierId: rawCarrier, routeId: route, startTime: from, plannedTrips: 60, remark: '演示：本月原燃料运输计划' },
  });
  await call.send('POST', '/api/freight/plan/audit', { ids: [plan.id] });
  const { rows } = await sql<{ id: string }>`SELECT id::text FROM wb_ticket WHERE org_id = ${orgId} AND kind = 'pu' AND carrier_id = ${rawCarrier}::bigint
    AND state IN ('COMPLETED', 'AUDITED', 'POSTED') AND net IS NOT NULL ORDER BY id`.execute(db);
  if (!rows.length) return;
  await call.send('POST', '/api/freight/plan/poundListedit', { id: plan.id, ticketIds: rows.map((r) => r.id) });
  await call.send('POST', '/api/freight/plan/confirmPounds', { ids: [plan.id] });
}
