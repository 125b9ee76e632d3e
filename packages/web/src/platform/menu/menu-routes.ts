import type { MenuButton, MenuItem } from '@wb/protocol';

/** A page reachable from the menu: one per leaf, per external page, per button with a path. */
export interface PageEntry {
  /** the menu id, or for a button route the button id (spec: button routes are keyed by id) */
  id: string;
  menuId: string;
  path: string;
  label: string;
  labelEn: string | null;
  component: string | null;
  keepAlive: boolean;
  query: string | null;
}

export type RouteIndex = Map<string, PageEntry>;

export const IFRAME_PREFIX = '/myiframe/';

/** Pages (and their tabs) are keyed by path without query; a trailing slash names the same page. */
export function tabKey(path: string): string {
  const bare = path.split('?')[0].split('#')[0];
  return bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
}

/**
 * Pages of the app that stand alone, outside the workspace (spec: /clouds/index1 exists but is never
 * opened as a tab): a leaf naming one opens it in a new window, and the tabs refuse it.
 */
export const STANDALONE_PAGES: readonly string[] = ['/clouds/index1'];
export const isStandalonePage = (path: string): boolean => STANDALONE_PAGES.includes(tabKey(path));

function roleAllowed(item: MenuItem, roles: readonly string[]): boolean {
  return item.meta.roles.length === 0 || item.meta.roles.some((r) => roles.includes(r));
}

/**
 * The tree the user sees: handset (app) entries dropped, entries whose role list lacks all of the
 * user's roles hidden, and a folder left without children hidden with them.
 */
export function visibleMenu(items: readonly MenuItem[], roles: readonly string[]): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.menuFlag === 'app' || !roleAllowed(item, roles)) continue;
    const children = visibleMenu(item.children, roles);
    if (item.children.length > 0 && children.length === 0) continue;
    out.push({ ...item, children });
  }
  return out;
}

/**
 * The tree the sidebar, the top menu, the home page and the menu search show: a hidden page (a form
 * opened from its list) left out, its route kept, and a folder left without pages with it.
 */
export function shownMenu(items: readonly MenuItem[]): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.hidden) continue;
    if (item.children.length === 0) {
      out.push(item);
      continue;
    }
    const children = shownMenu(item.children);
    if (children.length > 0) out.push({ ...item, children });
  }
  return out;
}

/** The paths of the pages below a folder, at every depth (the sidebar names them on the folder's title). */
export function leafPaths(item: MenuItem): string[] {
  return item.children.length === 0 ? [item.path] : item.children.flatMap(leafPaths);
}

export function isLeaf(item: MenuItem): boolean {
  return item.children.length === 0;
}

export function isExternalPath(path: string): boolean {
  return path.includes('http');
}

/**
 * A page this server serves beside the app (the help page, /help.html): not a screen of the
 * workspace, so it opens in a new browser tab instead of a tab of its own.
 */
export function isServerPage(path: string): boolean {
  return !isExternalPath(path) && /^\/[^?#]*\.html?([?#].*)?$/.test(path);
}

/** External pages open inside the layout at /myiframe/{menu id} with the menu's fields as query. */
export function iframeHref(item: Pick<MenuItem, 'id' | 'path' | 'label' | 'labelEn' | 'query'>): string {
  const q = new URLSearchParams({ src: item.path, name: item.label, menuId: item.id });
  if (item.labelEn) q.set('nameEn', item.labelEn);
  if (item.query) q.set('query', item.query);
  return `${IFRAME_PREFIX}${item.id}?${q.toString()}`;
}

function withQuery(path: string, query: string | null): string {
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query.replace(/^\?/, '')}`;
}

/** The address a leaf opens inside the workspace. */
export function leafHref(item: MenuItem): string {
  return isExternalPath(item.path) ? iframeHref(item) : withQuery(item.path, item.query);
}

// 'pd' is matched as a whole path segment: as a bare substring it would catch words like 'update'.
const SEPARATE_SITE = /(^|\/)(jzjk|pd|dsrw)(\/|$)/;

/** The separate site a leaf belongs to (its button urls name jzjk, pd or dsrw), or null. */
export function separateSiteUrl(item: MenuItem): string | null {
  const url = item.buttonUrls.find((u) => SEPARATE_SITE.test(u));
  return url ? `${url.replace(/\/$/, '')}/#/login` : null;
}

