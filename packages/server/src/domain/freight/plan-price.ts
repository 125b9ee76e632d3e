import { isId } from '@wb/protocol';
import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import type { RowScope } from '../../platform/auth/who';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { resolveFreightPrice } from './resolve';
import { FREIGHT_KINDS, type FreightKind } from './rules';

/**
 * A plan's freight price, decided when it is written: a typed price stands (TYPED, with the terms
 * typed beside it); a blank one is resolved from the freight prices (and the contracts' lines) in
 * force at the plan's start for its carrier, route or region and material, and brings that price's
 * terms with it (RESOLVED, the price's id and label kept). Nothing in force: refused, naming 运价.
 */
const blank = (v: unknown) => v === null || v === undefined || v === '';
const idOrNull = (v: unknown) => (blank(v) || !isId(String(v)) ? null : String(v));
const samePrice = (sent: unknown, stored: unknown) => {
  try {
    return stored !== null && new Decimal(String(sent).trim()).eq(String(stored));
  } catch {
    return false;
  }
};

export async function preparePlan(db: Database, who: RowScope, entity: Record<string, unknown>, mode: 'create' | 'update'): Promise<void> {
  for (const k of ['priceSource', 'priceId', 'priceLabel']) delete entity[k];
  // an update that leaves the price out keeps the plan's pricing as it is
  if (mode === 'update' && !('price' in entity)) return;
  const current = mode === 'update' && idOrNull(entity.id) ? await currentPlan(db, who.orgId, String(entity.id)) : null;
  // the form sends the resolved price back as it showed it: unchanged, it stays resolved
  if (current?.priceSource === 'RESOLVED' && !blank(entity.price) && samePrice(entity.price, current.price)) return;
  if (!blank(entity.price)) {
    Object.assign(entity, { priceSource: 'TYPED', priceId: null, priceLabel: '手工填写' });
    return;
  }
  const value = (k: string) => (k in entity ? entity[k] : current?.[k]);
  const kind = value('kind');
  const at = new Date(String(value('startTime') ?? ''));
  const carrierId = idOrNull(value('carrierId'));
  // what cannot be read is the engine's to refuse, naming its field
  if (!FREIGHT_KINDS.includes(kind as FreightKind) || Number.isNaN(at.getTime()) || !carrierId) return;
  const pick = await resolveFreightPrice(db, {
    orgId: who.orgId, kind: kind as FreightKind, carrierId, routeId: idOrNull(value('routeId')),
    region: blank(value('region')) ? null : String(value('region')), materialId: idOrNull(value('materialId')), at,
  });
  if (!pick) throw badRequest('没有适用的运费价格，请填写运价', 'price');
  Object.assign(entity, {
    price: pick.price, basis: pick.basis, chargeMode: pick.chargeMode, taxRate: pick.taxRate, lossMode: pick.lossMode, lossValue: pick.lossValue,
    distanceKm: blank(entity.distanceKm) ? pick.distanceKm : entity.distanceKm,
    priceSource: 'RESOLVED', priceId: pick.id, priceLabel: pick.label,
  });
}

async function currentPlan(db: Database, orgId: string, id: string): Promise<Record<string, unknown> | null> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT kind, start_time AS "startTime", price_source AS "priceSource", price::text AS price, carrier_id::text AS "carrierId", route_id::text AS "routeId", region, material_id::text AS "materialId"
      FROM wb_freight_plan WHERE org_id = ${orgId} AND id = ${id}::bigint`.execute(db);
  return rows[0] ?? null;
}

/** What keeps a plan's audit from being withdrawn: its pound list confirmed, money remitted or fuel advanced on it. */
export async function planStateProblems(tx: Kysely<DB>, ids: string[]): Promise<{ field: string; message: string }[]> {
  const { rows } = await sql<{ plan_no: string; confirmed: boolean; remittances: number; advances: number }>`
    SELECT p.plan_no, p.pounds_confirmed_at IS NOT NULL AS confirmed,
           (SELECT count(*)::int FROM wb_freight_remittance r WHERE r.plan_id = p.id) AS remittances,
           (SELECT count(*)::int FROM wb_freight_fuel_advance a WHERE a.plan_id = p.id) AS advances
      FROM wb_freight_plan p WHERE p.id = ANY(${ids}::bigint[]) ORDER BY p.id`.execute(tx);
  return rows.flatMap((r) => {
    if (r.confirmed) return [{ field: 'ids', message: `运费计划 ${r.plan_no} 的磅单已确认，请先清除计算` }];
    if (r.remittances || r.advances) return [{ field: 'ids', message: `运费计划 ${r.plan_no} 已有汇款或油卡预付，不能反审核` }];
    return [];
  });
}
