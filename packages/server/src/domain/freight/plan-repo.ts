import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';
import type { ChargeMode, FreightBasis, FreightKind, FreightRow, LossMode } from './rules';

/**
 * A freight plan's SQL beyond the engine's: its row under lock, its pound list, the tickets it
 * covers, remittances and fuel-card advances. Lock order: the plan's row, then the tickets in id
 * order (FOR SHARE: the plan reads them, a settlement or a weighing changes them).
 */
type Tx = Kysely<DB>;

export interface PlanRow {
  id: string; planNo: string; kind: FreightKind; docStatus: 'FREE' | 'AUDITED' | 'OBSOLETE'; carrierId: string; materialId: string | null;
  warehouseId: string | null; price: string | null; basis: FreightBasis; chargeMode: ChargeMode; taxRate: string | null; distanceKm: string | null;
  lossMode: LossMode | null; lossValue: string | null; urgent: boolean; confirmedAt: Date | null;
}

export async function lockPlan(tx: Tx, orgId: string, id: string): Promise<PlanRow> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT id::text, plan_no, kind, doc_status, carrier_id::text, material_id::text, warehouse_id::text, price::text, basis, charge_mode,
           tax_rate::text, distance_km::text, loss_mode, loss_value::text, urgent, pounds_confirmed_at
      FROM wb_freight_plan WHERE org_id = ${orgId} AND id = ${id}::bigint FOR UPDATE`.execute(tx);
  const r = rows[0];
  if (!r) throw AppError.of('notFound', `运费计划不存在: ${id}`, 'id');
  return {
    id: r.id as string, planNo: r.plan_no as string, kind: r.kind as FreightKind, docStatus: r.doc_status as PlanRow['docStatus'],
    carrierId: r.carrier_id as string, materialId: (r.material_id as string | null) ?? null, warehouseId: (r.warehouse_id as string | null) ?? null,
    price: (r.price as string | null) ?? null, basis: r.basis as FreightBasis, chargeMode: r.charge_mode as ChargeMode,
    taxRate: (r.tax_rate as string | null) ?? null, distanceKm: (r.distance_km as string | null) ?? null,
    lossMode: (r.loss_mode as LossMode | null) ?? null, lossValue: (r.loss_value as string | null) ?? null, urgent: r.urgent as boolean,
    confirmedAt: r.pounds_confirmed_at ? new Date(r.pounds_confirmed_at as string) : null,
  };
}

export async function touchPlan(tx: Tx, id: string, userId: string | null, set: ReturnType<typeof sql>): Promise<void> {
  await sql`UPDATE wb_freight_plan SET ${set}, version = version + 1, updated_at = now(), updated_by = ${userId}::bigint WHERE id = ${id}::bigint`.execute(tx);
}

export interface PlanTicketFacts {
  id: string; ticketNo: string; kind: string; carrierId: string | null; materialId: string | null; state: string;
  net: string | null; shipped: string | null; price: string | null; qualityPriceAdjust: string; freightSettledByNo: string | null;
}

/** The tickets `ids` of the company, locked FOR SHARE in id order. */
export async function lockTickets(tx: Tx, orgId: string, ids: string[]): Promise<PlanTicketFacts[]> {
  if (!ids.length) return [];
  const { rows } = await sql<Record<string, unknown>>`
    SELECT id::text, ticket_no, kind, carrier_id::text, material_id::text, state, net::text, shipped_quantity::text, price::text,
           quality_price_adjust::text, freight_settled_by_no
      FROM wb_ticket WHERE org_id = ${orgId} AND id = ANY(${ids}::bigint[]) ORDER BY id FOR SHARE`.execute(tx);
  return rows.map((r) => ({
    id: r.id as string, ticketNo: r.ticket_no as string, kind: r.kind as string, carrierId: (r.carrier_id as string | null) ?? null,
    materialId: (r.material_id as string | null) ?? null, state: r.state as string, net: (r.net as string | null) ?? null,
    shipped: (r.shipped_quantity as string | null) ?? null, price: (r.price as string | null) ?? null,
    qualityPriceAdjust: (r.quality_price_adjust as string | null) ?? '0', freightSettledByNo: (r.freight_settled_by_no as string | null) ?? null,
  }));
}

/** The plan's tickets in their order. */
export async function planTicketIds(tx: Tx, planId: string): Promise<string[]> {
  const { rows } = await sql<{ ticket_id: string }>`SELECT ticket_id::text FROM wb_freight_plan_ticket WHERE plan_id = ${planId}::bigint ORDER BY seq, id`.execute(tx);
  return rows.map((r) => r.ticket_id);
}

export async function removePlanTickets(tx: Tx, planId: string, ticketIds: string[]): Promise<void> {
  if (ticketIds.length) await sql`DELETE FROM wb_freight_plan_ticket WHERE plan_id = ${planId}::bigint AND ticket_id = ANY(${ticketIds}::bigint[])`.execute(tx);
}

/**
 * Adds the tickets to the plan; a ticket another plan holds is skipped by the constraint (a
 * concurrent claim waits for the other's commit, then skips): answers the ids it added.
 */
export async function addPlanTickets(tx: Tx, orgId: string, planId: string, ticketIds: string[], userId: string | null): Promise<string[]> {
  if (!ticketIds.length) return [];
  const { rows } = await sql<{ ticket_id: string }>`
    INSERT INTO wb_freight_plan_ticket (org_id, plan_id, ticket_id, seq, created_by)
    SELECT ${orgId}, ${planId}::bigint, t.id, t.n, ${userId}::bigint FROM unnest(${ticketIds}::bigint[]) WITH ORDINALITY AS t(id, n)
    ON CONFLICT (ticket_id, org_id) DO NOTHING RETURNING ticket_id::text`.execute(tx);
  return rows.map((r) => r.ticket_id);
}

export async function renumberPlanTickets(tx: Tx, planId: string, ticketIds: string[]): Promise<void> {
  if (!ticketIds.length) return;
  await sql`UPDATE wb_freight_plan_ticket p SET seq = t.n FROM unnest(${ticketIds}::bigint[]) WITH ORDINALITY AS t(id, n)
     WHERE p.plan_id = ${planId}::bigint AND p.ticket_id = t.id`.execute(tx);
}

/** Which plan holds each of the tickets, by ticket number. */
export async function holdingPlans(tx: Tx, ticketIds: string[]): Promise<{ ticketNo: string; planNo: string }[]> {
  const { rows } = await sql<{ ticket_no: string; plan_no: string }>`
    SELECT t.ticket_no, p.plan_no FROM wb_freight_plan_ticket x JOIN wb_ticket t ON t.id = x.ticket_id JOIN wb_freight_plan p ON p.id = x.plan_id
     WHERE x.ticket_id = ANY(${ticketIds}::bigint[]) ORDER BY t.id`.execute(tx);
  return rows.map((r) => ({ ticketNo: r.ticket_no, planNo: r.plan_no }));
}

export async function writeTicketFigures(tx: Tx, planId: string, rows: { ticketId: string; row: FreightRow }[]): Promise<void> {
  if (!rows.length) return;
  await sql`UPDATE wb_freight_plan_ticket p SET basis_weight = f.basis_weight, freight = f.freight, loss = f.loss, shortage = f.shortage, loss_charge = f.loss_charge
      FROM unnest(${rows.map((r) => r.ticketId)}::bigint[], ${rows.map((r) => r.row.basisWeight)}::numeric[], ${rows.map((r) => r.row.freight)}::numeric[],
                  ${rows.map((r) => r.row.loss)}::numeric[], ${rows.map((r) => r.row.shortage)}::numeric[], ${rows.map((r) => r.row.lossCharge)}::numeric[])
        AS f(ticket_id, basis_weight, freight, loss, shortage, loss_charge)
     WHERE p.plan_id = ${planId}::bigint AND p.ticket_id = f.ticket_id`.execute(tx);
}

export async function clearTicketFigures(tx: Tx, planId: string): Promise<void> {
  await sql`UPDATE wb_freight_plan_ticket SET basis_weight = NULL, freight = NULL, loss = NULL, shortage = NULL, loss_charge = NULL WHERE plan_id = ${planId}::bigint`.execute(tx);
}

export async function insertRemittance(tx: Tx, orgId: string, plan: PlanRow, r: { amount: string; paidAt: Date; method: string; reference: string | null; remark: string | null }, userId: string | null): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO wb_freight_remittance (org_id, plan_id, carrier_id, amount, paid_at, method, reference, remark, created_by)
    VALUES (${orgId}, ${plan.id}::bigint, ${plan.carrierId}::bigint, ${r.amount}::numeric, ${r.paidAt}, ${r.method}, ${r.reference}, ${r.remark}, ${userId}::bigint)
    RETURNING id::text`.execute(tx);
  return rows[0].id;
}

