import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';

/**
 * The quality report's one read: the tickets of the period that a sample's results were applied
 * to (qm_ticket_quality), grouped by vendor and material. The items' averages are weighted by each
 * ticket's net; deductions are in tons and in money at the ticket's price; the price change in
 * money is net x change.
 */
export interface ReportFilter { orgId: string; from: string; to: string; vendorId: string | null; materialId: string | null }

export interface ReportRow {
  vendorId: string | null; vendorName: string | null; materialId: string | null; materialName: string | null;
  tickets: number; passed: number; net: string; deduction: string; deductionMoney: string; adjustMoney: string;
  items: { code: string; name: string; average: string }[];
}

export async function readQualityReport(db: Kysely<DB>, f: ReportFilter): Promise<ReportRow[]> {
  const { rows } = await sql<ReportRow>`
    WITH t AS (
      SELECT tk.id, tk.vendor_id, tk.material_id, tk.net, coalesce(tk.price, 0) AS price, q.sample_id, q.deduction, q.price_adjust, q.rejected
        FROM qm_ticket_quality q JOIN wb_ticket tk ON tk.id = q.ticket_id
       WHERE q.org_id = ${f.orgId}::bigint AND tk.org_id = ${f.orgId}::bigint AND tk.net IS NOT NULL
         AND tk.completed_at >= ${f.from}::date AND tk.completed_at < ${f.to}::date + 1
         AND (${f.vendorId}::bigint IS NULL OR tk.vendor_id = ${f.vendorId}::bigint)
         AND (${f.materialId}::bigint IS NULL OR tk.material_id = ${f.materialId}::bigint)
    ), groups AS (
      SELECT vendor_id, material_id, count(*)::int AS tickets, count(*) FILTER (WHERE NOT rejected)::int AS passed,
             sum(net) AS net, sum(deduction) AS deduction, round(sum(deduction * price), 2) AS deduction_money, round(sum(net * price_adjust), 2) AS adjust_money
        FROM t GROUP BY vendor_id, material_id
    ), averages AS (
      SELECT t.vendor_id, t.material_id, i.item_code, i.item_name, i.sort,
             round(CASE WHEN sum(t.net) = 0 THEN 0 ELSE sum(v.value * t.net) / sum(t.net) END, 3) AS average
        FROM t JOIN qm_sample_value v ON v.sample_id = t.sample_id JOIN qm_assay_item i ON i.id = v.item_id
       GROUP BY t.vendor_id, t.material_id, i.item_code, i.item_name, i.sort
    )
    SELECT g.vendor_id::text AS "vendorId", ve.vendor_name AS "vendorName", g.material_id::text AS "materialId", m.inv_name AS "materialName",
           g.tickets, g.passed, trim_scale(g.net)::text AS net, trim_scale(g.deduction)::text AS deduction,
           trim_scale(g.deduction_money)::text AS "deductionMoney", trim_scale(g.adjust_money)::text AS "adjustMoney",
           coalesce((SELECT json_agg(json_build_object('code', a.item_code, 'name', a.item_name, 'average', trim_scale(a.average)::text) ORDER BY a.sort, a.item_code)
                       FROM averages a WHERE a.vendor_id IS NOT DISTINCT FROM g.vendor_id AND a.material_id IS NOT DISTINCT FROM g.material_id), '[]') AS items
      FROM groups g
      LEFT JOIN md_vendor ve ON ve.id = g.vendor_id
      LEFT JOIN md_material m ON m.id = g.material_id
     ORDER BY ve.vendor_name NULLS LAST, m.inv_name NULLS LAST`.execute(db);
  return rows;
}
