import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import type { Database } from '../../platform/db/pool';
import { plantOf, type Plant } from '../weighing/test-support';
import { candidateFreightPrices, freightPatterns, patternFreightPrices, resolveFreightPrice, type FreightQuery } from './resolve';
import { pickFreightPrice } from './rules';

let db: Database;
let p: Plant;
let carrierId: string;
let otherCarrierId: string;
let routeId: string;
let classId: string;
const at = new Date('2026-11-25T10:00:00Z');
let serial = 0;

interface PriceRow { price: string; carrierId?: string | null; routeId?: string | null; region?: string | null; materialId?: string | null;
  materialClassId?: string | null; from?: string; to?: string | null; status?: 'AUDITED' | 'FREE'; kind?: 'pu' | 'sa' }
async function price(o: PriceRow) {
  return db.insertInto('wb_freight_price').values({
    org_id: p.orgId, kind: o.kind ?? 'sa', price_no: `YFT${String(++serial).padStart(4, '0')}`, doc_status: o.status ?? 'AUDITED',
    carrier_id: o.carrierId ?? null, route_id: o.routeId ?? null, region: o.region ?? null, material_id: o.materialId ?? null,
    material_class_id: o.materialClassId ?? null, price: o.price, effective_from: o.from ?? '2026-11-01T00:00:00Z', effective_to: o.to ?? null,
  }).returning(['id', 'price_no']).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  db = (await freshDatabase()).database.db;
  p = await plantOf(db);
  const carriers = await db.selectFrom('md_carrier_alloc').select('archive_id').where('org_id', '=', p.orgId).orderBy('archive_id').execute();
  [carrierId, otherCarrierId] = [carriers[0].archive_id, carriers[1].archive_id];
  routeId = (await db.selectFrom('md_line').select('id').where('org_id', '=', p.orgId).orderBy('id').executeTakeFirstOrThrow()).id;
  classId = (await db.selectFrom('md_material').select('invc_id').where('id', '=', p.materialId).executeTakeFirstOrThrow()).invc_id as string;
});

const query = (o: Partial<FreightQuery> = {}): FreightQuery => ({ orgId: p.orgId, kind: 'sa', carrierId, routeId, materialId: p.materialId, at, ...o });

describe('resolveFreightPrice', () => {
  it('the most specific price wins, the latest among as specific, and expired, future, draft and other kinds are ignored', async () => {
    expect(await resolveFreightPrice(db, query())).toBeNull();
    const general = await price({ price: '20' });
    const byClass = await price({ price: '22', materialClassId: classId });
    expect(await resolveFreightPrice(db, query())).toMatchObject({ id: byClass.id, price: '22.0000', label: `运费价格 ${byClass.price_no}` });
    const byCarrier = await price({ price: '25', carrierId, materialId: p.materialId });
    expect((await resolveFreightPrice(db, query()))?.id).toBe(byCarrier.id);
    const older = await price({ price: '30', carrierId, routeId, materialId: p.materialId });
    const latest = await price({ price: '31', carrierId, routeId, materialId: p.materialId, from: '2026-11-20T00:00:00Z' });
    await price({ price: '1', carrierId, routeId, materialId: p.materialId, from: '2026-11-22T00:00:00Z', to: '2026-11-25T10:00:00Z' });
    await price({ price: '2', carrierId, routeId, materialId: p.materialId, from: '2026-11-25T10:00:00.001Z' });
    await price({ price: '3', carrierId, routeId, materialId: p.materialId, status: 'FREE', from: '2026-11-24T00:00:00Z' });
    await price({ price: '4', carrierId, routeId, materialId: p.materialId, kind: 'pu', from: '2026-11-24T00:00:00Z' });
    expect(await resolveFreightPrice(db, query())).toMatchObject({ id: latest.id, price: '31.0000' });
    // before the latest began, the older one priced the trip
    expect((await resolveFreightPrice(db, query({ at: new Date('2026-11-19T00:00:00Z') })))?.id).toBe(older.id);
    // another carrier gets the general prices only; a region the trip names is a key like a route
    expect((await resolveFreightPrice(db, query({ carrierId: otherCarrierId })))?.id).toBe(byClass.id);
    const region = await price({ price: '40', carrierId: otherCarrierId, region: '苏北' });
    expect((await resolveFreightPrice(db, query({ carrierId: otherCarrierId, region: '苏北' })))?.id).toBe(region.id);
    expect((await resolveFreightPrice(db, query({ carrierId: otherCarrierId, region: '苏南' })))?.id).toBe(byClass.id);
    expect((await resolveFreightPrice(db, query({ materialId: null, carrierId: null })))?.id).toBe(general.id);
  });

  it('the pattern probes find what reading every matching price finds', async () => {
    for (let i = 0; i < 60; i += 1) {
      const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
      const from = new Date(Date.UTC(2026, 10, 1 + Math.floor(Math.random() * 30)));
      const ends = Math.random() < 0.4 ? new Date(from.getTime() + (1 + Math.floor(Math.random() * 10)) * 86400000).toISOString() : null;
      const goods = pick<[string | null, string | null]>([[null, null], [p.materialId, null], [null, classId]]);
      await price({ price: String(100 + i), carrierId: pick([null, carrierId, otherCarrierId]), routeId: pick([null, routeId]),
        materialId: goods[0], materialClassId: goods[1], from: from.toISOString(), to: ends });
    }
    for (const day of [3, 10, 17, 24, 30]) {
      for (const carrier of [carrierId, otherCarrierId, null]) {
        const q = { ...query({ carrierId: carrier, at: new Date(Date.UTC(2026, 10, day, 12)) }), materialClassId: classId };
        const trip = { carrierId: carrier, routeId, region: null, materialId: p.materialId, materialClassId: classId };
        const reference = pickFreightPrice(await candidateFreightPrices(db, q), trip, q.at);
        expect((await resolveFreightPrice(db, q))?.id).toBe(reference?.id);
        expect((await patternFreightPrices(db, q)).length).toBeLessThanOrEqual(freightPatterns(q).length);
      }
    }
  });
});
