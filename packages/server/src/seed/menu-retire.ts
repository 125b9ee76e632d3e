import type { MenuSeed } from '../platform/menu/define';

/**
 * Which entries a database keeps from an earlier release's tree once the code's tree no longer
 * defines them. Pure: the start-time sync (menu-upgrade.ts) reads the rows and applies the answer.
 */

export interface MenuRow {
  id: string;
  parentId: string | null;
  kind: 'menu' | 'button';
  path: string | null;
  permission: string | null;
  /** put there by the code's tree; an administrator's entry is never retired */
  seeded: boolean;
}

/** The keys the tree defines entries by: a menu by its path, a button by its permission and the leaf it sits on. */
export interface TreeKeys {
  paths: Set<string>;
  buttonHomes: Map<string, string>;
}

export function treeKeys(tree: readonly MenuSeed[]): TreeKeys {
  const keys: TreeKeys = { paths: new Set(), buttonHomes: new Map() };
  const walk = (items: readonly MenuSeed[]) => {
    for (const item of items) {
      keys.paths.add(item.path);
      for (const b of item.buttons ?? []) keys.buttonHomes.set(b.permission, item.path);
      if (item.children) walk(item.children);
    }
  };
  walk(tree);
  return keys;
}

const definedBy = (row: MenuRow, keys: TreeKeys): boolean =>
  row.kind === 'menu' ? row.path !== null && keys.paths.has(row.path) : row.permission !== null && keys.buttonHomes.has(row.permission);

/** A seeded menu the tree no longer has: its page moved to another area, or is gone. */
const dropped = (row: MenuRow | undefined, keys: TreeKeys): boolean => !!row && row.seeded && row.kind === 'menu' && !definedBy(row, keys);

/**
 * The buttons the tree still defines that sit on a dropped menu (an area's old leaf whose buttons
 * moved with its page): each goes to the leaf the tree puts it on, keeping the roles that hold it.
 * A button an administrator moved onto a menu the tree still has stays where it is.
 */
export function buttonsToRehome(rows: readonly MenuRow[], keys: TreeKeys, menuIdByPath: ReadonlyMap<string, string>): { id: string; parentId: string }[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const moves: { id: string; parentId: string }[] = [];
  for (const row of rows) {
    if (row.kind !== 'button' || !row.permission || !row.parentId) continue;
    const home = keys.buttonHomes.get(row.permission);
    const homeId = home === undefined ? undefined : menuIdByPath.get(home);
    if (homeId && homeId !== row.parentId && dropped(byId.get(row.parentId), keys)) moves.push({ id: row.id, parentId: homeId });
  }
  return moves;
}

/**
 * The seeded entries the tree no longer defines. A folder stays while anything kept hangs below it
 * (an administrator's page under an old area): deleting it would take that entry with it.
 */
export function entriesToRetire(rows: readonly MenuRow[], keys: TreeKeys): Set<string> {
  const retired = new Set(rows.filter((r) => r.seeded && !definedBy(r, keys)).map((r) => r.id));
  const parents = new Map(rows.map((r) => [r.id, r.parentId]));
  for (const row of rows) {
    if (retired.has(row.id)) continue;
    // every ancestor of a kept entry is kept
    for (let p = row.parentId; p !== null && p !== undefined; p = parents.get(p) ?? null) retired.delete(p);
  }
  return retired;
}

/** Where the tree puts each menu entry: its parent's path (null for a top folder) and its sort. */
export function treePlaces(tree: readonly MenuSeed[]): Map<string, { parent: string | null; sort: number }> {
  const places = new Map<string, { parent: string | null; sort: number }>();
  const walk = (items: readonly MenuSeed[], parent: string | null) => {
    for (const [index, item] of items.entries()) {
      places.set(item.path, { parent, sort: (index + 1) * 10 });
      if (item.children) walk(item.children, item.path);
    }
  };
  walk(tree, null);
  return places;
}

/**
 * The seeded menu entries the tree now puts under another folder of the same top folder (a leaf
 * gathered into a second-level folder, or taken out of one): each moves there with its id, so its
 * buttons and grants go with it. An entry an administrator put in another top folder stays, and so
 * does one under an administrator's folder.
 */
export function entriesToRegroup(
  rows: readonly MenuRow[], places: ReadonlyMap<string, { parent: string | null; sort: number }>, menuIdByPath: ReadonlyMap<string, string>,
): { id: string; parentId: string; sort: number }[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const top = (id: string | null): string | null => {
    let row = id === null ? undefined : byId.get(id);
    while (row?.parentId) row = byId.get(row.parentId);
    return row?.id ?? null;
  };
  const moves: { id: string; parentId: string; sort: number }[] = [];
  for (const row of rows) {
    if (row.kind !== 'menu' || !row.seeded || !row.path || !row.parentId) continue;
    const place = places.get(row.path);
    const wantId = place?.parent ? menuIdByPath.get(place.parent) : undefined;
    if (!place || !wantId || wantId === row.parentId) continue;
    if (!byId.get(row.parentId)?.seeded || top(row.parentId) !== top(wantId)) continue;
    moves.push({ id: row.id, parentId: wantId, sort: place.sort });
  }
  return moves;
}
