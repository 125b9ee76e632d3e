import type { FastifyInstance } from 'fastify';
import { REPLICA_VIEW_PERMISSION } from '@wb/protocol';
import { ok } from '../http/envelope';
import type { DatabaseHandle } from './pool';
import { attachReplica, openReplica, type ReplicaConfig, type ReplicaStatus } from './replica';

export { REPLICA_VIEW_PERMISSION };

/**
 * With DATABASE_REPLICA_URL, opens the replica and attaches it to the primary's pool (reports,
 * exports, statements and lists read there), closed with the app; and, with or without one,
 * GET /api/sys-info/replica: its lag and where the readings go now.
 */
export function replicaRoutes(app: FastifyInstance, primary: DatabaseHandle, config: ReplicaConfig): void {
  const replica = config.url ? openReplica(primary, { ...config, url: config.url }) : null;
  if (replica) {
    attachReplica(primary, replica);
    app.addHook('onClose', () => replica.close());
  }
  app.get('/api/sys-info/replica', { config: { access: { permission: REPLICA_VIEW_PERMISSION } } }, async () => {
    const status: ReplicaStatus = replica
      ? await replica.status(true)
      : { configured: false, up: false, lagSeconds: null, lagBytes: null, maxLagSeconds: config.maxLagSeconds, readsFrom: 'primary', reason: '未配置只读副本（见部署说明）', checkedAt: new Date().toISOString() };
    return ok(status);
  });
}
