import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { pickFreightPrice, type ChargeMode, type FreightBasis, type FreightKind, type FreightPick, type LossMode } from './rules';

/**
 * The freight price that pays a trip: among the audited freight prices of the kind in force at
 * `at` (a freight contract's audit writes its lines as such prices), the most specific key set
 * that matches, then the latest effective, then the later number (rules.ts). Read as the goods'
 * price rules are (price/resolve.ts): one index probe per key pattern the trip can match (index
 * wb_freight_price_probe, migration 047), so thousands of prices cost a few index entries.
 */
export interface FreightQuery {
  orgId: string;
  kind: FreightKind;
  carrierId: string | null;
  /** the route (md_line: origin -> destination) the trip ran */
  routeId?: string | null;
  /** the region the goods went to or came from, when the caller knows one */
  region?: string | null;
  materialId?: string | null;
  /** the material's class; absent while materialId is set: read from the material */
  materialClassId?: string | null;
  /** the trip's time (its completion): the price in force then */
  at: Date;
}

interface Pattern { carrier: string; route: string; region: string; material: string; materialClass: string }

/** The key patterns a trip can match (each key unset or the trip's): at most 2 x 3 x 3 = 18. */
export function freightPatterns(q: FreightQuery & { materialClassId: string | null }): Pattern[] {
  const carriers = q.carrierId ? ['0', q.carrierId] : ['0'];
  const places: [string, string][] = [['0', '']];
  if (q.routeId) places.push([q.routeId, '']);
  if (q.region) places.push(['0', q.region]);
  const goods: [string, string][] = [['0', '0']];
  if (q.materialId) goods.push([q.materialId, '0']);
  if (q.materialClassId) goods.push(['0', q.materialClassId]);
  return carriers.flatMap((carrier) => places.flatMap(([route, region]) => goods.map(([material, materialClass]) => ({ carrier, route, region, material, materialClass }))));
}

const PRICE_COLUMNS = sql`p.id::text, p.price_no, p.carrier_id::text, p.route_id::text, p.region, p.material_id::text, p.material_class_id::text,
  p.basis, p.charge_mode, p.price::text, p.tax_rate::text, p.distance_km::text, p.loss_mode, p.loss_value::text,
  p.effective_from, p.effective_to, p.contract_id::text, (SELECT c.contract_no FROM wb_freight_contract c WHERE c.id = p.contract_id) AS contract_no`;

/** For each pattern, the price of exactly that pattern in force at `at` (the latest begun and not ended). */
export async function patternFreightPrices(tx: Kysely<DB>, q: FreightQuery & { materialClassId: string | null }): Promise<FreightPick[]> {
  const k = freightPatterns(q);
  const { rows } = await sql<Record<string, unknown>>`
    SELECT r.* FROM unnest(${k.map((x) => x.carrier)}::bigint[], ${k.map((x) => x.route)}::bigint[], ${k.map((x) => x.region)}::text[],
        ${k.map((x) => x.material)}::bigint[], ${k.map((x) => x.materialClass)}::bigint[]) AS k(carrier_key, route_key, region_key, material_key, class_key)
      CROSS JOIN LATERAL (
        SELECT ${PRICE_COLUMNS} FROM wb_freight_price p
         WHERE p.org_id = ${q.orgId} AND p.kind = ${q.kind} AND p.doc_status = 'AUDITED'
           AND coalesce(p.carrier_id, 0) = carrier_key AND coalesce(p.route_id, 0) = route_key AND coalesce(p.region, '') = region_key
           AND coalesce(p.material_id, 0) = material_key AND coalesce(p.material_class_id, 0) = class_key
           AND p.effective_from <= ${q.at} AND (p.effective_to IS NULL OR p.effective_to > ${q.at})
         ORDER BY p.effective_from DESC, length(p.price_no) DESC, p.price_no COLLATE "C" DESC
         LIMIT 1) r`.execute(tx);
  return rows.map(freightPickOf);
}

/**
 * Every audited price of the kind in force at `at` whose keys match, read without the probes: the
 * reference the tests hold the probes to.
 */
