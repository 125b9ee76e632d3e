/**
 * 扫描前端资源: what the menu tree and the code disagree on, for an administrator to fix by hand.
 * Pure: the page components the web has, the permission keys the server's routes check, and the
 * entries of the tree.
 */
export interface ScanReport {
  /** pages the web can open that no menu entry opens */
  unboundComponents: string[];
  /** menu entries naming a page the web does not have (they open the no-template page) */
  unknownComponents: { id: string; name: string; component: string }[];
  /** permission keys a route checks that no entry carries: nobody can be granted the call */
  unregisteredPermissions: string[];
}

export function scanResources(
  webComponents: readonly string[],
  routeKeys: ReadonlySet<string>,
  entries: readonly { id: string; name: string; kind: string; component: string | null; permission: string | null }[],
): ScanReport {
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
