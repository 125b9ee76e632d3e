import type { FastifyInstance } from 'fastify';
import { idParam } from '@wb/protocol';
import { z } from 'zod';
import type { Database } from '../../../../platform/db/pool';
import { ok } from '../../../../platform/http/envelope';
import { AppError, parse } from '../../../../platform/http/errors';
import { groupOptions, groupUser, groupUsers } from './repo';

const VIEW = { access: { permission: 'sys_user_view' } };

const listBody = z.strictObject({
  keyword: z.string().trim().max(50, '关键字不能超过50个字符').default(''),
  limit: z.strictObject({ pn: z.number().int().min(1).max(100000), ps: z.number().int().min(1).max(100) }).default({ pn: 1, ps: 10 }),
});

/**
 * 用户管理's reads: the group's people (a page by keyword: users belong to the group, not to one
 * company, so no company template list serves them), the choices, one user. Saves: module.ts.
 */
export function userAdminRoutes(app: FastifyInstance, db: Database): void {
  app.post('/api/sys-user/v2/list', { config: { access: { permission: 'sys_user_view', demoAllowed: true } } }, async (request) => {
    const { keyword, limit } = parse(listBody, request.body ?? {});
    return ok(await groupUsers(db, { groupId: request.caller.groupId, keyword, ...limit }));
  });

  app.get('/api/sys-user/options', { config: VIEW }, async (request) => ok(await groupOptions(db, request.caller.groupId)));

  app.get('/api/sys-user/:id', { config: VIEW }, async (request) => {
    const { id } = parse(idParam, request.params);
    const user = await groupUser(db, request.caller.groupId, id);
    if (!user) throw AppError.of('notFound', '用户不存在', 'id');
    return ok(user);
  });
}
