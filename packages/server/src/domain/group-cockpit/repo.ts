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

/** The stock balance of each company: tons over every warehouse and material. */
export function stockTons(orgIds: readonly string[]) {
  return sql<{ orgId: string; tons: string }>`
    SELECT b.org_id::text AS "orgId", trim_scale(sum(b.quantity))::text AS tons
      FROM wb_stock_balance b
     WHERE b.org_id = ANY(${orgIds}::bigint[])
     GROUP BY b.org_id`;
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

/**
 * The unsettled money of each company, in cents: the amounts of its completed sales and purchase
 * tickets, and of its audited trains' wagons (轨道衡, the amount their audit stamped, migration
 * 105), that no goods settlement past its draft claims (as 销售采购金额 splits them).
 */
export function unsettledCents(orgIds: readonly string[]) {
  return sql<{ orgId: string; cents: string }>`
    SELECT u.org_id::text AS "orgId", round(coalesce(sum(u.amount), 0) * 100)::bigint::text AS cents
      FROM (
        SELECT t.org_id, t.amount
          FROM wb_ticket t
         WHERE t.org_id = ANY(${orgIds}::bigint[]) AND t.kind IN ('sa', 'pu') AND t.state IN ('COMPLETED', 'AUDITED', 'POSTED')
           AND NOT EXISTS (
             SELECT 1 FROM wb_settlement_row r JOIN wb_settlement s ON s.org_id = r.org_id AND s.id = r.settlement_id AND s.state <> 'DRAFT'
              WHERE r.org_id = t.org_id AND r.scope = 'GOODS' AND r.ticket_id = t.id)
        UNION ALL
        SELECT w.org_id, w.amount
          FROM wb_train tr JOIN wb_wagon w ON w.org_id = tr.org_id AND w.train_id = tr.id
         WHERE tr.org_id = ANY(${orgIds}::bigint[]) AND tr.kind IN ('sa', 'pu') AND tr.doc_status = 'AUDITED'
           AND NOT EXISTS (
             SELECT 1 FROM wb_settlement_row r JOIN wb_settlement s ON s.org_id = r.org_id AND s.id = r.settlement_id AND s.state <> 'DRAFT'
              WHERE r.org_id = w.org_id AND r.scope = 'GOODS' AND r.wagon_id = w.id)) u
     GROUP BY u.org_id`;
}

/** The approvals still running in each company (审批流程). */
export function openApprovals(orgIds: readonly string[]) {
  return sql<{ orgId: string; n: number }>`
    SELECT w.org_id::text AS "orgId", count(*)::int AS n
      FROM wf_instance w
     WHERE w.org_id = ANY(${orgIds}::bigint[]) AND w.status = 'running'
     GROUP BY w.org_id`;
}
