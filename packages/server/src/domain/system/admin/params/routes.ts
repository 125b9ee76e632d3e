import type { FastifyInstance } from 'fastify';
import { readWeighParams } from '@wb/protocol';
import type { Database } from '../../../../platform/db/pool';
import { ok } from '../../../../platform/http/envelope';
import { storedParams } from './repo';

/** 参数设置's read: the weighing parameters of the caller's company. The save: module.ts. */
export function paramRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/system/param/weigh', { config: { access: { permission: 'sys_param_view' } } }, async (request) => {
    return ok(readWeighParams(await storedParams(db, request.caller.orgId)));
  });
}
