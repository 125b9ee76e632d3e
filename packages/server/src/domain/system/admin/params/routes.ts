import type { FastifyInstance } from 'fastify';
import { readWeighParams, weighParamsPatch } from '@wb/protocol';
import type { Database } from '../../../../platform/db/pool';
import { ok } from '../../../../platform/http/envelope';
import { parse } from '../../../../platform/http/errors';
import { logAdmin } from '../shared';
import { changedParams, describeChanges } from './rules';
import { saveParams, storedParams } from './repo';

/** 参数设置: the weighing parameters of the caller's company. */
export function paramRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/system/param/weigh', { config: { access: { permission: 'sys_param_view' } } }, async (request) => {
    return ok(readWeighParams(await storedParams(db, request.caller.orgId)));
  });

  app.put('/api/system/param/weigh', { config: { access: { permission: 'sys_param_edit' } } }, async (request) => {
    const patch = parse(weighParamsPatch, request.body ?? {});
    const { orgId } = request.caller;
    const saved = await db.transaction().execute(async (tx) => {
      const current = readWeighParams(await storedParams(tx, orgId));
      const changes = changedParams(current, patch);
      await saveParams(tx, orgId, changes);
      if (Object.keys(changes).length > 0) await logAdmin(tx, request, 'saveParams', describeChanges(current, changes));
      return readWeighParams(await storedParams(tx, orgId));
    });
    return ok(saved, '保存成功');
  });
}
