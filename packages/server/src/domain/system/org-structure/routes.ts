import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idsBody, idParam, idSchema, isId } from '@wb/protocol';
import { z } from 'zod';
import type { Database } from '../../../platform/db/pool';
import { documentRoutes } from '../../../platform/documents/routes';
import { ok } from '../../../platform/http/envelope';
import { AppError, badRequest, parse } from '../../../platform/http/errors';
import type { ListOptions } from '../../../platform/list/repo';
import { departmentFamily } from './department-family';
import { USERS_TABLE } from './detail-templates';
import { DEPARTMENT_BASE } from './paths';
import { ORGANISATION_BASE, organisationFamily } from './organisation-family';
import * as repo from './repo';
import { disableRefusal, treeNodes } from './rules';

const groupBody = z.strictObject({
  entity: z.object({
    groupName: z.string().trim().min(1, '集团名称不能为空！').max(60, '集团名称最多60个字符'),
    remark: z.string().trim().max(500, '备注最多500个字符').nullish().transform((v) => v || null),
    version: z.coerce.number().int().min(0, '应为数据的版本号'),
  }),
});
/** The detail popup's call: { search: [{ key: 'id', op: 'eq', val }] }. */
const detailBody = z.object({ search: z.array(z.object({ key: z.string(), op: z.string().optional(), val: z.unknown() })).max(10) });

const assignBody = z.strictObject({
  deptId: idSchema.nullable(),
  userIds: z.array(idSchema).min(1, '请至少选择一条数据！').max(500),
});

const READS = /\/(v2\/list|export|autocomplete)$/;

/**
 * Only administrators change the group and its organisations: the permission keys are granted to
 * the administrator role alone (seed/menus.ts), and since a role's tree can be edited, writes also
 * need an enabled administrator role in the current company.
 */
async function administratorsOnly(db: Database, request: FastifyRequest): Promise<void> {
  if (request.method === 'GET' || READS.test(request.routeOptions.url ?? '')) return;
  if (!(await repo.isAdministrator(db, request.caller.userId, request.caller.orgId))) {
    throw AppError.of('forbidden', '只有系统管理员可以修改集团和组织机构');
  }
}

/** Switching off the company one works in is refused before the engine's disable runs. */
async function notOwnCompany(db: Database, request: FastifyRequest): Promise<void> {
  if (request.routeOptions.url !== `${ORGANISATION_BASE}/disable`) return;
  const ids = parse(idsBody, request.body).ids.map(String);
  const own = await repo.organisationOfGroup(db, request.caller.groupId, request.caller.orgId);
  const problem = disableRefusal(ids, request.caller.orgId, String(own?.orgCode ?? request.caller.orgId));
  if (problem) throw badRequest(problem, 'ids');
}

function organisationDetailId(search: { key: string; val: unknown }[]): string {
  const condition = search.find((s) => s.key === 'id' || s.key === 'orgId');
  const value = condition ? String(condition.val ?? '') : '';
  if (!isId(value)) throw badRequest('参数 search 错误: 应按组织编号 id 查询', 'search');
  return value;
}

async function organisationOrThrow(db: Database, groupId: string, orgId: string) {
  const org = await repo.organisationOfGroup(db, groupId, orgId);
  if (!org) throw AppError.of('notFound', `组织不存在: ${orgId}`, 'id');
  return org;
}

