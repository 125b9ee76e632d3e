import { sql, type Transaction } from 'kysely';
import type { Database } from '../platform/db/pool';
import type { DB } from '../platform/db/schema';
import { buttonRoles, grantedRoles, insertButtonEntry, insertMenuEntry, SEEDED_ROLES } from './demo';
import { buttonsToRehome, entriesToRegroup, entriesToRetire, type MenuRow, treeKeys, treePlaces } from './menu-retire';
import type { MenuSeed } from '../platform/menu/define';
import { GRANT_STEPS, MENU_TREE, MOVED_BUTTONS, MOVED_LEAVES, type GrantStep } from './menus';

type Tx = Transaction<DB>;

export interface MenuSync {
  /** entries of the tree the database lacked, added and granted */
  added: number;
  /** buttons moved from a retired leaf to the leaf the tree puts them on, and seeded entries moved
   *  to the folder the tree now puts them in, their grants kept */
  moved: number;
  /** seeded entries the tree no longer defines, deleted with their role links */
  retired: number;
  /** grants a step of GRANT_STEPS took away or gave, once per database */
  regranted: number;
}

/**
 * A plant that installed an earlier release keeps its menu tree, which its administrators may have
 * reshaped; a release's screens still have to reach it, and the ones it regrouped or dropped have
 * to leave it. So on every start, in one transaction:
 * - a seeded leaf the tree now puts at another path (MOVED_LEAVES) moves there, unless an entry at
 *   the new path exists already; an administrator's entry at the old path stays where it is;
 * - the entries of the code's tree that the database lacks (a menu by its path, a button by its
 *   permission key) are added under their parent and granted to the roles of the same codes in
 *   every group; entries that exist are not touched;
 * - a button of the tree still on a leaf the tree dropped moves to its leaf in the tree;
 * - entries the code's tree once put there (seeded) and no longer defines are deleted, their role
 *   links with them; an administrator's entry stays, and so does any folder above one;
 * - a seeded entry the tree now puts in another folder of the same top folder (a second level of
 *   the sidebar) moves there with its id, buttons and grants; every role holding it is granted the
 *   new folder, so no role loses a page; a seeded button of MOVED_BUTTONS moves to its new leaf
 *   and the roles holding it get that leaf;
 * - the seeded entries take the tree's `hidden` (shown in the sidebar or not);
 * - a seeded button that only carried a right (no component) gets the action the tree now gives
 *   it, so a release that turns a right into a list button (扣重, 拆分) shows that button there too;
 * - a seeded leaf that opened no page (no component) gets the page the tree now gives it, so a
 *   leaf built after its entry was seeded (过磅日报, the report viewer) opens its page there too;
 * - a step of GRANT_STEPS not yet taken moves seeded grants between roles (menus.ts), once: the
 *   only way a grant the tree stopped giving leaves a database, since the steps above never take
 *   one away from a role.
 */
export async function syncMenuEntries(db: Database, tree: MenuSeed[] = MENU_TREE, steps: GrantStep[] = GRANT_STEPS): Promise<MenuSync> {
  return db.transaction().execute(async (tx) => {
    // one start at a time: two instances starting together would add an entry twice; the second
    // waits as long as the first takes (the pool's statement timeout would stop its start)
    await sql`SET LOCAL statement_timeout = 0`.execute(tx);
    await sql`SELECT pg_advisory_xact_lock(hashtext('seed:menu-upgrade'))`.execute(tx);
    await moveLeaves(tx, MOVED_LEAVES);
    // the roles a step gives to exist before entries are granted to them by code
    const pending = await pendingSteps(tx, steps);
    await createRoles(tx, pending.flatMap((s) => s.give));
    const added = await addMissing(tx, tree);
    await giveActions(tx, tree);
    await givePages(tx, tree);
    await syncHidden(tx, tree);
    const keys = treeKeys(tree);
    let rows = await menuRows(tx);
    const idByPath = new Map(rows.filter((r) => r.kind === 'menu' && r.path).map((r) => [r.path as string, r.id]));
    const regrouped = entriesToRegroup(rows, treePlaces(tree), idByPath);
    for (const m of regrouped) {
      await tx.updateTable('sys_menu').set({ parent_id: m.parentId, sort: m.sort }).where('id', '=', m.id).execute();
      await grantAsHeld(tx, m.parentId, m.id);
    }
    const buttonsMoved = await moveButtons(tx, idByPath);
    if (regrouped.length || buttonsMoved) rows = await menuRows(tx);
    const moves = buttonsToRehome(rows, keys, idByPath);
    for (const m of moves) await tx.updateTable('sys_menu').set({ parent_id: m.parentId }).where('id', '=', m.id).execute();
    if (moves.length) rows = await menuRows(tx);
    const retired = [...entriesToRetire(rows, keys)];
    if (retired.length) {
      await tx.deleteFrom('sys_role_menu').where('menu_id', 'in', retired).execute();
      await tx.deleteFrom('sys_menu').where('id', 'in', retired).execute();
    }
    let regranted = 0;
    for (const step of pending) regranted += await applyGrantStep(tx, tree, step);
    return { added, moved: moves.length + regrouped.length + buttonsMoved, retired: retired.length, regranted };
  });
}

