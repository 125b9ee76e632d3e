import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema';
import { postRecords, reverseRecords, type NewRecord } from '../ledger';
import { stockEffectOf } from '../lifecycle';
import type { Who } from '../../../platform/auth/who';

/**
 * What audit and un-audit of a transfer form do to stock, in the action's transaction (the engine
 * has locked the forms; their lines are written only under that lock).
 */
type Tx = Transaction<DB>;
type Problem = { field: string; message: string };

interface LineRow { transfer_id: string; transfer_no: string; line_id: string | null; from_id: string; to_id: string; material_id: string | null; quantity: string | null }

async function transferLines(tx: Tx, orgId: string, ids: string[]): Promise<LineRow[]> {
  const { rows } = await sql<LineRow>`
    SELECT t.id::text AS transfer_id, t.transfer_no, l.id::text AS line_id, t.from_warehouse_id::text AS from_id,
           t.to_warehouse_id::text AS to_id, l.material_id::text AS material_id, l.quantity::text AS quantity
      FROM wb_stock_transfer t LEFT JOIN wb_stock_transfer_line l ON l.transfer_id = t.id
     WHERE t.org_id = ${orgId} AND t.id = ANY(${ids}::bigint[]) ORDER BY t.id, l.seq`.execute(tx);
  return rows;
}

/** Each line moves its tons OUT of the from-warehouse and IN to the to-warehouse. */
function movesOf(rows: LineRow[]): NewRecord[] {
  return rows.flatMap((r) => {
    if (!r.line_id || !r.material_id || !r.quantity) return [];
    const source = { transferId: r.transfer_id, transferLineId: r.line_id };
    return [
      { direction: 'OUT' as const, warehouseId: r.from_id, materialId: r.material_id, quantity: r.quantity, source },
      { direction: 'IN' as const, warehouseId: r.to_id, materialId: r.material_id, quantity: r.quantity, source },
    ];
  });
}

async function stampAudit(tx: Tx, ids: string[], userId: string | null): Promise<void> {
  await sql`UPDATE wb_stock_transfer SET audited_at = CASE WHEN ${userId}::bigint IS NULL THEN NULL ELSE now() END, audited_by = ${userId}::bigint
    WHERE id = ANY(${ids}::bigint[])`.execute(tx);
}

/**
 * The audit posts, the un-audit reverses; either may leave a balance below zero, which the company's
 * negativeStockCheck refuses (the ledger's 400) or allows with a warning the reply passes on.
 */
export async function transferStockEffects(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, action: string, ids: string[]): Promise<{ problems: Problem[]; warnings: string[] }> {
  const effect = stockEffectOf(action);
  if (effect === 'post') {
    const rows = await transferLines(tx, who.orgId, ids);
    const empty = rows.filter((r) => !r.line_id);
    if (empty.length) return { problems: empty.map((r) => ({ field: 'ids', message: `移库单 ${r.transfer_no} 没有明细，不能审核` })), warnings: [] };
    const posted = await postRecords(tx, who.orgId, who.userId, movesOf(rows), '移库单已记账，不能重复记账');
    await stampAudit(tx, ids, who.userId);
    return { problems: [], warnings: posted.warnings };
  }
  if (effect === 'reverse') {
    const reversed = await reverseRecords(tx, who.orgId, who.userId, 'transfer_id', ids);
    await stampAudit(tx, ids, null);
    return { problems: [], warnings: reversed.warnings };
  }
  return { problems: [], warnings: [] };
}
