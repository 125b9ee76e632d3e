/** One page of a menu configuration table, as its tile shows it. */
export interface MenuTile {
  key: string;
  name: string;
  nameEn: string | null;
  path: string;
  seq: number;
}

export interface TileGroup {
  key: string;
  label: string;
  labelEn: string | null;
  tiles: MenuTile[];
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * The rows of a Menu_Configuration list grouped by whom they configure (roleName, when the rows
 * carry one), each group's pages in their order (seq).
 */
export function tileGroups(rows: readonly Record<string, unknown>[]): TileGroup[] {
  const groups = new Map<string, TileGroup>();
  for (const r of rows) {
    const key = text(r.roleId ?? r.roleName);
    const group = groups.get(key) ?? { key, label: text(r.roleName), labelEn: r.roleNameEn ? text(r.roleNameEn) : null, tiles: [] };
    group.tiles.push({ key: `${key}-${text(r.menuId ?? r.path)}`, name: text(r.name), nameEn: r.nameEn ? text(r.nameEn) : null, path: text(r.path), seq: Number(r.seq ?? 0) });
    groups.set(key, group);
  }
  for (const g of groups.values()) g.tiles.sort((a, b) => a.seq - b.seq);
  return [...groups.values()];
}