/** The steps this database has not taken, marked taken now (the caller's transaction holds the sync's lock). */
async function pendingSteps(tx: Tx, steps: GrantStep[]): Promise<GrantStep[]> {
  if (steps.length === 0) return [];
  const values = sql.join(steps.map((s) => sql`(${s.step})`));
  const { rows } = await sql<{ step: string }>`INSERT INTO sys_seed_step (step) VALUES ${values} ON CONFLICT (step) DO NOTHING RETURNING step`.execute(tx);
  const taken = new Set(rows.map((r) => r.step));
  return steps.filter((s) => taken.has(s.step));
}

/** The seeded roles of these codes, in every group that lacks them. */
async function createRoles(tx: Tx, codes: string[]): Promise<void> {
  for (const r of SEEDED_ROLES.filter((x) => codes.includes(x.code))) {
    await sql`INSERT INTO sys_role (group_id, role_code, role_name, role_name_en, is_admin)
              SELECT g.id, ${r.code}, ${r.name}, ${r.en}, ${r.admin} FROM sys_group g
              ON CONFLICT (group_id, role_code) DO NOTHING`.execute(tx);
  }
}

/** What the tree grants each role: menu entries by path, buttons by permission key. */
function treeGrants(tree: MenuSeed[]): { menus: Map<string, string[]>; buttons: Map<string, string[]>; below: Map<string, string[]> } {
  const menus = new Map<string, string[]>();
  const buttons = new Map<string, string[]>();
  // a folder's leaves (every depth), to take the folder once none of its leaves is the role's
  const below = new Map<string, string[]>();
  const walk = (items: MenuSeed[], folders: string[]): void => {
    for (const item of items) {
      menus.set(item.path, grantedRoles(item));
      for (const b of item.buttons ?? []) buttons.set(b.permission, buttonRoles(b));
      for (const f of folders) below.set(f, [...(below.get(f) ?? []), item.path]);
      if (item.children) walk(item.children, [...folders, item.path]);
    }
  };
  walk(tree, []);
  return { menus, buttons, below };
}

/**
 * One step: its roles lose the named leaves, their buttons and the folders above them where the
 * tree no longer grants them; its given roles get every entry the tree grants them. Only seeded
 * entries are touched; an administrator's own entries keep their grants. The count of grants changed.
 */
async function applyGrantStep(tx: Tx, tree: MenuSeed[], step: GrantStep): Promise<number> {
  const grants = treeGrants(tree);
  let changed = 0;
  for (const { role, paths } of step.take) {
    const leaves = paths.filter((p) => !(grants.menus.get(p) ?? []).includes(role));
    const folders = [...grants.below].filter(([folder, under]) => under.some((p) => leaves.includes(p)) && !(grants.menus.get(folder) ?? []).includes(role)).map(([f]) => f);
    const menuPaths = [...leaves, ...folders];
    if (menuPaths.length === 0) continue;
    // a button goes with its leaf unless the tree grants the role that button (a key shared with another leaf)
    const keep = [...grants.buttons].filter(([, roles]) => roles.includes(role)).map(([permission]) => permission);
    const { numDeletedRows } = await tx.deleteFrom('sys_role_menu')
      .where('role_id', 'in', tx.selectFrom('sys_role').select('id').where('role_code', '=', role))
      .where('menu_id', 'in', tx.selectFrom('sys_menu as m').select('m.id').where('m.seeded', '=', true).where((eb) => eb.or([
        eb.and([eb('m.kind', '=', 'menu'), eb('m.path', 'in', menuPaths)]),
        eb.and([
          eb('m.kind', '=', 'button'),
          eb('m.parent_id', 'in', eb.selectFrom('sys_menu as p').select('p.id').where('p.kind', '=', 'menu').where('p.path', 'in', leaves)),
          ...(keep.length ? [eb('m.permission', 'not in', keep)] : []),
        ]),
      ])))
      .executeTakeFirst();
    changed += Number(numDeletedRows);
  }
  for (const role of step.give) {
    const paths = [...grants.menus].filter(([, roles]) => roles.includes(role)).map(([p]) => p);
    const keys = [...grants.buttons].filter(([, roles]) => roles.includes(role)).map(([k]) => k);
    if (paths.length === 0 && keys.length === 0) continue;
    const { rows } = await sql<{ n: number }>`
      WITH granted AS (
        INSERT INTO sys_role_menu (role_id, menu_id)
        SELECT r.id, m.id FROM sys_role r CROSS JOIN sys_menu m
         WHERE r.role_code = ${role} AND m.seeded
           AND ((m.kind = 'menu' AND m.path = ANY(${paths}::text[])) OR (m.kind = 'button' AND m.permission = ANY(${keys}::text[])))
        ON CONFLICT DO NOTHING RETURNING 1)
      SELECT count(*)::int AS n FROM granted`.execute(tx);
    changed += rows[0]?.n ?? 0;
  }
  return changed;
}

