import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';

/**
 * Fuel-card advances (油卡) as the freight settlement reads and deducts them. An advance is
 * confirmed on a freight plan (confirmOil) and deducted once: the settlement claims it by writing
 * its id and number into deducted_by_* WHERE deducted_by_id IS NULL under the advance's row lock,
 * so two settlements of one carrier cannot both deduct it. Undoing the settlement (delete,
 * un-examine) gives its advances back with releaseFuelAdvances.
 */
export interface FuelAdvance {
  id: string;
  amount: string;
  planId: string;
  planNo: string;
  cardNo: string;
  confirmedAt: Date;
}

/** The carrier's confirmed advances not yet deducted, oldest first. */
export async function openFuelAdvances(tx: Kysely<DB>, orgId: string, carrierId: string): Promise<FuelAdvance[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT a.id::text, a.amount::text, a.plan_id::text, p.plan_no, a.card_no, a.confirmed_at
      FROM wb_freight_fuel_advance a JOIN wb_freight_plan p ON p.id = a.plan_id
     WHERE a.org_id = ${orgId} AND a.carrier_id = ${carrierId}::bigint AND a.deducted_by_id IS NULL
     ORDER BY a.confirmed_at, a.id`.execute(tx);
  return rows.map((r) => ({
    id: r.id as string, amount: r.amount as string, planId: r.plan_id as string, planNo: r.plan_no as string,
    cardNo: r.card_no as string, confirmedAt: new Date(r.confirmed_at as string),
  }));
}

/**
 * Deducts the advances `ids` in the settlement `by`: locks them in id order and claims those of the
 * carrier still open. Answers the ids it claimed; an id another settlement holds already, or that is
 * not the carrier's, is left out, so the caller compares and refuses when it needs all of them.
 */
export async function deductFuelAdvances(tx: Kysely<DB>, orgId: string, carrierId: string, ids: readonly string[],
  by: { id: string; no: string }): Promise<{ id: string; amount: string }[]> {
  if (!ids.length) return [];
  await sql`SELECT id FROM wb_freight_fuel_advance WHERE org_id = ${orgId} AND id = ANY(${[...ids]}::bigint[]) ORDER BY id FOR UPDATE`.execute(tx);
  const { rows } = await sql<{ id: string; amount: string }>`
    UPDATE wb_freight_fuel_advance SET deducted_by_id = ${by.id}::bigint, deducted_by_no = ${by.no}, deducted_at = now()
     WHERE org_id = ${orgId} AND carrier_id = ${carrierId}::bigint AND id = ANY(${[...ids]}::bigint[]) AND deducted_by_id IS NULL
     RETURNING id::text, amount::text`.execute(tx);
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/** Gives back the advances the settlement `settlementId` deducted (it was deleted or un-examined); answers how many. */
export async function releaseFuelAdvances(tx: Kysely<DB>, orgId: string, settlementId: string): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    UPDATE wb_freight_fuel_advance SET deducted_by_id = NULL, deducted_by_no = NULL, deducted_at = NULL
     WHERE org_id = ${orgId} AND deducted_by_id = ${settlementId}::bigint RETURNING id::text`.execute(tx);
  return rows.length;
}
