import { describe, expect, it } from 'vitest';
import type { ReplicaStatus } from '@wb/protocol';
import { replicaHealth, walSize } from '../replica-figures';

const status = (o: Partial<ReplicaStatus>): ReplicaStatus => ({
  configured: true, up: true, lagSeconds: 0, lagBytes: 0, maxLagSeconds: 10, readsFrom: 'replica', reason: null, checkedAt: '2026-11-28T10:00:00Z', ...o,
});

describe('the replica page', () => {
  it('sums the state up: none configured, down, too far behind, ok', () => {
    expect(replicaHealth(status({ configured: false, up: false, readsFrom: 'primary' }))).toBe('none');
    expect(replicaHealth(status({ up: false, readsFrom: 'primary' }))).toBe('down');
    expect(replicaHealth(status({ lagSeconds: 42, readsFrom: 'primary', reason: '副本延迟 42 秒，超过上限 10 秒' }))).toBe('behind');
    expect(replicaHealth(status({ lagSeconds: 1 }))).toBe('ok');
  });

  it('writes the WAL behind in units a person reads', () => {
    expect(walSize(null)).toBe('-');
    expect(walSize(512)).toBe('512 B');
    expect(walSize(2048)).toBe('2.0 KB');
    expect(walSize(5 * 1024 * 1024 + 300 * 1024)).toBe('5.3 MB');
  });
});
