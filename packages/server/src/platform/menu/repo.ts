import { sql } from 'kysely';
import type { Database } from '../db/pool';
import type { Caller } from '../auth/guard';
import type { MenuRow } from './tree';

/** The menu and button entries the caller's roles in the current organisation grant. */
export async function grantedMenuRows(db: Database, caller: Caller): Promise<MenuRow[]> {
  return db
    .selectFrom('sys_menu as m')
    .select([
      'm.id', 'm.parent_id', 'm.kind', 'm.name', 'm.name_en', 'm.path', 'm.url_path', 'm.component', 'm.icon',
      'm.permission', 'm.keep_alive', 'm.query', 'm.menu_flag', 'm.sort', 'm.hidden',
      sql<string[]>`ARRAY(SELECT r.role_code FROM sys_role_menu rm JOIN sys_role r ON r.id = rm.role_id
                          WHERE rm.menu_id = m.id AND r.group_id = ${caller.groupId} ORDER BY r.role_code)`.as('roles'),
    ])
    // an organisation's own leaf (a designed report placed in the menu, migration 076) shows there only
    .where((eb) => eb.or([eb('m.org_id', 'is', null), eb('m.org_id', '=', caller.orgId)]))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sys_role_menu as rm')
          .innerJoin('sys_user_org_role as ur', 'ur.role_id', 'rm.role_id')
          .innerJoin('sys_role as ro', 'ro.id', 'ur.role_id')
          .where(sql<boolean>`ro.enabled`) // a disabled role grants nothing
          .whereRef('rm.menu_id', '=', 'm.id')
          .where('ur.user_id', '=', caller.userId)
          .where('ur.org_id', '=', caller.orgId)
          .select(sql.lit(1).as('one')),
      ),
    )
    .execute();
}

/** The role codes the caller holds in the current organisation: the session's roles. */
export async function callerRoleCodes(db: Database, caller: Caller): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_user_org_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('r.role_code')
    .where('ur.user_id', '=', caller.userId)
    .where('ur.org_id', '=', caller.orgId)
    .where(sql<boolean>`r.enabled`)
    .orderBy('r.role_code')
    .execute();
  return rows.map((r) => r.role_code);
}

export async function callerIsAdmin(db: Database, caller: Pick<Caller, 'userId' | 'orgId'>): Promise<boolean> {
  const row = await db
    .selectFrom('sys_user_org_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('r.id')
    .where('ur.user_id', '=', caller.userId)
    .where('ur.org_id', '=', caller.orgId)
    .where('r.is_admin', '=', true)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Registers a permission key a route asked for as a button under the menu the user was on, and
 * grants it to the administrator roles: the developer-time aid behind a 403 with a path header.
 */
export async function registerPermission(
  db: Database,
  input: { menuId: string; permission: string; methods: string[] },
): Promise<'created' | 'exists' | 'noMenu'> {
  return db.transaction().execute(async (tx) => {
    const menu = await tx.selectFrom('sys_menu').select('id').where('id', '=', input.menuId).where('kind', '=', 'menu').executeTakeFirst();
    if (!menu) return 'noMenu';
    const inserted = await tx
      .insertInto('sys_menu')
      .values({ parent_id: input.menuId, kind: 'button', name: input.permission, permission: input.permission, methods: input.methods })
      .onConflict((oc) => oc.column('permission').where('permission', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    const id = inserted?.id ?? (await tx.selectFrom('sys_menu').select('id').where('permission', '=', input.permission).executeTakeFirstOrThrow()).id;
    await tx
      .insertInto('sys_role_menu')
      .columns(['role_id', 'menu_id'])
      .expression((eb) => eb.selectFrom('sys_role').select(['id as role_id', sql<string>`${id}::bigint`.as('menu_id')]).where('is_admin', '=', true))
      .onConflict((oc) => oc.doNothing())
      .execute();
    return inserted ? 'created' : 'exists';
  });
}
