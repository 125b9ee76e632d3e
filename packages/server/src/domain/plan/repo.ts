import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import type { ChartDay, DayQuota, DayUse, MonthTasks } from './rules';

type Tx = Transaction<DB>;

/** What a sales registry taking its hold is counted as: its customer, material, day and pre-load. */
export interface HoldFacts {
  customerId: string;
  materialId: string;
  day: string;
  preQuantity: string;
}

/**
 * The day a registry counts on is the day of its audit stamp: a first audit (the stamp is blank)
 * counts today, a recover keeps the stamp and so comes back to the day it counted on before.
 */
export async function holdFacts(tx: Tx, orgId: string, registryId: string): Promise<HoldFacts | null> {
  const { rows } = await sql<HoldFacts>`
    SELECT n.customer_id::text AS "customerId", r.material_id::text AS "materialId",
           to_char(coalesce(r.audited_at, now())::date, 'YYYY-MM-DD') AS day, coalesce(r.pre_quantity, 0)::text AS "preQuantity"
      FROM wb_registry r JOIN wb_notice n ON n.id = r.notice_id
     WHERE r.org_id = ${orgId} AND r.id = ${registryId} AND n.customer_id IS NOT NULL AND r.material_id IS NOT NULL`.execute(tx);
  return rows[0] ?? null;
}

/** Whether an audited day plan counts one of these registries (its customer, material and day, as holdFacts reads them). */
export async function dayPlanApplies(tx: Tx, orgId: string, registryIds: string[]): Promise<boolean> {
  const { rows: [r] } = await sql<{ applies: boolean }>`
    SELECT EXISTS (SELECT 1 FROM wb_registry r JOIN wb_notice n ON n.id = r.notice_id
      JOIN sa_plan_day p ON p.org_id = r.org_id AND p.customer_id = n.customer_id
       AND (p.material_id = r.material_id OR p.calc_group_id = ${groupOfMaterial(sql`r.org_id`, sql`r.material_id`)})
       AND p.plan_date = coalesce(r.audited_at, now())::date AND p.doc_status = 'AUDITED'
     WHERE r.org_id = ${orgId} AND r.id = ANY(${registryIds}::bigint[])) AS applies`.execute(tx);
  return r.applies;
}

/**
 * The company's sales holds take turns until the transaction ends: taken before any day plan or
 * notice line of the batch is locked, so batches crossing two quotas cannot deadlock on them.
 */
