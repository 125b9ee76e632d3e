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
