import type { Who } from '../../../platform/auth/who';
import { AppError, badRequest } from '../../../platform/http/errors';
import * as repo from './repo';
import { disableRefusal } from './rules';

/**
 * Only administrators change the group and its organisations: the permission keys are granted to
 * the administrator role alone (seed/menus.ts), and since a role's tree can be edited, a change
 * also needs an enabled administrator role in the current company.
 */
export async function mustBeAdministrator(db: repo.Runner, who: Pick<Who, 'userId' | 'orgId'>): Promise<void> {
  if (!(await repo.isAdministrator(db, who.userId, who.orgId))) {
    throw AppError.of('forbidden', '只有系统管理员可以修改集团和组织机构');
  }
}

/**
 * The organisation family's say before the engine changes it: administrators only, and the
 * company one works in is never switched off (the guard would treat it as left at once).
 */
export async function authoriseOrganisations(db: repo.Runner, who: Who, action: string, target: { ids?: string[] }): Promise<void> {
  await mustBeAdministrator(db, who);
  if (action !== 'disable') return;
  const own = await repo.organisationOfGroup(db, who.groupId, who.orgId);
  const problem = disableRefusal((target.ids ?? []).map(String), who.orgId, String(own?.orgCode ?? who.orgId));
  if (problem) throw badRequest(problem, 'ids');
}