export async function takeDayPlanTurn(tx: Tx, orgId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`sa-day-plan:${orgId}`}))`.execute(tx);
}

/**
 * The audited day plan of the customer, material and day, locked: every registry of that quota
 * counts after the one before it has committed or rolled back, so two cannot both fit one place.
 */
export async function lockDayPlan(tx: Tx, orgId: string, f: Pick<HoldFacts, 'customerId' | 'materialId' | 'day'>): Promise<(DayQuota & { calcGroupId: string | null }) | null> {
  // the material's own plan, else its computation group's (migration 080): the group's quota
  // counts every material of the group, so its row is the one the group's registries take turns on
  const { rows } = await sql<DayQuota & { calcGroupId: string | null }>`
    SELECT (SELECT c.customer_name FROM md_customer c WHERE c.id = p.customer_id) AS "customerName",
           coalesce((SELECT m.inv_name FROM md_material m WHERE m.id = p.material_id),
                    (SELECT '计算组 ' || g.group_name FROM md_calc_group g WHERE g.id = p.calc_group_id)) AS "materialName",
           to_char(p.plan_date, 'YYYY-MM-DD') AS day, p.tons::text AS tons, p.trips, p.calc_group_id::text AS "calcGroupId"
      FROM sa_plan_day p
     WHERE p.org_id = ${orgId} AND p.customer_id = ${f.customerId}
       AND (p.material_id = ${f.materialId} OR p.calc_group_id = ${groupOfMaterial(sql`${orgId}::bigint`, sql`${f.materialId}::bigint`)})
       AND p.plan_date = ${f.day}::date AND p.doc_status = 'AUDITED'
     ORDER BY p.material_id IS NULL
     LIMIT 1
       FOR UPDATE OF p`.execute(tx);
  return rows[0] ?? null;
}

/** The enabled computation group a material is in within its company (at most one), as a scalar subquery. */
function groupOfMaterial(org: RawBuilder<unknown>, material: RawBuilder<unknown>): RawBuilder<unknown> {
  // a disabled group holds nothing, as in pricing (price/resolve.ts)
  return sql`(SELECT gm.group_id FROM md_calc_group_member gm JOIN md_calc_group g ON g.id = gm.group_id AND g.enabled
               WHERE gm.org_id = ${org} AND gm.material_id = ${material})`;
}

/** What counts against the customer's day (migration 040, sa_plan_use). */
export async function dayUse(tx: Tx, orgId: string, f: Pick<HoldFacts, 'customerId' | 'materialId' | 'day'>, calcGroupId: string | null = null): Promise<DayUse> {
  // a group's quota: what every material of the group used that day
  const materials = calcGroupId === null
    ? sql`u.material_id = ${f.materialId}`
    : sql`u.material_id IN (SELECT gm.material_id FROM md_calc_group_member gm WHERE gm.org_id = ${orgId} AND gm.group_id = ${calcGroupId}::bigint)`;
  const { rows: [u] } = await sql<DayUse>`
    SELECT coalesce(sum(u.tons), 0)::text AS tons, count(*)::integer AS trips FROM sa_plan_use u
     WHERE u.org_id = ${orgId} AND u.customer_id = ${f.customerId} AND ${materials} AND u.use_date = ${f.day}::date
       AND u.use_at >= ${f.day}::date::timestamptz AND u.use_at < (${f.day}::date + 1)::timestamptz`.execute(tx);
  return u;
}

export interface ChartFilter {
  month: string;
  customerId?: string;
  materialId?: string;
}

/** The month's audited day plans and what was used, per day, of one customer or material or all. */
export async function monthRows(db: Database, orgId: string, q: ChartFilter): Promise<ChartDay[]> {
  const first = `${q.month}-01`;
  const customer = q.customerId ?? null;
  const material = q.materialId ?? null;
  const { rows } = await sql<ChartDay>`
    WITH plans AS (
      SELECT p.plan_date AS day, sum(p.tons) AS tons, sum(p.trips)::integer AS trips FROM sa_plan_day p
       WHERE p.org_id = ${orgId} AND p.doc_status = 'AUDITED'
         AND p.plan_date >= ${first}::date AND p.plan_date < ${first}::date + interval '1 month'
         AND (${customer}::bigint IS NULL OR p.customer_id = ${customer}::bigint)
         AND (${material}::bigint IS NULL OR p.material_id = ${material}::bigint)
       GROUP BY p.plan_date),
    used AS (
      SELECT u.use_date AS day, sum(u.tons) AS tons, count(*)::integer AS trips FROM sa_plan_use u
       WHERE u.org_id = ${orgId}
         AND u.use_at >= ${first}::date::timestamptz AND u.use_at < (${first}::date + interval '1 month')::timestamptz
         AND (${customer}::bigint IS NULL OR u.customer_id = ${customer}::bigint)
         AND (${material}::bigint IS NULL OR u.material_id = ${material}::bigint)
       GROUP BY u.use_date)
    SELECT to_char(coalesce(p.day, u.day), 'YYYY-MM-DD') AS day,
           coalesce(p.tons, 0)::text AS "planTons", coalesce(p.trips, 0) AS "planTrips",
           coalesce(u.tons, 0)::text AS "usedTons", coalesce(u.trips, 0) AS "usedTrips"
      FROM plans p FULL JOIN used u ON u.day = p.day`.execute(db);
  return rows;
}

/** The month's audited monthly plans summed (of one customer or material or all). */
export async function monthPlanTotal(db: Database, orgId: string, q: ChartFilter): Promise<{ tons: string; trips: number }> {
  const customer = q.customerId ?? null;
  const material = q.materialId ?? null;
  const { rows: [t] } = await sql<{ tons: string; trips: number }>`
    SELECT coalesce(sum(tons), 0)::text AS tons, coalesce(sum(trips), 0)::integer AS trips FROM sa_plan_month
     WHERE org_id = ${orgId} AND doc_status = 'AUDITED' AND plan_month = ${q.month}
       AND (${customer}::bigint IS NULL OR customer_id = ${customer}::bigint)
       AND (${material}::bigint IS NULL OR material_id = ${material}::bigint)`.execute(db);
  return t;
}

/** Who audited a plan and when: set by audit, cleared by un-audit (the engine moves the status). */
export async function stampAudit(tx: Tx, table: 'sa_plan_month' | 'sa_plan_day', orgId: string, ids: string[], userId: string | null): Promise<void> {
  await sql`UPDATE ${sql.table(table)} SET audited_at = CASE WHEN ${userId}::bigint IS NULL THEN NULL ELSE now() END, audited_by = ${userId}::bigint
             WHERE org_id = ${orgId} AND id = ANY(${ids}::bigint[])`.execute(tx);
}

/**
 * For each day plan being audited, its month's day plans as they will be (the audited ones and
 * these) beside the month's audited monthly plan of the same customer and material, where there is one.
 */
export async function monthTasksOf(tx: Tx, orgId: string, ids: string[]): Promise<MonthTasks[]> {
  const { rows } = await sql<MonthTasks>`
    SELECT p.plan_no AS "planNo", m.plan_month AS month, s.tons::text AS "dayTons", s.trips AS "dayTrips",
           m.tons::text AS "monthTons", m.trips AS "monthTrips"
      FROM sa_plan_day p
      JOIN sa_plan_month m ON m.org_id = p.org_id AND m.customer_id = p.customer_id AND m.material_id = p.material_id
                          AND m.plan_month = to_char(p.plan_date, 'YYYY-MM') AND m.doc_status = 'AUDITED'
      CROSS JOIN LATERAL (
        SELECT sum(d.tons) AS tons, sum(d.trips)::integer AS trips FROM sa_plan_day d
         WHERE d.org_id = p.org_id AND d.customer_id = p.customer_id AND d.material_id = p.material_id
           AND to_char(d.plan_date, 'YYYY-MM') = m.plan_month AND (d.doc_status = 'AUDITED' OR d.id = ANY(${ids}::bigint[]))
      ) s
     WHERE p.org_id = ${orgId} AND p.id = ANY(${ids}::bigint[])
     ORDER BY p.id`.execute(tx);
  return rows;
}
