import type { ReplicaStatus } from '@wb/protocol';

export type ReplicaHealth = 'none' | 'down' | 'behind' | 'ok';

/**
 * How the page sums the replica up: none configured, down (it does not answer, or is no standby),
 * behind (it answers but is further behind than the limit: the primary serves the readings), ok.
 */
export function replicaHealth(s: ReplicaStatus): ReplicaHealth {
  if (!s.configured) return 'none';
  if (!s.up) return 'down';
  return s.readsFrom === 'replica' ? 'ok' : 'behind';
}

/** WAL bytes as a person reads them: B, KB, MB, GB (1024-based, one decimal past KB). */
export function walSize(bytes: number | null): string {
  if (bytes === null) return '-';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${v} B` : `${v.toFixed(1)} ${units[u]}`;
}
