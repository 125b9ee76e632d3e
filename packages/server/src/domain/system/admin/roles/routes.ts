import type { FastifyInstance } from 'fastify';
import { idParam } from '@wb/protocol';
import type { Database } from '../../../../platform/db/pool';
import { ok } from '../../../../platform/http/envelope';
import { AppError, parse } from '../../../../platform/http/errors';
import { allMenuEntries } from '../menus/repo';
import { buildEntryTree } from '../menus/tree';
import { groupOptions } from '../users/repo';
import { groupRoles, roleHolders, roleMenuIds, roleScope } from './repo';

const VIEW = { access: { permission: 'sys_role_view' } };

/** 角色管理's reads: the group's roles, what each grants (menu tree) and where it applies (scope). Saves: module.ts. */
export function roleAdminRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/sys-role/page', { config: VIEW }, async (request) => ok(await groupRoles(db, request.caller.groupId)));

  // the platform's entries and the current organisation's own leaves (its placed reports), not another plant's
  app.get('/api/sys-role/resource-tree', { config: VIEW }, async (request) => ok(buildEntryTree(await allMenuEntries(db, request.caller.orgId))));

  app.get('/api/sys-role/options', { config: VIEW }, async (request) => ok(await groupOptions(db, request.caller.groupId)));

  app.get('/api/sys-role/:id', { config: VIEW }, async (request) => {
    const { id } = parse(idParam, request.params);
    const role = (await groupRoles(db, request.caller.groupId)).find((r) => r.id === id);
    if (!role) throw AppError.of('notFound', '角色不存在', 'id');
    const [menuIds, scope, holders] = await Promise.all([roleMenuIds(db, id, request.caller.orgId), roleScope(db, id), roleHolders(db, id)]);
    return ok({ ...role, menuIds, ...scope, holders });
  });
}
