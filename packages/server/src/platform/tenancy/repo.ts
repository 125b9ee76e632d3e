import { sql } from 'kysely';
import { readWeighParams, type CurrentOrgsBody, type OrgSummary, type UserInfo } from '@wb/protocol';
import type { Database, DatabaseHandle } from '../db/pool';
import { queryPrepared } from '../db/prepared';
import type { Caller } from '../auth/guard';

/** The spec's user info in one statement: user, organisation, group, roles held here, orgs. */
export async function loadUserInfo({ db, pool }: DatabaseHandle, caller: Caller): Promise<UserInfo | null> {
  const query = db
    .selectFrom('sys_user as u')
    .innerJoin('sys_group as g', 'g.id', 'u.group_id')
    .select([
      'u.id', 'u.username', 'u.real_name', 'u.avatar', 'g.id as group_id', 'g.group_name',
      sql<string | null>`(SELECT org_name FROM sys_org WHERE id = ${caller.orgId})`.as('org_name'),
      sql<{ id: string; orgCode: string; orgName: string }[]>`(
        SELECT coalesce(json_agg(json_build_object('id', o.id::text, 'orgCode', o.org_code, 'orgName', o.org_name) ORDER BY o.org_code), '[]')
          FROM sys_user_org m JOIN sys_org o ON o.id = m.org_id WHERE m.user_id = u.id AND o.enabled)`.as('orgs'),
      sql<{ code: string; admin: boolean; name: string; nameEn: string | null }[]>`(
        SELECT coalesce(json_agg(json_build_object('code', r.role_code, 'admin', r.is_admin, 'name', r.role_name, 'nameEn', r.role_name_en) ORDER BY r.role_code), '[]')
          FROM sys_user_org_role ur JOIN sys_role r ON r.id = ur.role_id
         WHERE ur.user_id = u.id AND ur.org_id = ${caller.orgId})`.as('roles'),
      // how the organisation shows weights and prices: every screen formats with them (protocol display.ts)
      sql<Record<string, string> | null>`(
        SELECT json_object_agg(p.param_key, p.param_value) FROM sys_param p
         WHERE p.org_id = ${caller.orgId} AND p.param_key IN ('weightUnit', 'weightPrecision', 'unitPricePrecision'))`.as('display'),
    ])
    .where('u.id', '=', caller.userId);
  // every screen asks for this at load: prepared once per connection, not planned per call
  const [row] = await queryPrepared(pool, 'user-info', query);
  if (!row) return null;
  const user = { id: row.id, username: row.username, realName: row.real_name, avatar: row.avatar };
  return {
    user,
    username: row.username,
    realName: row.real_name,
    avatar: row.avatar,
    currentOrg: caller.orgId,
    currentOrgName: row.org_name,
    currentGroup: row.group_id,
    currentGroupName: row.group_name,
    roles: row.roles.map((r) => r.code),
    roleNames: row.roles.map((r) => ({ code: r.code, name: r.name, nameEn: r.nameEn })),
    content: { orgs: row.orgs, admin: row.roles.some((r) => r.admin) },
    display: displayOf(row.display ?? {}),
  };
}

function displayOf(stored: Record<string, string>): NonNullable<UserInfo['display']> {
  const { weightUnit, weightPrecision, unitPricePrecision } = readWeighParams(stored);
  return { weightUnit, weightPrecision, unitPricePrecision };
}

/** The organisations the caller belongs to, for the company dialog (选择组织机构). */
export async function listCallerOrgs(db: Database, caller: Caller, q: CurrentOrgsBody): Promise<{ list: OrgSummary[]; total: number }> {
  const pn = q.limit?.pn ?? 1;
  const ps = q.limit?.ps ?? 10;
  let base = db
    .selectFrom('sys_user_org as m')
    .innerJoin('sys_org as o', 'o.id', 'm.org_id')
    .where('m.user_id', '=', caller.userId)
    .where('o.enabled', '=', true);
  for (const s of q.search ?? []) {
    if (!s.val.trim()) continue;
    const column = s.key === 'orgCode' ? 'o.org_code' : 'o.org_name';
    base = base.where(column, 'ilike', `%${s.val.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  const [{ total }] = await base.select(sql<number>`count(*)::int`.as('total')).execute();
  let page = base.select(['o.id', 'o.org_code', 'o.org_name']);
  for (const s of q.sort ?? []) page = page.orderBy(s.key === 'orgCode' ? 'o.org_code' : 'o.org_name', s.dir);
  const rows = await page.orderBy('o.org_code').limit(ps).offset((pn - 1) * ps).execute();
  return {
    total,
    list: rows.map((r) => ({ id: r.id, orgCode: r.org_code, orgName: r.org_name, selected: r.id === caller.orgId })),
  };
}

/**
 * Moves the session (and the user's default) to another organisation the user belongs to.
 * Membership is checked first: a session whose company the user has left is told it may not use
 * that company, not that it already does.
 */
export async function switchOrg(db: Database, caller: Caller, orgId: string): Promise<'switched' | 'notMember' | 'alreadyCurrent' | 'fixed'> {
  return db.transaction().execute(async (tx) => {
    // a session of the pro sign-in keeps the company its page named (migration 098)
    const session = await tx.selectFrom('auth_session').select('org_fixed').where('id', '=', caller.sessionId).forUpdate().executeTakeFirst();
    if (session?.org_fixed) return 'fixed';
    const member = await tx
      .selectFrom('sys_user_org as m')
      .innerJoin('sys_org as o', 'o.id', 'm.org_id')
      .select('o.id')
      .where('m.user_id', '=', caller.userId)
      .where('m.org_id', '=', orgId)
      .where('o.enabled', '=', true)
      .executeTakeFirst();
    if (!member) return 'notMember';
    if (orgId === caller.orgId) return 'alreadyCurrent';
    await tx.updateTable('auth_session').set({ org_id: orgId }).where('id', '=', caller.sessionId).execute();
    await tx.updateTable('sys_user').set({ current_org_id: orgId, updated_at: new Date() }).where('id', '=', caller.userId).execute();
    return 'switched';
  });
}
