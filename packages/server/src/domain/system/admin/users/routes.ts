import type { FastifyInstance } from 'fastify';
import { idParam } from '@wb/protocol';
import { z } from 'zod';
import type { Caller } from '../../../../platform/auth/guard';
import type { Database } from '../../../../platform/db/pool';
import { callerIsAdmin } from '../../../../platform/menu/repo';
import { hashPassword } from '../../../../platform/auth/secrets';
import { revokeUserSessions } from '../../../../platform/auth/sessions';
import { ok } from '../../../../platform/http/envelope';
import { AppError, badRequest, parse } from '../../../../platform/http/errors';
import { isUniqueViolation, logAdmin } from '../shared';
import {
  foreignId, groupOptions, groupUser, groupUsers, insertUser, lockGroupUser, replaceMemberships, replaceUserAssayItems, roleScopes,
  setUsersEnabled, touchesAdminRole, updateProfile, usernameTaken,
} from './repo';
import { assayItemsBody, idsBody, initialPasswordRefusal, type Membership, membershipRefusal, membershipsBody, userCreateBody, userUpdateBody } from './rules';

const VIEW = { access: { permission: 'sys_user_view' } };
const EDIT = { access: { permission: 'sys_user_edit' } };

const listBody = z.strictObject({
  keyword: z.string().trim().max(50, '关键字不能超过50个字符').default(''),
  limit: z.strictObject({ pn: z.number().int().min(1).max(100000), ps: z.number().int().min(1).max(100) }).default({ pn: 1, ps: 10 }),
});

/** 用户管理: the group's people, their companies and roles there, and their assay items. */
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

  app.post('/api/sys-user', { config: EDIT }, async (request) => {
    const body = parse(userCreateBody, request.body);
    const refusal = initialPasswordRefusal(body.password, body.username);
    if (refusal) throw badRequest(refusal, 'password');
    const { groupId } = request.caller;
    const passwordHash = await hashPassword(body.password);
    try {
      const id = await db.transaction().execute(async (tx) => {
        if (await usernameTaken(tx, body.username)) throw badRequest(`用户名 ${body.username} 已存在`, 'username');
        await checkMemberships(tx, groupId, body.orgs);
        await checkAdminGrant(tx, request.caller, null, body.orgs);
        await checkAssayItems(tx, groupId, body.assayItemIds);
        const newId = await insertUser(tx, groupId, { ...body, passwordHash });
        await replaceMemberships(tx, newId, body.orgs);
        await replaceUserAssayItems(tx, newId, body.assayItemIds);
        await logAdmin(tx, request, 'createUser', body.username);
        return newId;
      });
      return ok({ id }, '新增成功');
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest(`用户名 ${body.username} 已存在`, 'username');
      throw err;
    }
  });

  app.put('/api/sys-user/:id', { config: EDIT }, async (request) => {
    const { id } = parse(idParam, request.params);
    const body = parse(userUpdateBody, request.body);
    await inLockedUser(db, request.caller.groupId, id, async (tx, user) => {
      await updateProfile(tx, id, body);
      await logAdmin(tx, request, 'updateUser', user.username);
    });
    return ok(true, '修改成功');
  });

  app.put('/api/sys-user/:id/orgs', { config: EDIT }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { orgs } = parse(membershipsBody, request.body);
    const { groupId } = request.caller;
    await inLockedUser(db, groupId, id, async (tx, user) => {
      await checkMemberships(tx, groupId, orgs);
      await checkAdminGrant(tx, request.caller, id, orgs);
      await replaceMemberships(tx, id, orgs);
      await logAdmin(tx, request, 'saveUserOrgs', `${user.username}: ${orgs.map((o) => `${o.orgId}[${o.roleIds.join(',')}]`).join(' ')}`);
    });
    return ok(true, '保存成功');
  });

  app.put('/api/sys-user/:id/assay-items', { config: EDIT }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { itemIds } = parse(assayItemsBody, request.body);
    const { groupId } = request.caller;
    await inLockedUser(db, groupId, id, async (tx, user) => {
      await checkAssayItems(tx, groupId, itemIds);
      await replaceUserAssayItems(tx, id, itemIds);
      await logAdmin(tx, request, 'saveUserAssayItems', user.username);
    });
    return ok(true, '保存成功');
  });

  for (const action of ['enable', 'disable'] as const) {
    app.post(`/api/sys-user/${action}`, { config: EDIT }, async (request) => {
      const { ids } = parse(idsBody, request.body);
      const { caller } = request;
      if (action === 'disable' && ids.includes(caller.userId)) throw badRequest('不能停用自己的账号', 'ids');
      await db.transaction().execute(async (tx) => {
        const names: string[] = [];
        for (const id of ids) {
          const user = await lockGroupUser(tx, caller.groupId, id);
          if (!user) throw AppError.of('notFound', `用户 ${id} 不存在`, 'ids');
          names.push(user.username);
        }
        await setUsersEnabled(tx, ids, action === 'enable');
        // a disabled user's sessions end now, not when their tokens run out
        if (action === 'disable') for (const id of ids) await revokeUserSessions(tx, id);
        await logAdmin(tx, request, action === 'enable' ? 'enableUser' : 'disableUser', names.join(', '));
      });
      return ok(true, action === 'enable' ? '启用成功' : '停用成功');
    });
  }
}

async function inLockedUser(db: Database, groupId: string, id: string, work: (tx: Database, user: { id: string; username: string }) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const user = await lockGroupUser(tx, groupId, id);
    if (!user) throw AppError.of('notFound', '用户不存在', 'id');
    await work(tx, user);
  });
}

/**
 * Who holds an administrator role is for administrators to decide: a user manager who is not one
 * could otherwise make themselves one, or take it from the people who are.
 */
async function checkAdminGrant(db: Database, caller: Caller, userId: string | null, orgs: Membership[]): Promise<void> {
  if (!(await touchesAdminRole(db, userId, orgs.flatMap((o) => o.roleIds)))) return;
  if (!(await callerIsAdmin(db, caller))) throw AppError.of('forbidden', '只有管理员可以授予或收回管理员角色', 'orgs');
}

async function checkMemberships(db: Database, groupId: string, orgs: Membership[]): Promise<void> {
  const foreign = await foreignId(db, 'sys_org', groupId, orgs.map((o) => o.orgId));
  if (foreign) throw badRequest(`组织 ${foreign} 不存在`, 'orgs');
  const refusal = membershipRefusal(orgs, await roleScopes(db, groupId));
  if (refusal) throw badRequest(refusal, 'orgs');
}

async function checkAssayItems(db: Database, groupId: string, itemIds: string[]): Promise<void> {
  const foreign = await foreignId(db, 'qm_assay_item', groupId, itemIds);
  if (foreign) throw badRequest(`化验项目 ${foreign} 不存在`, 'assayItemIds');
}
