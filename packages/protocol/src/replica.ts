/** GET /api/sys-info/replica: the read replica's state (server platform/db/replica.ts). */
export interface ReplicaStatus {
  configured: boolean;
  /** the replica answered and is a hot standby (in recovery) */
  up: boolean;
  /** seconds since the last transaction it replayed, 0 when it has replayed all the primary wrote */
  lagSeconds: number | null;
  /** WAL bytes the primary wrote that the replica has not replayed yet */
  lagBytes: number | null;
  maxLagSeconds: number;
  /** where reports, exports, statements and the lists read now */
  readsFrom: 'replica' | 'primary';
  /** why the primary answers the reads, in the product's words; null when the replica does */
  reason: string | null;
  checkedAt: string;
}

/** 系统管理 → 数据库副本: the page and the right to read the replica's state. */
export const REPLICA_PAGE = '/system/replica';
export const REPLICA_VIEW_PERMISSION = 'sys_replica_view';
