import Decimal from 'decimal.js';
import { decideDocAction, type RegistryState } from './lifecycle';

/**
 * Merge (合并): two registries of one truck become one. The first is kept; the second ends obsolete
 * with merged_into_id naming the first, and its pre-load joins the kept one's. Both must send the
 * same truck against the same notice line, and neither truck may be in the plant yet.
 */
export interface MergeSide extends RegistryState {
  plate: string;
  noticeLineId: string | null;
}

export function decideMerge(keep: MergeSide, other: MergeSide): { ok: true } | { ok: false; message: string } {
  if (keep.code === other.code) return { ok: false, message: '请选择两张不同的登记单合并' };
  const kept = decideDocAction(keep, 'merge');
  if (!kept.ok) return kept;
  const merged = decideDocAction(other, 'merge');
  if (!merged.ok) return merged;
  if (keep.plate !== other.plate) return { ok: false, message: `登记单 ${keep.code} 与 ${other.code} 不是同一车辆，不能合并` };
  if (keep.noticeLineId !== other.noticeLineId) return { ok: false, message: `登记单 ${keep.code} 与 ${other.code} 不是同一通知单明细，不能合并` };
  if (keep.status !== other.status) return { ok: false, message: `登记单 ${keep.code} 与 ${other.code} 审核状态不同，不能合并` };
  return { ok: true };
}

/** A registry that has been weighed keeps its tickets: it cannot be merged away. */
export const mergeTicketsRefusal = (code: string, tickets: number): string | null =>
  tickets > 0 ? `登记单 ${code} 已有磅单，不能合并` : null;

/**
 * The kept registry after a merge: both pre-loads and both holds (the line's total does not move,
 * the quantity only changes hands), and the other's card when it has none.
 */
export function mergedFigures(
  keep: { preQuantity: string | null; reserved: string; cardId: string | null },
  other: { preQuantity: string | null; reserved: string; cardId: string | null },
): { pre: string; reserved: string; cardId: string | null } {
  return {
    pre: new Decimal(keep.preQuantity ?? 0).plus(other.preQuantity ?? 0).toFixed(),
    reserved: new Decimal(keep.reserved).plus(other.reserved).toFixed(),
    cardId: keep.cardId ?? other.cardId,
  };
}
