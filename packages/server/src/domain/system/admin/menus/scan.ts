import type { ResourceScanReport } from '@wb/protocol';

/**
 * 扫描前端资源: what the menu tree and the code disagree on, for an administrator to fix by hand.
 * Pure: the page components the web has, the permission keys the server's routes check, and the
 * entries of the tree.
 */
export function scanResources(
  webComponents: readonly string[],
  routeKeys: ReadonlySet<string>,
  entries: readonly { id: string; name: string; kind: string; component: string | null; permission: string | null }[],
): ResourceScanReport {
  const menus = entries.filter((e) => e.kind === 'menu');
  const used = new Set(menus.map((e) => e.component).filter((c): c is string => Boolean(c)));
  const known = new Set(webComponents);
  const carried = new Set(entries.map((e) => e.permission).filter(Boolean));
  return {
    unboundComponents: webComponents.filter((c) => !used.has(c)).sort(),
    unknownComponents: menus.filter((e) => e.component && !known.has(e.component)).map((e) => ({ id: e.id, name: e.name, component: e.component as string })),
    unregisteredPermissions: [...routeKeys].filter((k) => !carried.has(k)).sort(),
  };
}