/** Departments (the company's), organisations and the group (the caller's group). */
export function orgStructureRoutes(app: FastifyInstance, db: Database, list: ListOptions): void {
  documentRoutes(app, db, departmentFamily, list);
  app.get(`${DEPARTMENT_BASE}/tree`, { config: { access: { permission: 'sys_dept_view' } } }, async (request) =>
    ok(treeNodes(await repo.departmentRows(db, request.caller.orgId))));
  // the company's users, to tick some into a department
  app.post(`${DEPARTMENT_BASE}/users`, { config: { access: { permission: 'sys_dept_update', demoAllowed: true } } }, async (request) =>
    ok(await repo.usersOf(db, request.caller.orgId)));
  app.post(`${DEPARTMENT_BASE}/assignUsers`, { config: { access: { permission: 'sys_dept_update' } } }, async (request) => {
    const { deptId, userIds } = parse(assignBody, request.body);
    const count = await db.transaction().execute(async (tx) => {
      if (deptId !== null) {
        const dept = await repo.lockDepartment(tx, request.caller.orgId, deptId);
        if (!dept) throw AppError.of('notFound', `部门不存在: ${deptId}`, 'deptId');
        if (!dept.enabled) throw badRequest(`部门 ${dept.code} 已停用，不能加入用户`, 'deptId');
      }
      const strangers = await repo.nonMembers(tx, request.caller.orgId, userIds);
      if (strangers.length) throw badRequest(`用户 ${strangers.join(',')} 不属于当前公司`, 'userIds');
      return repo.setUserDepartment(tx, request.caller.orgId, deptId, userIds);
    });
    return ok({ count }, '保存成功');
  });

  app.register(async (admin) => {
    admin.addHook('preHandler', async (request) => {
      await administratorsOnly(db, request);
      await notOwnCompany(db, request);
    });
    documentRoutes(admin, db, organisationFamily, list);

    const view = { config: { access: { permission: 'sys_org_view' } } };
    admin.get(`${ORGANISATION_BASE}/tree`, view, async (request) => ok(treeNodes(await repo.organisationRows(db, request.caller.groupId))));

    // the tabbed detail: the organisation, and its departments as the child rows
    admin.post(`${ORGANISATION_BASE}/detail`, { config: { access: { permission: 'sys_org_view', demoAllowed: true } } }, async (request) => {
      const orgId = organisationDetailId(parse(detailBody, request.body ?? {}).search);
      const entity = await organisationOrThrow(db, request.caller.groupId, orgId);
      return ok({ entity, entitysub: await repo.departmentsOf(db, orgId), subTables: { [USERS_TABLE]: await repo.usersOf(db, orgId) } });
    });
    admin.get(`${ORGANISATION_BASE}/:id/departments`, view, async (request) => {
      const { id: orgId } = parse(idParam, request.params);
      await organisationOrThrow(db, request.caller.groupId, orgId);
      return ok(await repo.departmentsOf(db, orgId));
    });
    admin.get(`${ORGANISATION_BASE}/:id/users`, view, async (request) => {
      const { id: orgId } = parse(idParam, request.params);
      await organisationOrThrow(db, request.caller.groupId, orgId);
      return ok(await repo.usersOf(db, orgId));
    });

    admin.get('/api/system/group/get', view, async (request) => {
      const group = await repo.readGroup(db, request.caller.groupId);
      if (!group) throw AppError.of('notFound', '集团不存在', 'id');
      return ok(group);
    });
    admin.put('/api/system/group/update', { config: { access: { permission: 'sys_group_update' } } }, async (request) => {
      const { entity } = parse(groupBody, request.body);
      return ok(await updateGroupOptimistically(db, request.caller, entity), '修改成功');
    });
  });
}

/** Optimistic, as every document: a stale version is 409 and nothing is written. */
async function updateGroupOptimistically(db: Database, who: { groupId: string; userId: string }, entity: z.infer<typeof groupBody>['entity']) {
  return db.transaction().execute(async (tx) => {
    const current = await repo.readGroup(tx, who.groupId, true);
    if (!current) throw AppError.of('notFound', '集团不存在', 'id');
    if (current.version !== entity.version) throw AppError.of('conflict', `集团 ${current.groupCode} 已被他人修改，请刷新后重试`, 'version');
    await repo.updateGroup(tx, who.groupId, who.userId, entity);
    return repo.readGroup(tx, who.groupId);
  });
}
