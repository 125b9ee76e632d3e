/**
 * The permission tree's checking: checking an entry checks everything under it and the folders
 * above it (a granted button needs its menu to be reachable); unchecking one unchecks everything
 * under it but leaves the folders, which still lead to their other entries. The server grants the
 * folders above whatever is saved, so the tree shows exactly what will be granted.
 */
export interface TreeNode { id: string; parentId: string | null; children: TreeNode[] }

export interface TreeIndex { parentOf: Map<string, string | null>; below: Map<string, string[]> }

export function indexTree(roots: readonly TreeNode[]): TreeIndex {
  const parentOf = new Map<string, string | null>();
  const below = new Map<string, string[]>();
  const walk = (node: TreeNode): string[] => {
    parentOf.set(node.id, node.parentId);
    const ids = node.children.flatMap((c) => [c.id, ...walk(c)]);
    below.set(node.id, ids);
    return ids;
  };
  roots.forEach(walk);
  return { parentOf, below };
}

export function checkEntry(checked: ReadonlySet<string>, id: string, index: TreeIndex): Set<string> {
  const out = new Set(checked);
  out.add(id);
  for (const d of index.below.get(id) ?? []) out.add(d);
  for (let at = index.parentOf.get(id) ?? null; at; at = index.parentOf.get(at) ?? null) out.add(at);
  return out;
}

export function uncheckEntry(checked: ReadonlySet<string>, id: string, index: TreeIndex): Set<string> {
  const out = new Set(checked);
  out.delete(id);
  for (const d of index.below.get(id) ?? []) out.delete(d);
  return out;
}

/** Every id of the tree, for 全选. */
export const allIds = (index: TreeIndex): string[] => [...index.parentOf.keys()];