export async function insertFuelAdvance(tx: Tx, orgId: string, plan: PlanRow, a: { cardNo: string; amount: string; remark: string | null }, userId: string | null): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO wb_freight_fuel_advance (org_id, plan_id, carrier_id, card_no, amount, confirmed_by, remark)
    VALUES (${orgId}, ${plan.id}::bigint, ${plan.carrierId}::bigint, ${a.cardNo}, ${a.amount}::numeric, ${userId}::bigint, ${a.remark})
    RETURNING id::text`.execute(tx);
  return rows[0].id;
}

/** The plan's money so far: remitted, fuel advanced. */
export async function planMoney(tx: Tx, planId: string): Promise<{ remitted: string; advanced: string }> {
  const { rows } = await sql<{ remitted: string; advanced: string }>`
    SELECT (SELECT coalesce(sum(amount), 0)::text FROM wb_freight_remittance WHERE plan_id = ${planId}::bigint) AS remitted,
           (SELECT coalesce(sum(amount), 0)::text FROM wb_freight_fuel_advance WHERE plan_id = ${planId}::bigint) AS advanced`.execute(tx);
  return rows[0];
}

export async function warehouseName(tx: Tx, orgId: string, id: string | null): Promise<string | null | undefined> {
  if (id === null) return null;
  const { rows } = await sql<{ ware_name: string }>`SELECT ware_name FROM md_warehouse WHERE org_id = ${orgId} AND id = ${id}::bigint`.execute(tx);
  return rows[0]?.ware_name;
}
