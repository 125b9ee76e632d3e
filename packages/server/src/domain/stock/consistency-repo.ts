import { sql } from 'kysely';
import type { Breach, ConsistencyCheck } from '../../platform/checks/define';

/**
 * 库存余额 = 流水合计: every balance is the sum of its live records (IN and EARLY add, OUT takes
 * away: rules/balance.ts balanceDelta), and a place with live records has its balance row.
 */
export const stockBalanceCheck: ConsistencyCheck = {
  key: 'stock.balance',
  name: '库存余额等于库存流水合计',
  nameEn: 'Stock balance equals the sum of its movements',
  async find(db, limit) {
    const { rows } = await sql<Breach>`
      WITH moved AS (
        SELECT org_id, warehouse_id, material_id, sum(CASE direction WHEN 'OUT' THEN -quantity ELSE quantity END) AS quantity
          FROM wb_stock_record WHERE reversed_at IS NULL GROUP BY org_id, warehouse_id, material_id)
      SELECT coalesce(b.org_id, m.org_id)::text AS "orgId",
             coalesce(w.ware_name, '仓库 ' || coalesce(b.warehouse_id, m.warehouse_id)) || ' / ' || coalesce(i.inv_name, '物料 ' || coalesce(b.material_id, m.material_id)) AS ref,
             'quantity' AS figure, trim_scale(coalesce(b.quantity, 0))::text AS held, trim_scale(coalesce(m.quantity, 0))::text AS expected
        FROM wb_stock_balance b
        FULL JOIN moved m ON m.org_id = b.org_id AND m.warehouse_id = b.warehouse_id AND m.material_id = b.material_id
        LEFT JOIN md_warehouse w ON w.id = coalesce(b.warehouse_id, m.warehouse_id)
        LEFT JOIN md_material i ON i.id = coalesce(b.material_id, m.material_id)
       WHERE coalesce(b.quantity, 0) <> coalesce(m.quantity, 0)
       ORDER BY 1, 2 LIMIT ${limit}`.execute(db);
    return rows;
  },
};
