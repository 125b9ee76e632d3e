import { sql } from 'kysely';
import type { Breach, ConsistencyCheck } from '../../platform/checks/define';

/**
 * 许可已提数量 = 磅单净重: a grant line's drawn quantity is the sum of its draws, each draw of a
 * ticket is that ticket's net (a return's is the negative of what its original drew, not checked
 * against a net here), and a voided ticket draws nothing.
 */
export const grantDrawnCheck: ConsistencyCheck = {
  key: 'licence.drawn',
  name: '许可证已提数量等于磅单净重合计',
  nameEn: 'Grant drawn equals its tickets\' nets',
  async find(db, limit) {
    const { rows } = await sql<Breach>`
      WITH lines AS (
        SELECT l.org_id, '许可证 ' || g.grant_no || ' 第' || l.seq || '行' AS ref, 'drawn' AS figure,
               l.drawn_quantity AS held, coalesce((SELECT sum(d.quantity) FROM mgp_grant_draw d WHERE d.grant_line_id = l.id), 0) AS expected
          FROM mgp_grant_line l JOIN mgp_grant g ON g.id = l.grant_id),
      draws AS (
        SELECT d.org_id, '磅单 ' || t.ticket_no AS ref, 'draw' AS figure, d.quantity AS held,
               CASE WHEN t.state = 'OBSOLETE' THEN 0 ELSE coalesce(t.net, 0) END AS expected
          FROM mgp_grant_draw d JOIN wb_ticket t ON t.id = d.ticket_id
         WHERE d.quantity >= 0)
      SELECT org_id::text AS "orgId", ref, figure, trim_scale(held)::text AS held, trim_scale(expected)::text AS expected
        FROM (SELECT * FROM lines UNION ALL SELECT * FROM draws) x
       WHERE held <> expected
       ORDER BY 1, 2 LIMIT ${limit}`.execute(db);
    return rows;
  },
};
