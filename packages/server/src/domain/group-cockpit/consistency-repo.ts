import { sql } from 'kysely';
import type { Breach, ConsistencyCheck } from '../../platform/checks/define';

/**
 * 未结算日汇总 = 磅单合计: every row of rpt_unsettled_day (migration 107) holds the trips and amount
 * of its company's done sales and purchase tickets of its sealed plant day and kind that no goods
 * settlement past its draft claims, and every such group has its row; a day after the seal has
 * none. A row emptied by later changes (both figures 0) is as good as none.
 */
export const unsettledDayCheck: ConsistencyCheck = {
  key: 'group_cockpit.unsettled_day',
  name: '未结算日汇总等于磅单合计',
  nameEn: 'Daily unsettled summary equals its tickets',
  async find(db, limit) {
    const { rows } = await sql<Breach>`
      WITH seal AS (SELECT org_id, time_zone, sealed_through FROM rpt_weigh_seal WHERE sealed_through IS NOT NULL),
      t AS (
        SELECT k.org_id, (k.completed_at AT TIME ZONE seal.time_zone)::date AS day, k.kind, count(*)::numeric AS trips, coalesce(sum(k.amount), 0) AS amount
          FROM wb_ticket k JOIN seal ON seal.org_id = k.org_id
         WHERE k.kind IN ('sa', 'pu') AND k.state IN ('COMPLETED', 'AUDITED', 'POSTED')
           AND k.completed_at < ((seal.sealed_through + 1)::timestamp AT TIME ZONE seal.time_zone)
           AND NOT EXISTS (
             SELECT 1 FROM wb_settlement_row r JOIN wb_settlement s ON s.org_id = r.org_id AND s.id = r.settlement_id AND s.state <> 'DRAFT'
              WHERE r.org_id = k.org_id AND r.scope = 'GOODS' AND r.ticket_id = k.id)
         GROUP BY 1, 2, 3),
      s AS (SELECT org_id, day, kind, trips::numeric AS trips, amount FROM rpt_unsettled_day WHERE trips <> 0 OR amount <> 0),
      d AS (
        SELECT coalesce(s.org_id, t.org_id) AS org_id, coalesce(s.day, t.day) AS day, coalesce(s.kind, t.kind) AS kind, f.figure, f.held, f.expected
          FROM s FULL JOIN t ON t.org_id = s.org_id AND t.day = s.day AND t.kind = s.kind
         CROSS JOIN LATERAL (VALUES ('trips', coalesce(s.trips, 0), coalesce(t.trips, 0)),
                                    ('amount', coalesce(s.amount, 0), coalesce(t.amount, 0))) f(figure, held, expected)
         WHERE f.held <> f.expected)
      SELECT d.org_id::text AS "orgId", '未结算 ' || d.day::text || ' / ' || CASE d.kind WHEN 'sa' THEN '销售' ELSE '采购' END AS ref,
             d.figure, trim_scale(d.held)::text AS held, trim_scale(d.expected)::text AS expected
        FROM d
       ORDER BY 1, 2, 3 LIMIT ${limit}`.execute(db);
    return rows;
  },
};
