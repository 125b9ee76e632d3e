import { sql } from 'kysely';
import type { Database } from '../platform/db/pool';
import { buttonRoles, grantedRoles, insertButtonEntry, insertMenuEntry } from './demo';
import { MENU_TREE, type MenuSeed } from './menus';

/**
 * A plant that installed an earlier release keeps its menu tree, which its administrators may have
 * reshaped; a release's new screens still have to reach it. So on every start the entries of the
 * code's tree that the database lacks (a menu by its path, a button by its permission key) are
 * added under their parent and granted to the roles of the same codes in every group. Entries that
 * exist are never touched. Returns how many were added.
 */
export async function addNewMenuEntries(db: Database, tree: MenuSeed[] = MENU_TREE): Promise<number> {
  return db.transaction().execute(async (tx) => {
    // one start at a time: two instances starting together would add an entry twice
    await sql`SELECT pg_advisory_xact_lock(hashtext('seed:menu-upgrade'))`.execute(tx);
    const menus = await tx.selectFrom('sys_menu').select(['id', 'path', 'permission', 'kind']).execute();
    const byPath = new Map(menus.filter((m) => m.kind === 'menu' && m.path).map((m) => [m.path as string, m.id]));
    const permissions = new Set(menus.map((m) => m.permission).filter(Boolean));
    const roles = await tx.selectFrom('sys_role').select(['id', 'role_code']).execute();
    const grant = async (menuId: string, codes: string[]) => {
      const ids = roles.filter((r) => codes.includes(r.role_code)).map((r) => ({ role_id: r.id, menu_id: menuId }));
      if (ids.length) await tx.insertInto('sys_role_menu').values(ids).onConflict((oc) => oc.doNothing()).execute();
    };
    let added = 0;
    const walk = async (items: MenuSeed[], parentId: string | null): Promise<void> => {
      for (const [index, item] of items.entries()) {
        let id = byPath.get(item.path);
        if (!id) {
          id = await insertMenuEntry(tx, item, parentId, (index + 1) * 10);
          byPath.set(item.path, id);
          await grant(id, grantedRoles(item));
          added++;
        }
        for (const b of item.buttons ?? []) {
          if (permissions.has(b.permission)) continue;
          permissions.add(b.permission);
          await grant(await insertButtonEntry(tx, b, id), buttonRoles(b));
          added++;
        }
        if (item.children) await walk(item.children, id);
      }
    };
    await walk(tree, null);
    return added;
  });
}
