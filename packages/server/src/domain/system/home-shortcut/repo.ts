import { sql } from 'kysely';
import type { Database } from '../../../platform/db/pool';
import type { MenuRow } from '../../../platform/menu/tree';

/**
 * Takes the role's row, if the group holds it and it may be held in this company: saves of one
 * role's shortcuts take turns, so two saves at once leave one of the two lists whole, never a mix
 * of both (nor a duplicate key).
 */
export async function lockRole(db: Database, who: { orgId: string; groupId: string }, roleId: string, lock = true): Promise<{ role_code: string; role_name: string } | undefined> {
  const query = db.selectFrom('sys_role').select(['id', 'role_code', 'role_name']).where('id', '=', roleId).where('group_id', '=', who.groupId);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) return undefined;
  const { rows } = await sql`SELECT 1 FROM sys_role_in_org WHERE id = ${roleId} AND org_id = ${who.orgId}`.execute(db);
  return rows.length ? row : undefined;
}

/** The menu entries a role grants in this company (as grantedMenuRows reads a user's). */
export async function roleMenuRows(db: Database, orgId: string, roleId: string): Promise<MenuRow[]> {
  return db.selectFrom('sys_menu as m')
    .select([
      'm.id', 'm.parent_id', 'm.kind', 'm.name', 'm.name_en', 'm.path', 'm.url_path', 'm.component', 'm.icon',
      'm.permission', 'm.keep_alive', 'm.query', 'm.menu_flag', 'm.sort', 'm.hidden', sql<string[]>`ARRAY[]::text[]`.as('roles'),
    ])
    .where((eb) => eb.or([eb('m.org_id', 'is', null), eb('m.org_id', '=', orgId)]))
    .where(({ exists, selectFrom }) => exists(selectFrom('sys_role_menu as rm').whereRef('rm.menu_id', '=', 'm.id').where('rm.role_id', '=', roleId).select(sql.lit(1).as('one'))))
    .execute() as Promise<MenuRow[]>;
}

export async function replaceShortcuts(db: Database, orgId: string, roleId: string, menuIds: readonly string[]): Promise<void> {
  await db.deleteFrom('sys_home_shortcut').where('org_id', '=', orgId).where('role_id', '=', roleId).execute();
  if (!menuIds.length) return;
  await db.insertInto('sys_home_shortcut').values(menuIds.map((menuId, i) => ({ org_id: orgId, role_id: roleId, menu_id: menuId, seq: i + 1 }))).execute();
}

/** The shortcuts of the roles the caller holds (enabled) here, each page once, at its first place. */
export async function callerShortcutIds(db: Database, who: { orgId: string; userId: string }): Promise<string[]> {
  const { rows } = await sql<{ menu_id: string }>`
    SELECT s.menu_id::text AS menu_id FROM sys_home_shortcut s
      JOIN sys_user_org_role ur ON ur.role_id = s.role_id AND ur.org_id = s.org_id AND ur.user_id = ${who.userId}
      JOIN sys_role ro ON ro.id = s.role_id AND ro.enabled
     WHERE s.org_id = ${who.orgId}
     GROUP BY s.menu_id ORDER BY min(s.seq), s.menu_id`.execute(db);
  return rows.map((r) => r.menu_id);
}

/** The roles whose home page may be set here: the group's enabled roles that may be held in this company. */
export async function rolesHere(db: Database, orgId: string): Promise<{ id: string; roleCode: string; roleName: string; roleNameEn: string | null }[]> {
  const { rows } = await sql<{ id: string; roleCode: string; roleName: string; roleNameEn: string | null }>`
    SELECT id::text AS id, role_code AS "roleCode", role_name AS "roleName", role_name_en AS "roleNameEn"
      FROM sys_role_in_org WHERE org_id = ${orgId} ORDER BY role_code`.execute(db);
  return rows;
}
