import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema';
import { postRecords, reverseRecords } from '../ledger';
import { stockEffectOf } from '../lifecycle';
import type { Who } from '../../../platform/auth/who';

/**
 * What audit and un-audit of opening stock do to stock, in the action's transaction (the engine
 * has locked the documents and checked the transition table).
 */
type Tx = Transaction<DB>;
type Problem = { field: string; message: string };

interface EarlyRow { id: string; early_no: string; warehouse_id: string; material_id: string; quantity: string }

async function earlyRows(tx: Tx, orgId: string, ids: string[]): Promise<EarlyRow[]> {
  const { rows } = await sql<EarlyRow>`
    SELECT id::text, early_no, warehouse_id::text, material_id::text, quantity::text FROM wb_stock_early
     WHERE org_id = ${orgId} AND id = ANY(${ids}::bigint[]) ORDER BY id`.execute(tx);
  return rows;
}

/**
 * Opening stock others count on: a later live record of the same warehouse and material (ids grow
 * with posting order). Taking the start back from under them would rewrite every balance since.
 */
async function relied(tx: Tx, orgId: string, ids: string[]): Promise<Problem[]> {
  const { rows } = await sql<{ early_no: string }>`
    SELECT e.early_no FROM wb_stock_early e
      JOIN wb_stock_record r ON r.early_id = e.id AND r.reversed_at IS NULL
     WHERE e.org_id = ${orgId} AND e.id = ANY(${ids}::bigint[])
       AND EXISTS (SELECT 1 FROM wb_stock_record l
                    WHERE l.org_id = r.org_id AND l.warehouse_id = r.warehouse_id AND l.material_id = r.material_id
                      AND l.id > r.id AND l.reversed_at IS NULL)
     ORDER BY e.id`.execute(tx);
  return rows.map((r) => ({ field: 'ids', message: `期初库存 ${r.early_no} 之后已有该仓库该物料的出入库记录，不能反审核` }));
}

async function stampAudit(tx: Tx, ids: string[], userId: string | null): Promise<void> {
  await sql`UPDATE wb_stock_early SET audited_at = CASE WHEN ${userId}::bigint IS NULL THEN NULL ELSE now() END, audited_by = ${userId}::bigint
    WHERE id = ANY(${ids}::bigint[])`.execute(tx);
}

export async function earlyStockEffects(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, action: string, ids: string[]): Promise<Problem[]> {
  const effect = stockEffectOf(action);
  if (effect === 'post') {
    const rows = await earlyRows(tx, who.orgId, ids);
    await postRecords(tx, who.orgId, who.userId, rows.map((r) => ({
      direction: 'EARLY' as const, warehouseId: r.warehouse_id, materialId: r.material_id, quantity: r.quantity, source: { earlyId: r.id },
    })), '期初库存已记账，不能重复记账');
    await stampAudit(tx, ids, who.userId);
  }
  if (effect === 'reverse') {
    const problems = await relied(tx, who.orgId, ids);
    if (problems.length) return problems;
    await reverseRecords(tx, who.orgId, who.userId, 'early_id', ids);
    await stampAudit(tx, ids, null);
  }
  return [];
}
