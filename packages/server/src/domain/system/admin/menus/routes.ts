import type { FastifyInstance } from 'fastify';
import { idParam } from '@wb/protocol';
import { z } from 'zod';
import type { Database } from '../../../../platform/db/pool';
import { ok } from '../../../../platform/http/envelope';
import { AppError, badRequest, parse } from '../../../../platform/http/errors';
import { isUniqueViolation, logAdmin } from '../shared';
import { allMenuEntries, childCount, deleteEntry, entryKind, insertEntry, lockEntry, permissionTaken, updateEntry } from './repo';
import { routePermissions } from './route-permissions';
import { deleteRefusal, entryShapeProblem, makesCycle, type MenuEntryInput, menuEntryBody } from './rules';
import { scanResources } from './scan';
import { buildEntryTree } from './tree';

const scanBody = z.strictObject({ components: z.array(z.string().max(100)).max(1000) });

const VIEW = { access: { permission: 'sys_menu_view' } };
const EDIT = { access: { permission: 'sys_menu_edit' } };

/** 菜单管理: the one menu and button tree every role's permissions are cut from. */
export function menuAdminRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/sys-menu/tree', { config: VIEW }, async () => ok(buildEntryTree(await allMenuEntries(db))));

  app.post('/api/sys-menu/scan', { config: { access: { permission: 'sys_menu_view', demoAllowed: true } } }, async (request) => {
    const { components } = parse(scanBody, request.body);
    return ok(scanResources(components, routePermissions(app), await allMenuEntries(db)));
  });

  app.post('/api/sys-menu', { config: EDIT }, async (request) => {
    const entry = parse(menuEntryBody, request.body);
    const id = await keyTakenAs400(entry, () => db.transaction().execute(async (tx) => {
      await checkEntry(tx, entry, null);
      const newId = await insertEntry(tx, entry);
      await logAdmin(tx, request, 'createMenu', `${entry.name} ${entry.permission ?? entry.path ?? ''}`.trim());
      return newId;
    }));
    return ok({ id }, '新增成功');
  });

  app.put('/api/sys-menu/:id', { config: EDIT }, async (request) => {
    const { id } = parse(idParam, request.params);
    const entry = parse(menuEntryBody, request.body);
    await keyTakenAs400(entry, () => db.transaction().execute(async (tx) => {
      const current = await lockEntry(tx, id);
      if (!current) throw AppError.of('notFound', '菜单不存在', 'id');
      if (current.kind !== entry.kind && (await childCount(tx, id)) > 0) throw badRequest('有下级的菜单不能改为按钮', 'kind');
      const parents = new Map((await allMenuEntries(tx)).map((e) => [e.id, e.parentId]));
      if (makesCycle(id, entry.parentId, parents)) throw badRequest('不能把菜单移到它自己或它的下级之下', 'parentId');
      await checkEntry(tx, entry, id);
      await updateEntry(tx, id, entry);
      await logAdmin(tx, request, 'updateMenu', `${entry.name} ${entry.permission ?? entry.path ?? ''}`.trim());
    }));
    return ok(true, '修改成功');
  });

  app.delete('/api/sys-menu/:id', { config: EDIT }, async (request) => {
    const { id } = parse(idParam, request.params);
    await db.transaction().execute(async (tx) => {
      const current = await lockEntry(tx, id);
      if (!current) throw AppError.of('notFound', '菜单不存在', 'id');
      const refusal = deleteRefusal({ permission: current.permission, childCount: await childCount(tx, id) }, routePermissions(app));
      if (refusal) throw badRequest(refusal.message, refusal.field);
      await deleteEntry(tx, id);
      await logAdmin(tx, request, 'deleteMenu', `${current.name} ${current.permission ?? ''}`.trim());
    });
    return ok(true, '删除成功');
  });
}

/** Two saves of one key raced past checkEntry: the unique index keeps one, the other hears why. */
async function keyTakenAs400<T>(entry: MenuEntryInput, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(`权限标识 ${entry.permission} 已存在`, 'permission');
    throw err;
  }
}

async function checkEntry(db: Database, entry: MenuEntryInput, id: string | null): Promise<void> {
  const parentKind = entry.parentId ? await entryKind(db, entry.parentId) : null;
  const problem = entryShapeProblem(entry, parentKind);
  if (problem) throw badRequest(problem.message, problem.field);
  if (entry.permission && (await permissionTaken(db, entry.permission, id))) throw badRequest(`权限标识 ${entry.permission} 已存在`, 'permission');
}
