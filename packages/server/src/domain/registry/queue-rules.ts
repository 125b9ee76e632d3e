import type { RegistryState } from './lifecycle';

/** A truck is queued while its trip is open: not obsolete, not out of the gate. */
export function decideRematch(r: Pick<RegistryState, 'code' | 'status' | 'trip'>): string | null {
  if (r.status === 'OBSOLETE') return `登记单 ${r.code} 已作废，不能重新匹配队列`;
  if (r.trip === 'RELEASED') return `登记单 ${r.code} 车辆已出厂，不能重新匹配队列`;
  return null;
}
