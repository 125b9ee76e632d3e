import { sql } from 'kysely';
import type { Breach, ConsistencyCheck } from '../../platform/checks/define';
import { DONE_STATES, kindNameSql } from './rules';

/**
 * 过磅汇总 = 磅单合计: every row of the weighing summary (rpt_weigh_day and rpt_weigh_month,
 * migration 082) holds the trips, net and amount of its company's done tickets and audited wagons
 * (wb_weighing_fact) of its sealed plant day (or the sealed days of its month), kind, material and
 * counterparty, and every such group has its row; a day after the seal has none. A row emptied by later changes (all figures 0) is as good
 * as none.
 */
export const weighDaySummaryCheck: ConsistencyCheck = {
  key: 'report.weigh_day',
  name: '过磅日、月汇总等于磅单合计',
  nameEn: 'Daily and monthly weighing summaries equal their tickets',
  async find(db, limit) {
    const { rows } = await sql<Breach>`
      WITH seal AS (SELECT org_id, time_zone, sealed_through FROM rpt_weigh_seal WHERE sealed_through IS NOT NULL),
      t AS (
        SELECT f.org_id, (f.completed_at AT TIME ZONE seal.time_zone)::date AS day, f.kind, f.material_id, f.vendor_id, f.customer_id,
               CASE WHEN f.kind = 'al' THEN f.notice_id END AS al_notice_id, count(*)::numeric AS trips, sum(f.net) AS net, coalesce(sum(f.amount), 0) AS amount
          FROM wb_weighing_fact f JOIN seal ON seal.org_id = f.org_id
         WHERE f.state = ANY(${DONE_STATES}::text[]) AND f.completed_at < ((seal.sealed_through + 1)::timestamp AT TIME ZONE seal.time_zone)
         GROUP BY 1, 2, 3, 4, 5, 6, 7),
      tm AS (
        SELECT org_id, date_trunc('month', day)::date AS day, kind, material_id, vendor_id, customer_id, al_notice_id, sum(trips) AS trips, sum(net) AS net, sum(amount) AS amount
          FROM t GROUP BY 1, 2, 3, 4, 5, 6, 7),
      e AS (SELECT 'day' AS grain, * FROM t UNION ALL SELECT 'month', * FROM tm),
      s AS (
        SELECT 'day' AS grain, org_id, day, kind, material_id, vendor_id, customer_id, al_notice_id, trips::numeric AS trips, net, amount
          FROM rpt_weigh_day WHERE trips <> 0 OR net <> 0 OR amount <> 0
        UNION ALL
        SELECT 'month', org_id, month, kind, material_id, vendor_id, customer_id, al_notice_id, trips::numeric, net, amount
          FROM rpt_weigh_month WHERE trips <> 0 OR net <> 0 OR amount <> 0),
      d AS (
        SELECT coalesce(s.grain, t.grain) AS grain, coalesce(s.org_id, t.org_id) AS org_id, coalesce(s.day, t.day) AS day, coalesce(s.kind, t.kind) AS kind,
               coalesce(s.material_id, t.material_id) AS material_id, coalesce(s.vendor_id, t.vendor_id) AS vendor_id,
               coalesce(s.customer_id, t.customer_id) AS customer_id, coalesce(s.al_notice_id, t.al_notice_id) AS al_notice_id,
               f.figure, f.held, f.expected
          FROM s FULL JOIN e t
            ON t.grain = s.grain AND t.org_id = s.org_id AND t.day = s.day AND t.kind = s.kind AND t.material_id IS NOT DISTINCT FROM s.material_id
           AND t.vendor_id IS NOT DISTINCT FROM s.vendor_id AND t.customer_id IS NOT DISTINCT FROM s.customer_id
           AND t.al_notice_id IS NOT DISTINCT FROM s.al_notice_id
         CROSS JOIN LATERAL (VALUES ('trips', coalesce(s.trips, 0), coalesce(t.trips, 0)),
                                    ('net', coalesce(s.net, 0), coalesce(t.net, 0)),
                                    ('amount', coalesce(s.amount, 0), coalesce(t.amount, 0))) f(figure, held, expected)
         WHERE f.held <> f.expected)
      SELECT d.org_id::text AS "orgId",
             CASE d.grain WHEN 'day' THEN '日 ' || d.day::text ELSE '月 ' || to_char(d.day, 'YYYY-MM') END || ' / ' || ${sql.raw(kindNameSql('d.kind'))} || ' / ' || coalesce(m.inv_name, '物料 ' || d.material_id, '无物料')
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