/** Every role holding the entry `heldId` is granted the entry `menuId` too. */
async function grantAsHeld(tx: Tx, menuId: string, heldId: string): Promise<void> {
  await sql`INSERT INTO sys_role_menu (role_id, menu_id) SELECT rm.role_id, ${menuId} FROM sys_role_menu rm WHERE rm.menu_id = ${heldId}
            ON CONFLICT DO NOTHING`.execute(tx);
}

/** The seeded buttons of MOVED_BUTTONS still on their old leaf, moved to the new one; their holders get the leaf. */
async function moveButtons(tx: Tx, idByPath: ReadonlyMap<string, string>): Promise<number> {
  let moved = 0;
  for (const { permission, from, to } of MOVED_BUTTONS) {
    const fromId = idByPath.get(from);
    const toId = idByPath.get(to);
    if (!fromId || !toId) continue;
    const rows = await tx.updateTable('sys_menu').set({ parent_id: toId })
      .where('kind', '=', 'button').where('permission', '=', permission).where('seeded', '=', true).where('parent_id', '=', fromId)
      .returning('id').execute();
    for (const r of rows) await grantAsHeld(tx, toId, r.id);
    moved += rows.length;
  }
  return moved;
}

/** The seeded menu entries shown or hidden as the tree says. */
async function syncHidden(tx: Tx, tree: MenuSeed[]): Promise<void> {
  const hidden: string[] = [];
  const walk = (items: MenuSeed[]): void => {
    for (const item of items) {
      if (item.hidden) hidden.push(item.path);
      if (item.children) walk(item.children);
    }
  };
  walk(tree);
  await sql`UPDATE sys_menu SET hidden = (path = ANY(${hidden}::text[]))
             WHERE kind = 'menu' AND seeded AND hidden IS DISTINCT FROM (path = ANY(${hidden}::text[]))`.execute(tx);
}

async function moveLeaves(tx: Tx, moves: { from: string; to: string }[]): Promise<void> {
  for (const { from, to } of moves) {
    await sql`UPDATE sys_menu SET path = ${to}
               WHERE kind = 'menu' AND path = ${from} AND seeded
                 AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE kind = 'menu' AND path = ${to})`.execute(tx);
  }
}

async function menuRows(tx: Tx): Promise<MenuRow[]> {
  const rows = await tx.selectFrom('sys_menu').select(['id', 'parent_id', 'kind', 'path', 'permission', 'seeded']).execute();
  return rows.map((r) => ({ id: r.id, parentId: r.parent_id, kind: r.kind, path: r.path, permission: r.permission, seeded: r.seeded }));
}

/** The tree's entries the database lacks, under their parents, granted as the demo tree grants them. */
async function addMissing(tx: Tx, tree: MenuSeed[]): Promise<number> {
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
}

/** The tree's pages for seeded leaves that had none, by path; a component set by anyone is left as it is. */
async function givePages(tx: Tx, tree: MenuSeed[]): Promise<void> {
  const pairs: [string, string][] = [];
  const walk = (items: MenuSeed[]): void => {
    for (const item of items) {
      if (item.component && !item.children?.length) pairs.push([item.path, item.component]);
      if (item.children) walk(item.children);
    }
  };
  walk(tree);
  if (pairs.length === 0) return;
  const values = sql.join(pairs.map(([path, component]) => sql`(${path}, ${component})`));
  await sql`UPDATE sys_menu m SET component = v.component FROM (VALUES ${values}) AS v(path, component)
            WHERE m.kind = 'menu' AND m.path = v.path AND m.seeded AND m.component IS NULL`.execute(tx);
}

/** The tree's actions for seeded buttons that had none, in one statement; a component set by anyone is left as it is. */
async function giveActions(tx: Tx, tree: MenuSeed[]): Promise<void> {
  const pairs: [string, string][] = [];
  const walk = (items: MenuSeed[]): void => {
    for (const item of items) {
      for (const b of item.buttons ?? []) if (b.component) pairs.push([b.permission, b.component]);
      if (item.children) walk(item.children);
    }
  };
  walk(tree);
  if (pairs.length === 0) return;
  const values = sql.join(pairs.map(([permission, component]) => sql`(${permission}, ${component})`));
  await sql`UPDATE sys_menu m SET component = v.component FROM (VALUES ${values}) AS v(permission, component)
            WHERE m.kind = 'button' AND m.permission = v.permission AND m.seeded AND m.component IS NULL`.execute(tx);
}
