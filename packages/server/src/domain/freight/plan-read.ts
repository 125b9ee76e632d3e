import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';

/**
 * What the freight clerk reads of plans beyond the list: one plan whole (detail: the header, its
 * pound list with each ticket's freight figures, remittances and fuel-card advances), and the
 * plans grouped by carrier (groupList: how many, trips planned, tickets covered, freight, loss
 * charges, remitted and advanced), both scoped to the caller's company.
 */
type Db = Kysely<DB>;

export interface PlanDetail {
  plan: Record<string, unknown>;
  pounds: Record<string, unknown>[];
  remittances: Record<string, unknown>[];
  fuelAdvances: Record<string, unknown>[];
}

export async function planDetail(db: Db, orgId: string, id: string): Promise<PlanDetail> {
  const { rows: plans } = await sql<Record<string, unknown>>`
    SELECT p.id::text AS id, p.plan_no AS "planNo", p.kind, p.doc_status AS "docStatus", p.urgent, p.carrier_id::text AS "carrierId",
           c.carrier_name AS "carrierName", m.inv_name AS "materialName", coalesce(l.line_name, p.region) AS "routeName", w.ware_name AS "wareName",
           p.start_time AS "startTime", p.end_time AS "endTime", p.planned_trips AS "plannedTrips", trim_scale(p.planned_quantity)::text AS "plannedQuantity",
           trim_scale(p.price)::text AS price, p.price_source AS "priceSource", p.price_label AS "priceLabel", p.basis, p.charge_mode AS "chargeMode",
           trim_scale(p.distance_km)::text AS "distanceKm", trim_scale(p.tax_rate)::text AS "taxRate", p.loss_mode AS "lossMode", trim_scale(p.loss_value)::text AS "lossValue",
           p.pounds_confirmed_at AS "poundsConfirmedAt", trim_scale(p.freight_total)::text AS "freightTotal", trim_scale(p.loss_charge_total)::text AS "lossChargeTotal",
           (SELECT trim_scale(coalesce(sum(r.amount), 0))::text FROM wb_freight_remittance r WHERE r.plan_id = p.id) AS remitted,
           (SELECT trim_scale(coalesce(sum(a.amount), 0))::text FROM wb_freight_fuel_advance a WHERE a.plan_id = p.id) AS "fuelAdvanced",
           p.remark, p.version
      FROM wb_freight_plan p JOIN md_carrier c ON c.id = p.carrier_id LEFT JOIN md_material m ON m.id = p.material_id
      LEFT JOIN md_line l ON l.id = p.route_id LEFT JOIN md_warehouse w ON w.id = p.warehouse_id
     WHERE p.org_id = ${orgId} AND p.id = ${id}::bigint`.execute(db);
  if (!plans[0]) throw AppError.of('notFound', `运费计划不存在: ${id}`, 'id');
  const { rows: pounds } = await sql<Record<string, unknown>>`
    SELECT x.seq, t.id::text AS "ticketId", t.ticket_no AS "ticketNo", t.plate_number AS "plateNumber", m.inv_name AS "materialName",
           t.completed_at AS "completedAt", trim_scale(t.shipped_quantity)::text AS shipped, trim_scale(t.net)::text AS net,
           trim_scale(x.basis_weight)::text AS "basisWeight", trim_scale(x.freight)::text AS freight, trim_scale(x.loss)::text AS loss,
           trim_scale(x.shortage)::text AS shortage, trim_scale(x.loss_charge)::text AS "lossCharge", t.freight_settled_by_no AS "freightSettledByNo"
      FROM wb_freight_plan_ticket x JOIN wb_ticket t ON t.id = x.ticket_id LEFT JOIN md_material m ON m.id = t.material_id
     WHERE x.plan_id = ${id}::bigint ORDER BY x.seq, x.id`.execute(db);
  const { rows: remittances } = await sql<Record<string, unknown>>`
    SELECT id::text AS id, trim_scale(amount)::text AS amount, paid_at AS "paidAt", method, reference, remark
      FROM wb_freight_remittance WHERE plan_id = ${id}::bigint ORDER BY paid_at, id`.execute(db);
  const { rows: fuelAdvances } = await sql<Record<string, unknown>>`
    SELECT id::text AS id, card_no AS "cardNo", trim_scale(amount)::text AS amount, confirmed_at AS "confirmedAt", deducted_by_no AS "deductedByNo", remark
      FROM wb_freight_fuel_advance WHERE plan_id = ${id}::bigint ORDER BY confirmed_at, id`.execute(db);
  return { plan: plans[0], pounds, remittances, fuelAdvances };
}

