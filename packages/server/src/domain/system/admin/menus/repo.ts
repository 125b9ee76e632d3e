import { sql } from 'kysely';
import type { Database } from '../../../../platform/db/pool';
import type { AdminMenuEntry } from '@wb/protocol';
import type { MenuEntryInput } from './rules';

/**
 * Every menu and button entry, ordered as the sidebar shows them. With `orgId`: the platform's
 * entries and that organisation's own (a report placed in its menu), not another plant's.
 */
export async function allMenuEntries(db: Database, orgId?: string): Promise<AdminMenuEntry[]> {
  let q = db
    .selectFrom('sys_menu')
    .select(['id', 'parent_id', 'kind', 'name', 'name_en', 'path', 'component', 'icon', 'permission', 'sort', 'keep_alive', 'menu_flag']);
  if (orgId !== undefined) q = q.where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', '=', orgId)]));
  const rows = await q
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id, parentId: r.parent_id, kind: r.kind as 'menu' | 'button', name: r.name, nameEn: r.name_en, path: r.path,
    component: r.component, icon: r.icon, permission: r.permission, sort: r.sort, keepAlive: r.keep_alive, menuFlag: r.menu_flag as 'web' | 'app',
  }));
}

export async function entryKind(db: Database, id: string, orgId: string): Promise<'menu' | 'button' | null> {
  const row = await db.selectFrom('sys_menu').select('kind')
    .where('id', '=', id).where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', '=', orgId)])).executeTakeFirst();
  return (row?.kind as 'menu' | 'button' | undefined) ?? null;
}

export async function permissionTaken(db: Database, permission: string, exceptId: string | null): Promise<boolean> {
  let q = db.selectFrom('sys_menu').select('id').where('permission', '=', permission);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

const columns = (e: MenuEntryInput) => ({
  parent_id: e.parentId, kind: e.kind, name: e.name, name_en: e.nameEn ?? null, path: e.path ?? null,
  component: e.component || null, icon: e.icon || null, permission: e.permission || null, sort: e.sort, keep_alive: e.keepAlive, menu_flag: e.menuFlag,
});

/** A new entry is granted to the administrator roles, so whoever made it can see it at once. */
export async function insertEntry(db: Database, entry: MenuEntryInput): Promise<string> {
  const row = await db.insertInto('sys_menu').values({ ...columns(entry), url_path: null, query: null }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('sys_role_menu')
    .columns(['role_id', 'menu_id'])
    .expression((eb) => eb.selectFrom('sys_role').select(['id as role_id', eb.val(row.id).as('menu_id')]).where('is_admin', '=', true))
    .execute();
  return row.id;
}

/**
 * An entry of the code's tree pointed at another page or permission is the administrator's from
 * then on: the start-time menu sync (seed/menu-upgrade.ts) never retires it.
 */
export async function updateEntry(db: Database, id: string, entry: MenuEntryInput): Promise<void> {
  const { path, permission } = columns(entry);
  await db.updateTable('sys_menu')
    .set({ ...columns(entry), seeded: sql<boolean>`seeded AND path IS NOT DISTINCT FROM ${path} AND permission IS NOT DISTINCT FROM ${permission}` })
    .where('id', '=', id).execute();
}

/** An entry of the platform's or of `orgId`'s own; another plant's report leaf is not there for it. */
export async function lockEntry(db: Database, id: string, orgId: string) {
  return db.selectFrom('sys_menu').select(['id', 'name', 'permission', 'kind', 'path'])
    .where('id', '=', id).where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', '=', orgId)]))
    .forUpdate().executeTakeFirst();
}

export async function childCount(db: Database, id: string): Promise<number> {
  const row = await db.selectFrom('sys_menu').select((eb) => eb.fn.countAll<string>().as('n')).where('parent_id', '=', id).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteEntry(db: Database, id: string): Promise<void> {
  await db.deleteFrom('sys_menu').where('id', '=', id).execute();
}