export type LeafTarget = { kind: 'route'; to: string } | { kind: 'window'; url: string };

/** How a leaf click opens: in a tab, or in a new window (separate sites; no-tab mode). */
export function leafTarget(item: MenuItem, tagsOn: boolean): LeafTarget {
  const site = separateSiteUrl(item);
  if (site) return { kind: 'window', url: site };
  if (isServerPage(item.path) || isStandalonePage(item.path)) return { kind: 'window', url: withQuery(item.path, item.query) };
  if (!tagsOn) return { kind: 'window', url: isExternalPath(item.path) ? item.path : withQuery(item.path, item.query) };
  return { kind: 'route', to: leafHref(item) };
}

function entryOf(item: MenuItem, path: string): PageEntry {
  return {
    id: item.id,
    menuId: item.id,
    path,
    label: item.label,
    labelEn: item.labelEn,
    component: item.component,
    keepAlive: item.keepAlive === 1,
    query: item.query,
  };
}

/**
 * One route per leaf: its path and its /index child (or urlPath child) name the same page;
 * external leaves answer at /myiframe/{id}; buttons with a path become routes keyed by their id.
 */
export function buildRouteIndex(menu: readonly MenuItem[], buttons: readonly MenuButton[]): RouteIndex {
  const index: RouteIndex = new Map();
  const visit = (item: MenuItem) => {
    if (!isLeaf(item)) return item.children.forEach(visit);
    if (isServerPage(item.path) || isStandalonePage(item.path)) return;
    if (isExternalPath(item.path)) {
      const path = `${IFRAME_PREFIX}${item.id}`;
      index.set(path, entryOf(item, path));
      return;
    }
    const path = tabKey(item.path);
    const entry = entryOf(item, path);
    index.set(path, entry);
    index.set(`${path}/${(item.urlPath ?? '').replace(/^\//, '') || 'index'}`, entry);
  };
  menu.forEach(visit);
  for (const b of buttons) {
    if (b.menuFlag === 'app' || !b.path || isExternalPath(b.path)) continue;
    const path = tabKey(b.path);
    if (index.has(path)) continue;
    index.set(path, {
      id: b.id, menuId: b.menuId, path, label: b.label, labelEn: b.labelEn, component: b.component, keepAlive: false, query: null,
    });
  }
  return index;
}

export function findEntry(index: RouteIndex, pathname: string): PageEntry | null {
  return index.get(tabKey(pathname)) ?? null;
}

export function flattenLeaves(menu: readonly MenuItem[]): MenuItem[] {
  return menu.flatMap((item) => (isLeaf(item) ? [item] : flattenLeaves(item.children)));
}

/**
 * The menu search of the top bar: the pages, at any depth of the menu, whose title (either language)
 * contains the text; a hidden page is not offered.
 */
export function searchMenu(menu: readonly MenuItem[], text: string): MenuItem[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return flattenLeaves(menu).filter(
    (item) => !item.hidden && (item.title.toLowerCase().includes(needle) || (item.labelEn ?? '').toLowerCase().includes(needle)),
  );
}

/** The ids from the root down to the entry with this id (for the sidebar's open and selected keys). */
export function menuTrail(menu: readonly MenuItem[], id: string): string[] {
  for (const item of menu) {
    if (item.id === id) return [item.id];
    const below = menuTrail(item.children, id);
    if (below.length) return [item.id, ...below];
  }
  return [];
}

export function menuLabel(item: Pick<MenuItem, 'label' | 'labelEn'>, english: boolean): string {
  return english && item.labelEn ? item.labelEn : item.label;
}
