import type { AdminMenuEntry, AdminMenuNode } from '@wb/protocol';

/** Nests the flat rows under their parents; rows arrive in sidebar order and keep it. */
export function buildEntryTree(rows: AdminMenuEntry[]): AdminMenuNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as AdminMenuNode[] }]));
  const roots: AdminMenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/**
 * The entries directly under one (GET list/{id}: its sub-menus; GET button-list/{id}: its buttons),
 * in sidebar order; an id that names no entry has none.
 */
export function childrenOf(rows: AdminMenuEntry[], parentId: string, kind: 'menu' | 'button'): AdminMenuEntry[] {
  return rows.filter((r) => r.parentId === parentId && r.kind === kind);
}
