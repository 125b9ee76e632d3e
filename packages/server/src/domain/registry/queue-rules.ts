import type { RegistryState } from './lifecycle';

/** A truck is queued while its trip is open: not obsolete, not out of the gate. */
export function decideRematch(r: Pick<RegistryState, 'code' | 'status' | 'trip'>): string | null {
  if (r.status === 'OBSOLETE') return `登记单 ${r.code} 已作废，不能重新匹配队列`;
  if (r.trip === 'RELEASED') return `登记单 ${r.code} 车辆已出厂，不能重新匹配队列`;
  return null;
}

/** A truck is sent only to a discharge point of the company that is switched on. */
export function decidePoint(point: { title: string; enabled: boolean } | null): string | null {
  if (!point) return '卸货地点不存在';
  if (!point.enabled) return `卸货地点 ${point.title} 已停用`;
  return null;
}
