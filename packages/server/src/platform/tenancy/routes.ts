import type { FastifyInstance } from 'fastify';
import { currentOrgsBody, idParam } from '@wb/protocol';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/pool';
import { ok } from '../http/envelope';
import { AppError, parse } from '../http/errors';
import { writeLog } from '../audit/log';
import { listCallerOrgs, loadUserInfo, switchOrg } from './repo';


export function tenancyRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const { db } = database;
  app.get('/api/sys-info/me', async (request) => {
    const info = await loadUserInfo(database, request.caller);
    if (!info) throw AppError.of('expired');
    return ok(info);
  });

  // The company dialog must work for a session whose company the user has left: it is the way out.
  const companyDialog = { config: { access: { anyOrg: true, demoAllowed: true } as const } };

  app.post('/api/sys-user-org/currentOrgs', companyDialog, async (request) => {
    const body = parse(currentOrgsBody, request.body ?? {});
    return ok(await listCallerOrgs(db, request.caller, body));
  });

  app.post('/api/sys-user-org/switchOrg/:id', companyDialog, async (request) => {
    const { id } = parse(idParam, request.params);
    const { caller } = request;
    const outcome = await switchOrg(db, caller, id);
    if (outcome === 'notMember') throw AppError.of('forbidden', '您不属于该组织', 'id');
    if (outcome === 'fixed') throw new AppError(400, '本次登录的公司已固定，请从普通登录页登录后切换', 'id');
    if (outcome === 'alreadyCurrent') throw new AppError(400, '现在所使用的就是当前公司！', 'id');
    await writeLog(db, { orgId: id, userId: caller.userId, username: caller.username, action: 'switchOrg', detail: `from ${caller.orgId}`, ip: request.ip });
    return ok(true, '切换成功');
  });
}
