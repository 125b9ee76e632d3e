import type { FastifyInstance } from 'fastify';
import { idParam, isId } from '@wb/protocol';
import { z } from 'zod';
import type { Database } from '../../../platform/db/pool';
import { ok } from '../../../platform/http/envelope';
import { AppError, badRequest, parse } from '../../../platform/http/errors';
import { mustBeAdministrator } from './access';
import { USERS_TABLE } from './detail-templates';
import { DEPARTMENT_BASE } from './paths';
import { ORGANISATION_BASE } from './organisation-family';
import * as repo from './repo';
import { treeNodes } from './rules';

/** The detail popup's call: { search: [{ key: 'id', op: 'eq', val }] }. */
const detailBody = z.object({ search: z.array(z.object({ key: z.string(), op: z.string().optional(), val: z.unknown() })).max(10) });

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

/** The reads beside the engine's: the trees, an organisation's tabbed detail and its rows, the group. */
export function orgStructureRoutes(app: FastifyInstance, db: Database): void {
  app.get(`${DEPARTMENT_BASE}/tree`, { config: { access: { permission: 'sys_dept_view' } } }, async (request) =>
    ok(treeNodes(await repo.departmentRows(db, request.caller.orgId))));
  // the company's users, to tick some into a department
  app.post(`${DEPARTMENT_BASE}/users`, { config: { access: { permission: 'sys_dept_update', demoAllowed: true } } }, async (request) =>
    ok(await repo.usersOf(db, request.caller.orgId)));

  const view = { config: { access: { permission: 'sys_org_view' } } };
  app.get(`${ORGANISATION_BASE}/tree`, view, async (request) => ok(treeNodes(await repo.organisationRows(db, request.caller.groupId))));

  // the tabbed detail: the organisation, and its departments as the child rows; administrators only, as the screen is
  app.post(`${ORGANISATION_BASE}/detail`, { config: { access: { permission: 'sys_org_view', demoAllowed: true } } }, async (request) => {
    await mustBeAdministrator(db, request.caller);
    const orgId = organisationDetailId(parse(detailBody, request.body ?? {}).search);
    const entity = await organisationOrThrow(db, request.caller.groupId, orgId);
    return ok({ entity, entitysub: await repo.departmentsOf(db, orgId), subTables: { [USERS_TABLE]: await repo.usersOf(db, orgId) } });
  });
  app.get(`${ORGANISATION_BASE}/:id/departments`, view, async (request) => {
    const { id: orgId } = parse(idParam, request.params);
    await organisationOrThrow(db, request.caller.groupId, orgId);
    return ok(await repo.departmentsOf(db, orgId));
  });
  app.get(`${ORGANISATION_BASE}/:id/users`, view, async (request) => {
    const { id: orgId } = parse(idParam, request.params);
    await organisationOrThrow(db, request.caller.groupId, orgId);
    return ok(await repo.usersOf(db, orgId));
  });

  app.get('/api/system/group/get', view, async (request) => {
    const group = await repo.readGroup(db, request.caller.groupId);
    if (!group) throw AppError.of('notFound', '集团不存在', 'id');
    return ok(group);
  });
}
