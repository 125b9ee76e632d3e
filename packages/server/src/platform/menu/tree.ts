import type { MenuButton, MenuItem } from '@wb/protocol';

export interface MenuRow {
  id: string;
  parent_id: string | null;
  kind: 'menu' | 'button';
  name: string;
  name_en: string | null;
  path: string | null;
  url_path: string | null;
  component: string | null;
  icon: string | null;
  permission: string | null;
  keep_alive: boolean;
  query: string | null;
  menu_flag: 'web' | 'app';
  sort: number;
  roles: string[];
  /** kept out of the sidebar and the menu search; its route stays */
  hidden?: boolean;
}

/**
 * Builds the menu tree from the granted rows. A menu whose parent was not granted is not shown:
 * a user reaches a page only through the chain of menus above it.
 */
export function buildMenuTree(rows: MenuRow[]): { menu: MenuItem[]; buttons: MenuButton[] } {
  const sorted = [...rows].sort((a, b) => a.sort - b.sort || Number(a.id) - Number(b.id));
  const items = new Map<string, MenuItem>();
  const buttons: MenuButton[] = [];
  for (const r of sorted) {
    if (r.kind !== 'menu') continue;
    items.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      label: r.name,
      title: r.name,
      labelEn: r.name_en,
      icon: r.icon,
      path: r.path ?? '',
      urlPath: r.url_path,
      component: r.component,
      keepAlive: r.keep_alive ? 1 : 0,
      query: r.query,
      children: [],
      buttonUrls: [],
      group: null,
      meta: { roles: r.roles },
      menuFlag: r.menu_flag,
      ...(r.hidden ? { hidden: true } : {}),
    });
  }
  const roots: MenuItem[] = [];
  for (const item of items.values()) {
    if (item.parentId === null) roots.push(item);
    else items.get(item.parentId)?.children.push(item);
  }
  for (const r of sorted) {
    if (r.kind !== 'button' || !r.permission) continue;
    const owner = r.parent_id ? items.get(r.parent_id) : undefined;
    if (owner && r.path) owner.buttonUrls.push(r.path);
    buttons.push({
      id: r.id,
      menuId: r.parent_id ?? '',
      name: r.name,
      label: r.name,
      labelEn: r.name_en,
      icon: r.icon,
      permision: r.permission,
      path: r.path,
      component: r.component,
      menuFlag: r.menu_flag,
    });
  }
  return { menu: roots.filter((root) => reachable(root, items)), buttons };
}

function reachable(item: MenuItem, items: Map<string, MenuItem>): boolean {
  return item.parentId === null || items.has(item.parentId);
}

/** The permission map: every granted key, menus' and buttons' alike. */
export function permissionMap(rows: Pick<MenuRow, 'permission'>[]): Record<string, true> {
  const map: Record<string, true> = {};
  for (const r of rows) if (r.permission) map[r.permission] = true;
  return map;
}
