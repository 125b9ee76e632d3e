import type { FastifyInstance } from 'fastify';
import { idSchema } from '@wb/protocol';
import type { NavReply } from '@wb/protocol';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../db/pool';
import { ok } from '../http/envelope';
import { AppError, parse } from '../http/errors';
import { writeLog } from '../audit/log';
import { buildMenuTree, permissionMap } from './tree';
import { callerIsAdmin, callerRoleCodes, grantedMenuRows, registerPermission } from './repo';

const registerBody = z.strictObject({
  menuId: idSchema,
  permission: z.string().min(1).max(100).regex(/^[A-Za-z][\w:.-]*$/, '权限标识只能包含字母、数字和 _ : . -'),
  methods: z.array(z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])).max(5),
});

export function menuRoutes(app: FastifyInstance, db: Database, config: Config): void {
  app.get('/api/sys-menu/nav', async (request) => {
    // roles are the caller's own, not every role that shares a granted menu (which would tell
    // an operator's client it holds ROLE_ADMIN)
    const [rows, roles] = await Promise.all([grantedMenuRows(db, request.caller), callerRoleCodes(db, request.caller)]);
    const { menu, buttons } = buildMenuTree(rows);
    const reply: NavReply = { menu, buttons, permissions: permissionMap(rows), roles, versionCode: config.versionCode };
    return ok(reply);
  });

  app.post('/api/sys-menu/permission', { config: { logged: 'self' } }, async (request) => {
    const body = parse(registerBody, request.body);
    if (!(await callerIsAdmin(db, request.caller))) throw AppError.of('forbidden', '只有管理员可以登记权限');
    const result = await registerPermission(db, body);
    if (result === 'noMenu') throw AppError.of('notFound', '菜单不存在', 'menuId');
    const { caller } = request;
    await writeLog(db, { orgId: caller.orgId, userId: caller.userId, username: caller.username, action: 'registerPermission', detail: body.permission, ip: request.ip });
    return ok(result, result === 'created' ? '权限登记成功' : '权限已存在');
  });
}
