import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/pool';
import { call, expectOk } from '../../../test/api';
import { weighPurchase, type Plant } from '../weighing/test-support';

/**
 * What the freight settlement's tests stand on: audited purchase tickets hauled by a carrier (the
 * scale's real calls, then the carrier and the shipped quantity written on the ticket as the gate
 * would have), a freight price and a fuel-card advance written straight into the freight tables.
 */
export async function carrierOf(db: Database, p: Plant, nth = 0): Promise<string> {
  const rows = await db.selectFrom('md_carrier_alloc').select('archive_id').where('org_id', '=', p.orgId).orderBy('archive_id').execute();
  return rows[nth].archive_id;
}

let station = 0;
/** An audited purchase ticket: gross 40, tare 15 (net 25) at the goods' price, hauled by the carrier with the shipped quantity given. */
export async function haulPurchase(app: FastifyInstance, db: Database, p: Plant, auth: { op: string; adm: string }, o: { carrierId: string; shipped: string; price?: string }): Promise<{ id: string; no: string }> {
  const t = await weighPurchase(app, db, p, auth.op, { station: `F${station++}`, price: o.price ?? '300' });
  await db.updateTable('wb_ticket').set({ carrier_id: o.carrierId, shipped_quantity: o.shipped }).where('id', '=', t.id).execute();
  expectOk(await call(app, 'POST', '/api/weigh/pu/audit', auth.adm, { ids: [t.id] }));
  return { id: t.id, no: t.no };
}

/** An audited freight price of purchases for the carrier: per ton on our net, 9 % tax, a loss tolerance of 0.5 %. */
export async function freightPrice(db: Database, p: Plant, carrierId: string, price = '20'): Promise<void> {
  await db.insertInto('wb_freight_price').values({
    org_id: p.orgId, kind: 'pu', price_no: `YFJG-T-${carrierId}-${price}`, doc_status: 'AUDITED', carrier_id: carrierId, basis: 'OUR_NET', charge_mode: 'TON',
    price, tax_rate: '9', loss_mode: 'PERCENT', loss_value: '0.5', effective_from: new Date('2026-01-01T00:00:00Z'), audited_at: new Date(),
  }).execute();
}

let plan = 0;
/** A confirmed fuel-card advance to the carrier on a plan of its own. */
export async function fuelAdvance(db: Database, p: Plant, carrierId: string, amount: string): Promise<string> {
  const pl = await db.insertInto('wb_freight_plan').values({
    org_id: p.orgId, kind: 'pu', plan_no: `YFJH-T-${plan++}`, doc_status: 'AUDITED', carrier_id: carrierId, start_time: new Date('2026-01-01T00:00:00Z'),
  }).returning('id').executeTakeFirstOrThrow();
  const a = await db.insertInto('wb_freight_fuel_advance').values({
    org_id: p.orgId, plan_id: pl.id, carrier_id: carrierId, card_no: `YK${plan}`, amount,
  }).returning('id').executeTakeFirstOrThrow();
  return a.id;
}
