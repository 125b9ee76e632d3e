import type { FastifyInstance } from 'fastify';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import { call, expectOk } from '../../../test/api';

/**
 * Rows the weighing tests stand on, written straight into the tables (notices and registries have
 * their own tests): the operator's company, a notice line with its ceiling, a registry through the
 * gate holding its pre-load on the line, a vehicle with stored tares.
 */
export interface Plant {
  orgId: string;
  vendorId: string;
  customerId: string;
  materialId: string;
  warehouseId: string;
}

export async function plantOf(db: Database, orgCode = 'HDSN'): Promise<Plant> {
  const org = await db.selectFrom('sys_org').select('id').where('org_code', '=', orgCode).executeTakeFirstOrThrow();
  const first = async (table: 'md_vendor_alloc' | 'md_customer_alloc') =>
    (await db.selectFrom(table).select('archive_id').where('org_id', '=', org.id).orderBy('archive_id').executeTakeFirstOrThrow()).archive_id;
  const warehouse = await db.selectFrom('md_warehouse').select('id').where('org_id', '=', org.id).orderBy('id').executeTakeFirstOrThrow();
  // a material weighed straight through: no site confirmation, no hidden deduct, no overload check
  const material = await db.selectFrom('md_material_alloc as a').innerJoin('md_material as m', 'm.id', 'a.archive_id').select('m.id').where('a.org_id', '=', org.id)
    .where('m.scene_confirm', '=', false).where('m.hidden_deduct', '=', '0').where('m.overload', '=', false).where('m.pnmary', 'is', null).orderBy('m.id')
    .executeTakeFirstOrThrow();
  return { orgId: org.id, vendorId: await first('md_vendor_alloc'), customerId: await first('md_customer_alloc'), materialId: material.id, warehouseId: warehouse.id };
}

let serial = 0;
const next = (prefix: string) => `${prefix}${Date.now().toString(36)}${(serial++).toString().padStart(4, '0')}`;

export async function makeNoticeLine(db: Database, p: Plant, o: { kind?: 'pu' | 'sa'; maxLimit: string; price?: string; quantityControl?: boolean }): Promise<{ noticeId: string; lineId: string }> {
  const kind = o.kind ?? 'pu';
  const notice = await db.insertInto('wb_notice').values({
    org_id: p.orgId, kind, notice_no: next('TZ'), doc_status: 'AUDITED', vendor_id: kind === 'pu' ? p.vendorId : null, customer_id: kind === 'sa' ? p.customerId : null,
    ctrl_mode: o.quantityControl === false ? 'NONE' : 'QUANTITY', start_time: new Date(Date.now() - 86_400_000), end_time: new Date(Date.now() + 86_400_000 * 30),
  }).returning('id').executeTakeFirstOrThrow();
  const line = await db.insertInto('wb_notice_line').values({
    org_id: p.orgId, notice_id: notice.id, seq: 1, material_id: p.materialId, warehouse_id: p.warehouseId, quantity: o.maxLimit, max_limit: o.maxLimit,
    price: o.price ?? null, quantity_control: o.quantityControl !== false,
  }).returning('id').executeTakeFirstOrThrow();
  return { noticeId: notice.id, lineId: line.id };
}

