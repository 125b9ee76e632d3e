import type { MenuEntryRow } from './repo';

export interface MenuEntryNode extends MenuEntryRow { children: MenuEntryNode[] }

/** Nests the flat rows under their parents; rows arrive in sidebar order and keep it. */
export function buildEntryTree(rows: MenuEntryRow[]): MenuEntryNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as MenuEntryNode[] }]));
  const roots: MenuEntryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
