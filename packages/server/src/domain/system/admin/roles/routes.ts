import type { FastifyInstance } from 'fastify';
import { idParam } from '@wb/protocol';
import type { Database } from '../../../../platform/db/pool';
import { ok } from '../../../../platform/http/envelope';
import { AppError, badRequest, parse } from '../../../../platform/http/errors';
import { allMenuEntries } from '../menus/repo';
import { buildEntryTree } from '../menus/tree';
import { isUniqueViolation, logAdmin } from '../shared';
import { groupOptions } from '../users/repo';
import {
  foreignScopeIds, groupRoles, insertRole, lockRole, replaceRoleMenus, replaceRoleScope, roleCodeTaken, roleHolders, roleMenuIds,
  roleScope, setRoleEnabled, updateRole,
} from './repo';
import { type RoleInput, roleBody, roleMenuBody, roleScopeBody, unknownIds, withAncestors } from './rules';

const VIEW = { access: { permission: 'sys_role_view' } };
const EDIT = { access: { permission: 'sys_role_edit' } };

const SCOPE_LABELS = { orgIds: '组织', assayItemIds: '化验项目', classIds: '物料分类', codeRuleIds: '编号前缀' } as const;

/** 角色管理: the group's roles, what each grants (menu tree) and where it applies (scope). */
export function roleAdminRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/sys-role/page', { config: VIEW }, async (request) => ok(await groupRoles(db, request.caller.groupId)));

  app.get('/api/sys-role/resource-tree', { config: VIEW }, async () => ok(buildEntryTree(await allMenuEntries(db))));

  app.get('/api/sys-role/options', { config: VIEW }, async (request) => ok(await groupOptions(db, request.caller.groupId)));

  app.get('/api/sys-role/:id', { config: VIEW }, async (request) => {
    const { id } = parse(idParam, request.params);
    const role = (await groupRoles(db, request.caller.groupId)).find((r) => r.id === id);
    if (!role) throw AppError.of('notFound', '角色不存在', 'id');
    const [menuIds, scope, holders] = await Promise.all([roleMenuIds(db, id), roleScope(db, id), roleHolders(db, id)]);
    return ok({ ...role, menuIds, ...scope, holders });
  });

  app.post('/api/sys-role', { config: EDIT }, async (request) => {
    const role = parse(roleBody, request.body);
    const id = await saveRole(db, request.caller.groupId, null, role, (tx) => logAdmin(tx, request, 'createRole', role.roleCode));
    return ok({ id }, '新增成功');
  });

  app.put('/api/sys-role/:id', { config: EDIT }, async (request) => {
    const { id } = parse(idParam, request.params);
    const role = parse(roleBody, request.body);
    await saveRole(db, request.caller.groupId, id, role, (tx) => logAdmin(tx, request, 'updateRole', role.roleCode));
    return ok(true, '修改成功');
  });

  for (const action of ['enable', 'disable'] as const) {
    app.put(`/api/sys-role/:id/${action}`, { config: EDIT }, async (request) => {
      const { id } = parse(idParam, request.params);
      await db.transaction().execute(async (tx) => {
        const role = await lockRole(tx, request.caller.groupId, id);
        if (!role) throw AppError.of('notFound', '角色不存在', 'id');
        // the administrator role is the way back into this screen: switching it off locks everyone out
        if (action === 'disable' && role.is_admin) throw badRequest('管理员角色不能停用', 'id');
        await setRoleEnabled(tx, id, action === 'enable');
        await logAdmin(tx, request, action === 'enable' ? 'enableRole' : 'disableRole', role.role_code);
      });
      return ok(true, action === 'enable' ? '启用成功' : '停用成功');
    });
  }

  app.put('/api/sys-role/menu', { config: EDIT }, async (request) => {
    const { roleId, menuIds } = parse(roleMenuBody, request.body);
    const granted = await db.transaction().execute(async (tx) => {
      const role = await lockRole(tx, request.caller.groupId, roleId);
      if (!role) throw AppError.of('notFound', '角色不存在', 'roleId');
      const parents = new Map((await allMenuEntries(tx)).map((e) => [e.id, e.parentId]));
      const unknown = unknownIds(menuIds, parents);
      if (unknown.length > 0) throw badRequest(`菜单 ${unknown[0]} 不存在，请刷新后重试`, 'menuIds');
      const all = withAncestors(menuIds, parents);
      await replaceRoleMenus(tx, roleId, all);
      await logAdmin(tx, request, 'saveRoleMenu', `${role.role_code}: ${all.length}`);
      return all.length;
    });
    return ok({ granted }, '保存成功');
  });

  app.put('/api/sys-role/:id/scope', { config: EDIT }, async (request) => {
    const { id } = parse(idParam, request.params);
    const scope = parse(roleScopeBody, request.body);
    const { groupId } = request.caller;
    await db.transaction().execute(async (tx) => {
      const role = await lockRole(tx, groupId, id);
      if (!role) throw AppError.of('notFound', '角色不存在', 'id');
      const foreign = await foreignScopeIds(tx, groupId, scope);
      if (foreign) throw badRequest(`${SCOPE_LABELS[foreign.key]} ${foreign.id} 不存在`, foreign.key);
      await replaceRoleScope(tx, id, scope);
      await logAdmin(tx, request, 'saveRoleScope', role.role_code);
    });
    return ok(true, '保存成功');
  });
}

async function saveRole(db: Database, groupId: string, id: string | null, role: RoleInput, log: (tx: Database) => Promise<void>): Promise<string> {
  try {
    return await db.transaction().execute(async (tx) => {
      if (id && !(await lockRole(tx, groupId, id))) throw AppError.of('notFound', '角色不存在', 'id');
      if (await roleCodeTaken(tx, groupId, role.roleCode, id)) throw badRequest(`角色编码 ${role.roleCode} 已存在`, 'roleCode');
      const saved = id ?? (await insertRole(tx, groupId, role));
      if (id) await updateRole(tx, id, role);
      await log(tx);
      return saved;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(`角色编码 ${role.roleCode} 已存在`, 'roleCode');
    throw err;
  }
}
