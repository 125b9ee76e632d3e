import { sql } from 'kysely';

/**
 * The cockpit's own figures, each one statement over every plant at once (GROUP BY org_id); the
 * trucks in the plant, the tons and the waiting interventions are the live and wall-board families'
 * (live/repo.ts inPlantCounts, plant-board/repo.ts tonsByKind and waitingInterventionCounts).
 * Each answers a builder: the route compiles it and runs it on the reports' read-only client.
 */

/** The enabled companies (plants) of a group, and whether the user belongs to each. */
export function groupPlants(groupId: string, userId: string) {
  return sql<{ orgId: string; orgCode: string; orgName: string; orgNameEn: string | null; member: boolean }>`
    SELECT o.id::text AS "orgId", o.org_code AS "orgCode", o.org_name AS "orgName", o.org_name_en AS "orgNameEn",
           EXISTS (SELECT 1 FROM sys_user_org m WHERE m.user_id = ${userId}::bigint AND m.org_id = o.id) AS member
      FROM sys_org o
     WHERE o.group_id = ${groupId}::bigint AND o.enabled
     ORDER BY o.org_code, o.id`;
}

/**
 * The tons weighed in each company by kind: its done tickets and its audited trains' wagons, as the
 * weighing summary counts them (082/093), from `fromDay` to `toDay` (plant days in `zone`), where
 * `toDay` is the plant's today. The sealed days of the period are read from the summary when it was
 * cut in `zone` (`sealed`: the days' rows; for a period from the first of today's month, that
 * month's row, which holds exactly its sealed days: a few hundred rows a plant instead of a month's
 * day rows or tickets), the days after the seal from the tickets and wagons.
 */
function weighedTons(orgIds: readonly string[], fromDay: string, toDay: string, zone: string, sealed: 'day' | 'month') {
  const summary = sealed === 'month'
    ? sql`SELECT m.org_id, m.kind, m.net FROM span JOIN rpt_weigh_month m ON m.org_id = span.org_id AND m.month = ${fromDay}::date
           WHERE span.sealed_through IS NOT NULL`
    : sql`SELECT d.org_id, d.kind, d.net
            FROM span JOIN rpt_weigh_day d ON d.org_id = span.org_id AND d.day >= ${fromDay}::date AND d.day <= least(${toDay}::date, span.sealed_through)`;
  return sql<{ orgId: string; kind: string; tons: string }>`
    WITH seal AS (
      SELECT o.id AS org_id, CASE WHEN w.time_zone = ${zone} THEN w.sealed_through END AS sealed_through
        FROM unnest(${orgIds}::bigint[]) AS o(id) LEFT JOIN rpt_weigh_seal w ON w.org_id = o.id),
    span AS (
      SELECT org_id, sealed_through,
             (greatest(${fromDay}::date, coalesce(sealed_through + 1, ${fromDay}::date))::timestamp AT TIME ZONE ${zone}) AS since,
             ((${toDay}::date + 1)::timestamp AT TIME ZONE ${zone}) AS until
        FROM seal),
    figures AS (
      ${summary}
      UNION ALL
      SELECT t.org_id, t.kind, t.net
        FROM span JOIN wb_ticket t ON t.org_id = span.org_id AND t.completed_at >= span.since AND t.completed_at < span.until
       WHERE t.state IN ('COMPLETED', 'AUDITED', 'POSTED')
      UNION ALL
      SELECT tr.org_id, tr.kind, w.net::numeric(14,4)
        FROM span JOIN wb_train tr ON tr.org_id = span.org_id AND tr.arrived_at >= span.since AND tr.arrived_at < span.until AND tr.doc_status = 'AUDITED'
        JOIN wb_wagon w ON w.org_id = tr.org_id AND w.train_id = tr.id)
    SELECT org_id::text AS "orgId", kind, trim_scale(sum(net))::text AS tons
      FROM figures
     GROUP BY org_id, kind
     ORDER BY org_id, kind`;
}

/** Today's tons by kind (`day`: the plant's today; never sealed, read from the tickets and wagons). */
export const dayTons = (orgIds: readonly string[], day: string, zone: string) => weighedTons(orgIds, day, day, zone, 'day');

/** This month's tons by kind, from `monthStart` (the first of the month of `day`, the plant's today) to `day`. */
export const monthTons = (orgIds: readonly string[], monthStart: string, day: string, zone: string) => weighedTons(orgIds, monthStart, day, zone, 'month');

/** The stock balance of each company: tons over every warehouse and material. */
export function stockTons(orgIds: readonly string[]) {
  return sql<{ orgId: string; tons: string }>`
    SELECT b.org_id::text AS "orgId", trim_scale(sum(b.quantity))::text AS tons
      FROM wb_stock_balance b
     WHERE b.org_id = ANY(${orgIds}::bigint[])
     GROUP BY b.org_id`;
}

