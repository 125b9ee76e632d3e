import { sql } from 'kysely';
import type { Breach, ConsistencyCheck } from '../../platform/checks/define';
import { kindNameSql } from './rules';

/**
 * 过磅汇总 = 磅单合计: every row of the summaries of migration 082 (rpt_weigh_day per plant day,
 * rpt_weigh_month per plant month, kept by the wb_ticket triggers) holds the trips, net and amount
 * of the done tickets of its company, period, kind, material and counterparty, and every such group
 * of tickets has its row. A row emptied by voids (all figures 0) is as good as none.
 */
export const weighDaySummaryCheck: ConsistencyCheck = {
  key: 'report.weigh_day',
  name: '过磅日、月汇总等于磅单合计',
  nameEn: 'Daily and monthly weighing summaries equal their tickets',
  async find(db, limit) {
    const { rows } = await sql<Breach>`
      WITH t AS (
        SELECT org_id, (completed_at AT TIME ZONE rpt_weigh_day_zone())::date AS day, kind, material_id, vendor_id, customer_id,
               CASE WHEN kind = 'al' THEN notice_id END AS al_notice_id, count(*)::numeric AS trips, sum(net) AS net, coalesce(sum(amount), 0) AS amount
          FROM wb_ticket WHERE state IN ('COMPLETED', 'AUDITED', 'POSTED')
         GROUP BY 1, 2, 3, 4, 5, 6, 7),
      tm AS (
        SELECT org_id, date_trunc('month', day)::date AS day, kind, material_id, vendor_id, customer_id, al_notice_id, sum(trips) AS trips, sum(net) AS net, sum(amount) AS amount
          FROM t GROUP BY 1, 2, 3, 4, 5, 6, 7),
      s AS (
        SELECT 'day' AS grain, org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, trips::numeric, net, amount
          FROM rpt_weigh_day WHERE trips <> 0 OR net <> 0 OR amount <> 0
        UNION ALL
        SELECT 'month', org_id, month, kind, material_id, vendor_id, customer_id, al_notice_id, trips::numeric, net, amount
          FROM rpt_weigh_month WHERE trips <> 0 OR net <> 0 OR amount <> 0),
      e AS (SELECT 'day' AS grain, * FROM t UNION ALL SELECT 'month', * FROM tm),
      d AS (
        SELECT coalesce(s.grain, e.grain) AS grain, coalesce(s.org_id, e.org_id) AS org_id, coalesce(s.day, e.day) AS day, coalesce(s.kind, e.kind) AS kind,
               coalesce(s.material_id, e.material_id) AS material_id, coalesce(s.vendor_id, e.vendor_id) AS vendor_id,
               coalesce(s.customer_id, e.customer_id) AS customer_id, coalesce(s.al_notice_id, e.al_notice_id) AS al_notice_id,
               f.figure, f.held, f.expected
          FROM s FULL JOIN e
            ON e.grain = s.grain AND e.org_id = s.org_id AND e.day = s.day AND e.kind = s.kind AND e.material_id IS NOT DISTINCT FROM s.material_id
           AND e.vendor_id IS NOT DISTINCT FROM s.vendor_id AND e.customer_id IS NOT DISTINCT FROM s.customer_id
           AND e.al_notice_id IS NOT DISTINCT FROM s.al_notice_id
         CROSS JOIN LATERAL (VALUES ('trips', coalesce(s.trips, 0), coalesce(e.trips, 0)),
                                    ('net', coalesce(s.net, 0), coalesce(e.net, 0)),
                                    ('amount', coalesce(s.amount, 0), coalesce(e.amount, 0))) f(figure, held, expected)
         WHERE f.held <> f.expected)
      SELECT d.org_id::text AS "orgId",
             CASE d.grain WHEN 'day' THEN '日 ' || d.day::text ELSE '月 ' || to_char(d.day, 'YYYY-MM') END
               || ' / ' || ${sql.raw(kindNameSql('d.kind'))} || ' / ' || coalesce(m.inv_name, '物料 ' || d.material_id, '无物料')
               || ' / ' || coalesce(pv.vendor_name, pc.customer_name, '通知单 ' || d.al_notice_id, '无往来单位') AS ref,
             d.figure, trim_scale(d.held)::text AS held, trim_scale(d.expected)::text AS expected
        FROM d
        LEFT JOIN md_material m ON m.id = d.material_id
        LEFT JOIN md_vendor pv ON pv.id = d.vendor_id
        LEFT JOIN md_customer pc ON pc.id = d.customer_id
       ORDER BY 1, 2, 3 LIMIT ${limit}`.execute(db);
    return rows;
  },
};
