import type { MenuSeed } from '../menu/define';
import type { FamilyModule } from './define';

/**
 * A folder of the sidebar. Its place among the folders and, where several families share it, the
 * order of its leaves are product decisions, kept in one list (domain/menu-areas.ts); what a leaf
 * is (its buttons, permissions and roles) belongs to the family that builds it.
 */
export interface MenuArea {
  name: string;
  en: string;
  path: string;
  icon: string;
  /** leaves no family builds yet: the web opens the no-template page for them */
  planned?: MenuSeed[];
  /** leaf paths in the order the sidebar shows them; unlisted leaves follow in the modules' order */
  order?: string[];
  /**
   * The folder's second level: folders inside it, each holding the leaves of these paths in this
   * order. A group stands where its first leaf would stand; leaves in no group stay directly in the
   * folder. A group's path is a folder's, not a page's: it must differ from every leaf's.
   */
  groups?: MenuGroup[];
}

/** A folder inside a sidebar folder: its words, its path (a key of the menu entry) and its leaves. */
export interface MenuGroup {
  name: string;
  en: string;
  path: string;
  icon?: string;
  leaves: string[];
}

/** A family's leaves in one folder. */
export interface MenuPlacement {
  area: string;
  leaves: MenuSeed[];
}

/**
 * The menu tree the seed and the start-time upgrade write: the folders in their order, each with
 * the leaves the modules place there and the planned ones. A leaf placed twice, a folder no one
 * declared or an ordered path that no leaf has stops the start.
 */
export function buildMenuTree(areas: MenuArea[], modules: FamilyModule[]): MenuSeed[] {
  const placed = new Map<string, MenuSeed[]>(areas.map((a) => [a.path, []]));
  for (const m of modules) {
    for (const p of m.menu ?? []) {
      const leaves = placed.get(p.area);
      if (!leaves) throw new Error(`模块 ${m.key}: 菜单目录 ${p.area} 不存在`);
      leaves.push(...p.leaves);
    }
  }
  const paths = new Set<string>();
  return areas.map((a) => {
    const leaves = [...(placed.get(a.path) ?? []), ...(a.planned ?? [])];
    for (const l of leaves) {
      if (paths.has(l.path)) throw new Error(`菜单 ${l.path} 重复`);
      paths.add(l.path);
    }
    const rank = (l: MenuSeed) => {
      const at = a.order?.indexOf(l.path) ?? -1;
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    };
    for (const path of a.order ?? []) {
      if (!leaves.some((l) => l.path === path)) throw new Error(`菜单目录 ${a.path} 的排序项 ${path} 不存在`);
    }
    // a stable sort: unlisted leaves keep the order they were placed in
    const children = leaves.map((l, i) => ({ l, i })).sort((x, y) => rank(x.l) - rank(y.l) || x.i - y.i).map((x) => x.l);
    for (const g of a.groups ?? []) {
      if (paths.has(g.path)) throw new Error(`菜单 ${g.path} 重复`);
      paths.add(g.path);
    }
    return { name: a.name, en: a.en, path: a.path, icon: a.icon, children: grouped(a, children) };
  });
}

/** The folder's leaves with those of each group gathered into a folder of its own, where the group's first leaf stood. */
function grouped(area: MenuArea, leaves: MenuSeed[]): MenuSeed[] {
  const groups = area.groups ?? [];
  if (groups.length === 0) return leaves;
  const groupOf = new Map<string, MenuGroup>();
  for (const g of groups) {
    for (const path of g.leaves) {
      if (!leaves.some((l) => l.path === path)) throw new Error(`菜单目录 ${area.path} 的分组 ${g.path} 的菜单 ${path} 不存在`);
      if (groupOf.has(path)) throw new Error(`菜单 ${path} 在两个分组中`);
      groupOf.set(path, g);
    }
  }
  const out: MenuSeed[] = [];
  const placed = new Set<MenuGroup>();
  for (const leaf of leaves) {
    const g = groupOf.get(leaf.path);
    if (!g) {
      out.push(leaf);
    } else if (!placed.has(g)) {
      placed.add(g);
      const children = g.leaves.map((p) => leaves.find((l) => l.path === p) as MenuSeed);
      out.push({ name: g.name, en: g.en, path: g.path, ...(g.icon ? { icon: g.icon } : {}), children });
    }
  }
  return out;
}
