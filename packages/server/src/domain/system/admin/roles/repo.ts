import { sql } from 'kysely';
import type { Database } from '../../../../platform/db/pool';
import type { AdminRole, AdminRoleHolder, AdminRoleScope, DataScope } from '@wb/protocol';
import type { RoleInput } from './rules';

/** The roles of the caller's group, with how many people hold each. */
export async function groupRoles(db: Database, groupId: string): Promise<AdminRole[]> {
  const { rows } = await sql<AdminRole>`
    SELECT r.id::text, r.role_code AS "roleCode", r.role_name AS "roleName", r.role_name_en AS "roleNameEn", r.remark,
           r.is_admin AS "isAdmin", r.enabled,
           (SELECT count(DISTINCT ur.user_id)::int FROM sys_user_org_role ur WHERE ur.role_id = r.id) AS "userCount"
      FROM sys_role r WHERE r.group_id = ${groupId} ORDER BY r.role_code`.execute(db);
  return rows;
}

/** The role, locked for the rest of the transaction: saves of one role take turns. */
export async function lockRole(db: Database, groupId: string, id: string) {
  const { rows } = await sql<{ id: string; role_code: string; is_admin: boolean; enabled: boolean }>`
    SELECT id::text, role_code, is_admin, enabled FROM sys_role WHERE id = ${id} AND group_id = ${groupId} FOR UPDATE`.execute(db);
  return rows[0];
}

export async function insertRole(db: Database, groupId: string, r: RoleInput): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO sys_role (group_id, role_code, role_name, role_name_en, remark)
    VALUES (${groupId}, ${r.roleCode}, ${r.roleName}, ${r.roleNameEn ?? null}, ${r.remark ?? null}) RETURNING id::text`.execute(db);
  return rows[0].id;
}

export async function updateRole(db: Database, id: string, r: RoleInput): Promise<void> {
  await sql`UPDATE sys_role SET role_code = ${r.roleCode}, role_name = ${r.roleName}, role_name_en = ${r.roleNameEn ?? null}, remark = ${r.remark ?? null}
             WHERE id = ${id}`.execute(db);
}

export async function setRoleEnabled(db: Database, id: string, enabled: boolean): Promise<void> {
  await sql`UPDATE sys_role SET enabled = ${enabled} WHERE id = ${id}`.execute(db);
}

export async function roleCodeTaken(db: Database, groupId: string, code: string, exceptId: string | null): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM sys_role WHERE group_id = ${groupId} AND role_code = ${code} AND id IS DISTINCT FROM ${exceptId}::bigint`.execute(db);
  return rows.length > 0;
}

/** The entries the role grants; with `orgId`, those the organisation sees (not another plant's own leaves). */
export async function roleMenuIds(db: Database, roleId: string, orgId?: string): Promise<string[]> {
  let q = db.selectFrom('sys_role_menu as rm').innerJoin('sys_menu as m', 'm.id', 'rm.menu_id').select('rm.menu_id').where('rm.role_id', '=', roleId);
  if (orgId !== undefined) q = q.where((eb) => eb.or([eb('m.org_id', 'is', null), eb('m.org_id', '=', orgId)]));
  const rows = await q.orderBy('rm.menu_id').execute();
  return rows.map((r) => r.menu_id);
}

/** The role's grants of other organisations' own leaves: a save from one organisation's tree keeps them. */
export async function otherOrgMenuIds(db: Database, roleId: string, orgId: string): Promise<string[]> {
  const rows = await db.selectFrom('sys_role_menu as rm').innerJoin('sys_menu as m', 'm.id', 'rm.menu_id').select('rm.menu_id')
    .where('rm.role_id', '=', roleId).where('m.org_id', 'is not', null).where('m.org_id', '<>', orgId).execute();
  return rows.map((r) => r.menu_id);
}

/** Replaces the role's grants; the caller holds the role's lock, so no other save interleaves. */
export async function replaceRoleMenus(db: Database, roleId: string, menuIds: string[]): Promise<void> {
  await db.deleteFrom('sys_role_menu').where('role_id', '=', roleId).execute();
  if (menuIds.length === 0) return;
  await db.insertInto('sys_role_menu').values(menuIds.map((menu_id) => ({ role_id: roleId, menu_id }))).execute();
}

