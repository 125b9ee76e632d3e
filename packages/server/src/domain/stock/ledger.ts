import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import { readWeighParams, type CheckLevel } from '@wb/protocol';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { balanceDelta, decideBalance, type RecordDirection } from './rules/balance';

/**
 * The stock ledger's SQL: records written and taken back, and the balances they move, always in
 * the caller's transaction. Callers lock their own document (ticket, opening stock, transfer form)
 * before calling, as quantity.ts asks.
 *
 * Balances: one posting changes its balance rows in a fixed order (warehouse, then material), but a
 * batch (down of several tickets) posts one after another in one transaction, and two batches could
 * then take the same two balances in opposite orders and deadlock. So every posting first takes the
 * company's stock lock (a transaction advisory lock): postings of one company take turns from their
 * first balance to their commit. They are short (a few rows each) and rarer than weighings.
 */
type Tx = Transaction<DB>;

// the first key of the company's stock lock; the second is the company id
const STOCK_LOCK = 7_310_016;

async function lockCompanyStock(tx: Tx, orgId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${STOCK_LOCK}, ${orgId}::int)`.execute(tx);
}

/** Where a record comes from: exactly one source (migrations/016_stock.sql). */
export type RecordSource =
  | { ticketId: string }
  | { earlyId: string }
  | { transferId: string; transferLineId: string }
  // a posted ticket's net changed afterwards: the difference, a record of its own (migration 062)
  | { correctsTicketId: string }
  // a wagon of an audited train (轨道衡, migration 084)
  | { wagonId: string };

export interface NewRecord {
  direction: RecordDirection;
  warehouseId: string;
  materialId: string;
  quantity: string;
  source: RecordSource;
  remark?: string | null;
  /** 081: the stock address the goods moved at (the ticket's, at its warehouse) */
  stockAddressId?: string | null;
}

/** What a posting or a reversal did: how many records, and the balances it left below zero. */
export interface StockPosting {
  records: number;
  warnings: string[];
}

type SourceColumn = 'ticket_id' | 'early_id' | 'transfer_id' | 'corrects_ticket_id' | 'wagon_id';

const LIVE_INDEXES = ['wb_stock_record_live_uq', 'wb_stock_record_early_uq', 'wb_stock_record_transfer_uq', 'wb_stock_record_wagon_uq'];

async function negativeStockLevel(tx: Tx, orgId: string): Promise<CheckLevel> {
  const row = await tx.selectFrom('sys_param').select('param_value').where('org_id', '=', orgId).where('param_key', '=', 'negativeStockCheck').executeTakeFirst();
  return readWeighParams(row ? { negativeStockCheck: row.param_value } : {}).negativeStockCheck;
}

/** How many records of these sources are live (posted, not reversed). */
export async function liveRecordCount(tx: Tx, orgId: string, column: SourceColumn, ids: string[]): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM wb_stock_record
     WHERE org_id = ${orgId} AND ${sql.ref(column)} = ANY(${ids}::bigint[]) AND reversed_at IS NULL`.execute(tx);
  return Number(rows[0].n);
}

/**
 * Writes the records and moves their balances. `alreadyPosted` is the refusal when a live record of
 * the same source exists already: the unique indexes are the backstop of the caller's own check.
 */
export async function postRecords(tx: Tx, orgId: string, userId: string | null, records: NewRecord[], alreadyPosted: string): Promise<StockPosting> {
  if (records.length === 0) return { records: 0, warnings: [] };
  try {
    await tx.insertInto('wb_stock_record').values(records.map((r) => ({
      org_id: orgId, direction: r.direction, warehouse_id: r.warehouseId, material_id: r.materialId, quantity: r.quantity,
      posted_by: userId, remark: r.remark ?? null, stock_address_id: r.stockAddressId ?? null,
      ticket_id: 'ticketId' in r.source ? r.source.ticketId : null,
      early_id: 'earlyId' in r.source ? r.source.earlyId : null,
      transfer_id: 'transferId' in r.source ? r.source.transferId : null,
      transfer_line_id: 'transferLineId' in r.source ? r.source.transferLineId : null,
      corrects_ticket_id: 'correctsTicketId' in r.source ? r.source.correctsTicketId : null,
      ...('wagonId' in r.source ? { wagon_id: r.source.wagonId } : {}),
    }))).execute();
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505' && LIVE_INDEXES.includes(e.constraint ?? '')) throw badRequest(alreadyPosted, 'ids');
    throw err;
  }
  const warnings = await moveBalances(tx, orgId, records.map((r) => ({ ...r, delta: balanceDelta(r.direction, r.quantity) })));
  return { records: records.length, warnings };
}

