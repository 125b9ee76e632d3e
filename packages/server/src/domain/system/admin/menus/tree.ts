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