/** An audited registry whose truck is through the gate, holding its pre-load on the line. */
export async function makeRegistry(db: Database, p: Plant, o: { kind?: 'pu' | 'sa'; noticeId: string; lineId: string; plate: string; preQuantity?: string; cardId?: string }): Promise<string> {
  const pre = o.preQuantity ?? '0';
  return db.transaction().execute(async (tx) => {
    // a trip counts as in transit while it holds something (quantity-rules: completion lets go of a trip with a hold)
    if (Number(pre) > 0) await sql`UPDATE wb_notice_line SET in_transit = in_transit + ${pre}::numeric, in_transit_trips = in_transit_trips + 1 WHERE id = ${o.lineId}`.execute(tx);
    const r = await tx.insertInto('wb_registry').values({
      org_id: p.orgId, kind: o.kind ?? 'pu', registry_no: next('DJ'), doc_status: 'AUDITED', trip_state: 'ENTERED', entered_at: new Date(),
      notice_id: o.noticeId, notice_line_id: o.lineId, material_id: p.materialId, plate_number: o.plate, pre_quantity: pre, reserved_quantity: pre,
      shipped_quantity: (o.kind ?? 'pu') === 'pu' ? '30' : null, ic_card_id: o.cardId ?? null,
    }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  });
}

export async function makeVehicle(db: Database, p: Plant, plate: string, tares: { last?: string; average?: string; standard?: string; hoursAgo?: number; axles?: number } = {}): Promise<string> {
  const row = await db.insertInto('md_vehicle').values({
    org_id: p.orgId, plate_number: plate, axle_type: tares.axles ?? 6, last_tare: tares.last ?? null, average_tare: tares.average ?? tares.last ?? null,
    standard_tare: tares.standard ?? null, tare_time: tares.last ? new Date(Date.now() - (tares.hoursAgo ?? 1) * 3_600_000) : null, tare_count: tares.last ? 3 : 0,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function lineFigures(db: Database, lineId: string) {
  const l = await db.selectFrom('wb_notice_line').select(['done_quantity', 'in_transit', 'done_trips', 'in_transit_trips', 'max_limit']).where('id', '=', lineId).executeTakeFirstOrThrow();
  return { done: Number(l.done_quantity), inTransit: Number(l.in_transit), doneTrips: l.done_trips, inTransitTrips: l.in_transit_trips };
}

/** Plates for tests: 苏E plus five characters, distinct within a run. */
let plateSerial = 0;
export const testPlate = (prefix = 'E') => `苏${prefix}${(10000 + (plateSerial++ % 90000)).toString()}`;

export interface WeighedTicket { id: string; no: string; noticeId: string; lineId: string; registryId: string; plate: string }

let weighSerial = 0;

/** A scale wired to the company: its station key, and its agent's readings posted as the agent posts them. */
export interface WiredScale { scaleId: string; publish: (tons: string) => Promise<void> }

/** Issues the scale's station key (an administrator's call) and answers a way to publish its stable readings. */
export async function wireScale(app: FastifyInstance, adminAuth: string, scaleId: string): Promise<WiredScale> {
  const { key } = expectOk(await call(app, 'POST', '/api/station/credential/issue', adminAuth, { stationName: `${scaleId}号磅`, scaleId })).data as { key: string };
  let seq = 1;
  return {
    scaleId,
    publish: async (tons) => {
      const weight = new Decimal(tons).times(1000).toFixed();
      // the readings call answers plain JSON ({ accepted }), not the envelope
      const res = await call(app, 'POST', '/api/station/readings', `Station ${key}`, { scaleId, readings: [{ seq: seq++, at: new Date().toISOString(), weight, unit: 'kg', stable: true }] });
      if (res.statusCode !== 200 || res.json().accepted !== 1) throw new Error(`the scale's reading was not taken: ${res.body}`);
    },
  };
}

/**
 * A purchase truck on a notice line of its own, weighed through the real calls: gross first, then
 * the tare, or left at its first weighing when tare is null. The weights are typed (a manual
 * ticket, under the manual-weighing right) unless a wired scale is given, whose agent's readings
 * the weighings take (a ticket weighed on the scale).
 */
export async function weighPurchase(
  app: FastifyInstance, db: Database, p: Plant, auth: string,
  o: { station: string; maxLimit?: string; price?: string; gross?: string; tare?: string | null; scale?: WiredScale },
): Promise<WeighedTicket> {
  const { noticeId, lineId } = await makeNoticeLine(db, p, { maxLimit: o.maxLimit ?? '1000', price: o.price ?? '10' });
  const plate = testPlate(o.station[0]);
  const registryId = await makeRegistry(db, p, { noticeId, lineId, plate, preQuantity: '20' });
  const weigh = async (which: 'first' | 'second', weight: string) => {
    if (o.scale) await o.scale.publish(weight);
    return expectOk(await call(app, 'POST', `/api/weigh/pu/${which}`, auth, {
      registryId, ...(o.scale ? { scaleId: o.scale.scaleId } : { weight }), stationId: o.station, requestId: `${o.station}-w${weighSerial++}`,
    })).data;
  };
  const first = await weigh('first', o.gross ?? '40');
  if (o.tare !== null) await weigh('second', o.tare ?? '15');
  return { id: first.ticketId as string, no: first.ticketNo as string, noticeId, lineId, registryId, plate };
}