export async function planGroups(db: Db, orgId: string, f: { kind?: string; from?: string; to?: string }): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT p.carrier_id::text AS "carrierId", c.carrier_name AS "carrierName", count(*)::int AS plans,
           count(*) FILTER (WHERE p.urgent)::int AS urgent, coalesce(sum(p.planned_trips), 0)::int AS "plannedTrips",
           (SELECT count(*)::int FROM wb_freight_plan_ticket x WHERE x.plan_id = ANY(array_agg(p.id))) AS tickets,
           trim_scale(coalesce(sum(p.freight_total), 0))::text AS "freightTotal", trim_scale(coalesce(sum(p.loss_charge_total), 0))::text AS "lossChargeTotal",
           (SELECT trim_scale(coalesce(sum(r.amount), 0))::text FROM wb_freight_remittance r WHERE r.plan_id = ANY(array_agg(p.id))) AS remitted,
           (SELECT trim_scale(coalesce(sum(a.amount), 0))::text FROM wb_freight_fuel_advance a WHERE a.plan_id = ANY(array_agg(p.id))) AS "fuelAdvanced"
      FROM wb_freight_plan p JOIN md_carrier c ON c.id = p.carrier_id
     WHERE p.org_id = ${orgId} AND p.doc_status <> 'OBSOLETE' AND (${f.kind ?? null}::text IS NULL OR p.kind = ${f.kind ?? null}::text)
       AND (${f.from ?? null}::timestamptz IS NULL OR p.start_time >= ${f.from ?? null}::timestamptz)
       AND (${f.to ?? null}::timestamptz IS NULL OR p.start_time < ${f.to ?? null}::timestamptz)
     GROUP BY p.carrier_id, c.carrier_name ORDER BY c.carrier_name`.execute(db);
  return rows;
}

/**
 * The tickets the plan's pound list may take (编辑磅单's candidates): the company's weighed tickets
 * of the plan's kind and carrier (and material, when the plan names one) that no plan holds, newest
 * first, narrowed by their completion in [from, to) and a plate fragment; at most 200.
 */
export async function planCandidates(db: Db, orgId: string, f: { id: string; from?: string; to?: string; plate?: string }): Promise<Record<string, unknown>[]> {
  const { rows: plans } = await sql<{ kind: string; carrier_id: string; material_id: string | null }>`
    SELECT kind, carrier_id::text, material_id::text FROM wb_freight_plan WHERE org_id = ${orgId} AND id = ${f.id}::bigint`.execute(db);
  const plan = plans[0];
  if (!plan) throw AppError.of('notFound', `运费计划不存在: ${f.id}`, 'id');
  const plate = f.plate?.trim() ? `%${f.plate.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await sql<Record<string, unknown>>`
    SELECT t.id::text AS "ticketId", t.ticket_no AS "ticketNo", t.plate_number AS "plateNumber", m.inv_name AS "materialName",
           t.completed_at AS "completedAt", trim_scale(t.shipped_quantity)::text AS shipped, trim_scale(t.net)::text AS net
      FROM wb_ticket t LEFT JOIN md_material m ON m.id = t.material_id
     WHERE t.org_id = ${orgId} AND t.kind = ${plan.kind} AND t.carrier_id = ${plan.carrier_id}::bigint
       AND (${plan.material_id}::bigint IS NULL OR t.material_id = ${plan.material_id}::bigint)
       AND t.state IN ('COMPLETED', 'AUDITED', 'POSTED') AND t.net IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM wb_freight_plan_ticket x WHERE x.ticket_id = t.id)
       AND (${f.from ?? null}::timestamptz IS NULL OR t.completed_at >= ${f.from ?? null}::timestamptz)
       AND (${f.to ?? null}::timestamptz IS NULL OR t.completed_at < ${f.to ?? null}::timestamptz)
       AND (${plate}::text IS NULL OR t.plate_number ILIKE ${plate}::text)
     ORDER BY t.completed_at DESC NULLS LAST, t.id DESC LIMIT 200`.execute(db);
  return rows;
}
