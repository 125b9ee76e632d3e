import Decimal from 'decimal.js';
import type { CheckLevel } from '@wb/protocol';

/**
 * How a stock record moves its balance, and what happens when a balance would go below zero.
 *
 * A balance MAY go negative by default, with a warning: plants post a sales truck's OUT as soon as
 * it leaves, and the purchase IN that fed it is often posted later (its ticket audited the next
 * morning), so refusing would stop the gate for a bookkeeping order. The organisation's parameter
 * negativeStockCheck says otherwise: none (allowed silently), warn (the default), forbid (refused).
 */
export type RecordDirection = 'IN' | 'OUT' | 'EARLY';

/** What a record adds to its balance when posted; reversing it adds the opposite. */
export function balanceDelta(direction: RecordDirection, quantity: Decimal.Value): Decimal {
  const q = new Decimal(quantity);
  return direction === 'OUT' ? q.negated() : q;
}

export interface BalanceChange {
  warehouseName: string;
  materialName: string;
  before: Decimal.Value;
  delta: Decimal.Value;
}

export type BalanceDecision = { ok: true; warning: string | null } | { ok: false; message: string };

/** Whether a change may leave its balance where it goes, and the warning to give when it is negative. */
export function decideBalance(change: BalanceChange, level: CheckLevel): BalanceDecision {
  const after = new Decimal(change.before).plus(change.delta);
  // a change that does not lower the balance never stands in the way, even below zero
  if (!after.isNegative() || new Decimal(change.delta).gte(0) || level === 'none') return { ok: true, warning: null };
  const where = `仓库 ${change.warehouseName} 物料 ${change.materialName}`;
  if (level === 'forbid') return { ok: false, message: `库存不足: ${where} 结存 ${new Decimal(change.before).toFixed()}，不能减少 ${new Decimal(change.delta).negated().toFixed()}` };
  return { ok: true, warning: `${where} 库存为负: ${after.toFixed()}` };
}