/** Stamps the live records of these sources reversed and moves their balances back. */
export async function reverseRecords(tx: Tx, orgId: string, userId: string | null, column: SourceColumn, ids: string[]): Promise<StockPosting> {
  const { rows } = await sql<{ direction: RecordDirection; warehouse_id: string; material_id: string; quantity: string }>`
    UPDATE wb_stock_record SET reversed_at = now(), reversed_by = ${userId}
     WHERE org_id = ${orgId} AND ${sql.ref(column)} = ANY(${ids}::bigint[]) AND reversed_at IS NULL
     RETURNING direction, warehouse_id::text, material_id::text, quantity::text`.execute(tx);
  const warnings = await moveBalances(tx, orgId, rows.map((r) => ({
    warehouseId: r.warehouse_id, materialId: r.material_id, delta: balanceDelta(r.direction, r.quantity).negated(),
  })));
  return { records: rows.length, warnings };
}

interface BalanceMove { warehouseId: string; materialId: string; delta: Decimal }

/** One move per balance, in the fixed order (numeric ids: warehouse, then material). */
function inLockOrder(moves: BalanceMove[]): BalanceMove[] {
  const byKey = new Map<string, BalanceMove>();
  for (const m of moves) {
    const key = `${m.warehouseId}/${m.materialId}`;
    const seen = byKey.get(key);
    byKey.set(key, seen ? { ...seen, delta: seen.delta.plus(m.delta) } : { ...m });
  }
  const cmp = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);
  return [...byKey.values()].sort((a, b) => cmp(a.warehouseId, b.warehouseId) || cmp(a.materialId, b.materialId));
}

async function moveBalances(tx: Tx, orgId: string, moves: BalanceMove[]): Promise<string[]> {
  await lockCompanyStock(tx, orgId);
  const level = await negativeStockLevel(tx, orgId);
  const warnings: string[] = [];
  for (const m of inLockOrder(moves)) {
    const { rows } = await sql<{ quantity: string }>`
      INSERT INTO wb_stock_balance AS b (org_id, warehouse_id, material_id, quantity)
      VALUES (${orgId}, ${m.warehouseId}, ${m.materialId}, ${m.delta.toFixed()})
      ON CONFLICT (org_id, warehouse_id, material_id)
      DO UPDATE SET quantity = b.quantity + EXCLUDED.quantity, updated_at = now()
      RETURNING quantity::text`.execute(tx);
    const after = new Decimal(rows[0].quantity);
    if (!after.isNegative() || m.delta.gte(0) || level === 'none') continue;
    const names = await placeNames(tx, orgId, m.warehouseId, m.materialId);
    const decision = decideBalance({ ...names, before: after.minus(m.delta), delta: m.delta }, level);
    if (!decision.ok) throw badRequest(decision.message, 'quantity');
    if (decision.warning) warnings.push(decision.warning);
  }
  return warnings;
}

async function placeNames(tx: Tx, orgId: string, warehouseId: string, materialId: string): Promise<{ warehouseName: string; materialName: string }> {
  const { rows } = await sql<{ warehouse_name: string; material_name: string }>`
    SELECT (SELECT ware_name FROM md_warehouse WHERE org_id = ${orgId} AND id = ${warehouseId}) AS warehouse_name,
           (SELECT inv_name FROM md_material WHERE id = ${materialId}) AS material_name`.execute(tx);
  return { warehouseName: rows[0]?.warehouse_name ?? warehouseId, materialName: rows[0]?.material_name ?? materialId };
}