export async function candidateFreightPrices(tx: Kysely<DB>, q: FreightQuery & { materialClassId: string | null }): Promise<FreightPick[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${PRICE_COLUMNS} FROM wb_freight_price p
     WHERE p.org_id = ${q.orgId} AND p.kind = ${q.kind} AND p.doc_status = 'AUDITED'
       AND p.effective_from <= ${q.at} AND (p.effective_to IS NULL OR p.effective_to > ${q.at})
       AND (p.carrier_id IS NULL OR p.carrier_id = ${q.carrierId}::bigint) AND (p.route_id IS NULL OR p.route_id = ${q.routeId ?? null}::bigint)
       AND (p.region IS NULL OR p.region = ${q.region ?? null}::text) AND (p.material_id IS NULL OR p.material_id = ${q.materialId ?? null}::bigint)
       AND (p.material_class_id IS NULL OR p.material_class_id = ${q.materialClassId}::bigint)`.execute(tx);
  return rows.map(freightPickOf);
}

export function freightPickOf(r: Record<string, unknown>): FreightPick {
  const contractNo = (r.contract_no as string | null) ?? null;
  return {
    id: r.id as string, priceNo: r.price_no as string, contractId: (r.contract_id as string | null) ?? null,
    carrierId: (r.carrier_id as string | null) ?? null, routeId: (r.route_id as string | null) ?? null, region: (r.region as string | null) ?? null,
    materialId: (r.material_id as string | null) ?? null, materialClassId: (r.material_class_id as string | null) ?? null,
    basis: r.basis as FreightBasis, chargeMode: r.charge_mode as ChargeMode, price: r.price as string, taxRate: (r.tax_rate as string | null) ?? null,
    distanceKm: (r.distance_km as string | null) ?? null, lossMode: (r.loss_mode as LossMode | null) ?? null, lossValue: (r.loss_value as string | null) ?? null,
    from: new Date(r.effective_from as string), to: r.effective_to ? new Date(r.effective_to as string) : null,
    label: contractNo ? `运费合同 ${contractNo}` : `运费价格 ${r.price_no as string}`,
  };
}

/** The class of a material, for a query that names the material only. */
async function classOf(tx: Kysely<DB>, materialId: string): Promise<string | null> {
  const { rows } = await sql<{ invc_id: string | null }>`SELECT invc_id::text FROM md_material WHERE id = ${materialId}::bigint`.execute(tx);
  return rows[0]?.invc_id ?? null;
}

/** The freight price that pays the trip at `q.at`, or null when none is in force for it. */
export async function resolveFreightPrice(tx: Kysely<DB>, q: FreightQuery): Promise<FreightPick | null> {
  const materialClassId = q.materialClassId !== undefined ? q.materialClassId : q.materialId ? await classOf(tx, q.materialId) : null;
  const full = { ...q, materialClassId };
  const trip = { carrierId: q.carrierId, routeId: q.routeId ?? null, region: q.region ?? null, materialId: q.materialId ?? null, materialClassId };
  return pickFreightPrice(await patternFreightPrices(tx, full), trip, q.at);
}

/**
 * A weighed ticket's trip as resolution asks it: its kind, carrier, route (its registry's line,
 * else its notice's), material and class, at its completion. Null for a ticket of another company,
 * of a kind freight does not pay (production, ...) or not completed.
 */
export async function freightQueryOfTicket(tx: Kysely<DB>, orgId: string, ticketId: string): Promise<FreightQuery | null> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT t.kind, t.carrier_id::text, coalesce(r.line_id, n.line_id)::text AS route_id, t.material_id::text, m.invc_id::text AS class_id, t.completed_at
      FROM wb_ticket t LEFT JOIN wb_registry r ON r.id = t.registry_id LEFT JOIN wb_notice n ON n.id = t.notice_id LEFT JOIN md_material m ON m.id = t.material_id
     WHERE t.org_id = ${orgId} AND t.id = ${ticketId}::bigint`.execute(tx);
  const r = rows[0];
  if (!r || !['pu', 'sa', 'al', 'tr'].includes(r.kind as string) || !r.completed_at) return null;
  return {
    orgId, kind: r.kind as FreightKind, carrierId: (r.carrier_id as string | null) ?? null, routeId: (r.route_id as string | null) ?? null,
    materialId: (r.material_id as string | null) ?? null, materialClassId: (r.class_id as string | null) ?? null, at: new Date(r.completed_at as string),
  };
}