/**
 * The stock balance of each company by material class (the material's own 存货分类): tons over
 * every warehouse and material of the class.
 */
export function stockTonsByClass(orgIds: readonly string[]) {
  return sql<{ orgId: string; classId: string; classCode: string; className: string; tons: string }>`
    SELECT b.org_id::text AS "orgId", c.id::text AS "classId", c.invc_code AS "classCode", c.invc_name AS "className",
           trim_scale(sum(b.quantity))::text AS tons
      FROM wb_stock_balance b
      JOIN md_material m ON m.id = b.material_id
      JOIN md_material_class c ON c.id = m.invc_id
     WHERE b.org_id = ANY(${orgIds}::bigint[])
     GROUP BY b.org_id, c.id, c.invc_code, c.invc_name
     ORDER BY b.org_id, c.invc_code, c.id`;
}

/** The customers' money of each company, in cents: received (receipts net of refunds) and consumed. */
export function accountCents(orgIds: readonly string[]) {
  return sql<{ orgId: string; receipts: string; consumed: string }>`
    SELECT a.org_id::text AS "orgId", round(sum(a.received) * 100)::bigint::text AS receipts,
           round(sum(a.consumed) * 100)::bigint::text AS consumed
      FROM fm_account a
     WHERE a.org_id = ANY(${orgIds}::bigint[])
     GROUP BY a.org_id`;
}

/** A goods settlement past its draft claims the ticket `t` (at most one does: UNIQUE (scope, ticket_id, org_id)). */
const CLAIMED = (t: string) => `EXISTS (
         SELECT 1 FROM wb_settlement_row r JOIN wb_settlement s ON s.org_id = r.org_id AND s.id = r.settlement_id AND s.state <> 'DRAFT'
          WHERE r.org_id = ${t}.org_id AND r.scope = 'GOODS' AND r.ticket_id = ${t}.id)`;

/**
 * The unsettled money of each company, in cents: the amounts of its done sales and purchase
 * tickets and of its audited trains' wagons that no goods settlement past its draft claims (as
 * 销售采购金额 splits them; a wagon at the amount its train's audit stamped, migration 105).
 *
 * Bounded with years of history (migration 107): the tickets of the sealed days are read from
 * their summary rpt_unsettled_day, only the days after the company's seal from the tickets.
 */
export function unsettledCents(orgIds: readonly string[]) {
  return sql<{ orgId: string; cents: string }>`
    WITH seal AS (
      SELECT o.id AS org_id,
             CASE WHEN w.sealed_through IS NULL THEN '-infinity'::timestamptz
                  ELSE (w.sealed_through + 1)::timestamp AT TIME ZONE w.time_zone END AS since
        FROM unnest(${orgIds}::bigint[]) AS o(id) LEFT JOIN rpt_weigh_seal w ON w.org_id = o.id),
    figures AS (
      SELECT d.org_id, d.amount FROM rpt_unsettled_day d WHERE d.org_id = ANY(${orgIds}::bigint[])
      UNION ALL
      SELECT t.org_id, t.amount
        FROM seal JOIN wb_ticket t ON t.org_id = seal.org_id AND t.completed_at >= seal.since
       WHERE t.kind IN ('sa', 'pu') AND t.state IN ('COMPLETED', 'AUDITED', 'POSTED') AND NOT ${sql.raw(CLAIMED('t'))}
      UNION ALL
      SELECT w.org_id, w.amount
        FROM wb_wagon w JOIN wb_train tr ON tr.org_id = w.org_id AND tr.id = w.train_id
       WHERE w.org_id = ANY(${orgIds}::bigint[]) AND tr.doc_status = 'AUDITED' AND tr.kind IN ('sa', 'pu')
         AND NOT EXISTS (
           SELECT 1 FROM wb_settlement_row r JOIN wb_settlement s ON s.org_id = r.org_id AND s.id = r.settlement_id AND s.state <> 'DRAFT'
            WHERE r.org_id = w.org_id AND r.scope = 'GOODS' AND r.wagon_id = w.id))
    SELECT org_id::text AS "orgId", round(coalesce(sum(amount), 0) * 100)::bigint::text AS cents
      FROM figures
     GROUP BY org_id`;
}

/** The approvals still running in each company (审批流程). */
export function openApprovals(orgIds: readonly string[]) {
  return sql<{ orgId: string; n: number }>`
    SELECT w.org_id::text AS "orgId", count(*)::int AS n
      FROM wf_instance w
     WHERE w.org_id = ANY(${orgIds}::bigint[]) AND w.status = 'running'
     GROUP BY w.org_id`;
}