/** Who holds the role, in which of the group's companies. */
export async function roleHolders(db: Database, roleId: string): Promise<AdminRoleHolder[]> {
  const { rows } = await sql<AdminRoleHolder>`
    SELECT u.id::text AS "userId", u.username, u.real_name AS "realName", o.id::text AS "orgId", o.org_name AS "orgName"
      FROM sys_user_org_role ur JOIN sys_user u ON u.id = ur.user_id JOIN sys_org o ON o.id = ur.org_id
     WHERE ur.role_id = ${roleId} ORDER BY u.username, o.org_code`.execute(db);
  return rows;
}

const SCOPE_TABLES = {
  orgIds: { table: 'sys_role_org', column: 'org_id' },
  assayItemIds: { table: 'sys_role_assay_item', column: 'item_id' },
  classIds: { table: 'sys_role_material_class', column: 'class_id' },
  codeRuleIds: { table: 'sys_role_code_rule', column: 'rule_id' },
} as const;
export type ScopeKey = keyof typeof SCOPE_TABLES;

export async function roleScope(db: Database, roleId: string): Promise<AdminRoleScope> {
  const role = await db.selectFrom('sys_role').select('data_scope').where('id', '=', roleId).executeTakeFirstOrThrow();
  const out = { dataScope: role.data_scope } as AdminRoleScope;
  for (const [key, { table, column }] of Object.entries(SCOPE_TABLES) as [ScopeKey, (typeof SCOPE_TABLES)[ScopeKey]][]) {
    const { rows } = await sql<{ id: string }>`SELECT ${sql.ref(column)}::text AS id FROM ${sql.table(table)} WHERE role_id = ${roleId} ORDER BY 1`.execute(db);
    out[key] = rows.map((r) => r.id);
  }
  return out;
}

export async function replaceRoleScope(db: Database, roleId: string, scope: Record<ScopeKey, string[]> & { dataScope?: DataScope }): Promise<void> {
  if (scope.dataScope) await db.updateTable('sys_role').set({ data_scope: scope.dataScope }).where('id', '=', roleId).execute();
  for (const [key, { table, column }] of Object.entries(SCOPE_TABLES) as [ScopeKey, (typeof SCOPE_TABLES)[ScopeKey]][]) {
    await sql`DELETE FROM ${sql.table(table)} WHERE role_id = ${roleId}`.execute(db);
    const ids = scope[key];
    if (ids.length > 0) {
      await sql`INSERT INTO ${sql.table(table)} (role_id, ${sql.ref(column)}) SELECT ${roleId}::bigint, unnest(${ids}::bigint[])`.execute(db);
    }
  }
}

/** The first id of a scope list that is not the group's: another group's company, item, class or code rule. */
export async function foreignScopeIds(db: Database, groupId: string, scope: Record<ScopeKey, string[]>): Promise<{ key: ScopeKey; id: string } | null> {
  // code rules belong to a company, the others to the group
  const ofGroup = {
    orgIds: sql`SELECT 1 FROM sys_org t WHERE t.id = x.id AND t.group_id = ${groupId}`,
    assayItemIds: sql`SELECT 1 FROM qm_assay_item t WHERE t.id = x.id AND t.group_id = ${groupId}`,
    classIds: sql`SELECT 1 FROM md_material_class t WHERE t.id = x.id AND t.group_id = ${groupId}`,
    codeRuleIds: sql`SELECT 1 FROM sys_code_rule t JOIN sys_org o ON o.id = t.org_id WHERE t.id = x.id AND o.group_id = ${groupId}`,
  } satisfies Record<ScopeKey, unknown>;
  for (const key of Object.keys(ofGroup) as ScopeKey[]) {
    const ids = scope[key];
    if (ids.length === 0) continue;
    const { rows } = await sql<{ id: string }>`
      SELECT x.id::text FROM unnest(${ids}::bigint[]) AS x(id) WHERE NOT EXISTS (${ofGroup[key]}) LIMIT 1`.execute(db);
    if (rows[0]) return { key, id: rows[0].id };
  }
  return null;
}
