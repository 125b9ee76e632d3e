/**
 * The rules a plant expects of its organisation trees (organisations of a group, departments of a
 * company), decided without the database: the callers load the tree's (id, parent) pairs and the
 * counts of what uses a node, and ask.
 */

export interface TreeLink {
  id: string;
  parentId: string | null;
}

/** The node's descendants (children, their children...), not the node itself. */
export function descendantsOf(links: readonly TreeLink[], id: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const l of links) {
    if (l.parentId === null) continue;
    children.set(l.parentId, [...(children.get(l.parentId) ?? []), l.id]);
  }
  const found = new Set<string>();
  const stack = [...(children.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop() as string;
    // a loop already in the data ends here instead of running on
    if (found.has(next) || next === id) continue;
    found.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return found;
}

/**
 * Why a node may not take this parent, or null: under itself or under one of its own descendants
 * the branch would be cut off the tree (and every walk up it would loop).
 */
export function parentRefusal(links: readonly TreeLink[], id: string | null, parentId: string | null, words: { node: string }): string | null {
  if (id === null || parentId === null) return null;
  if (parentId === id) return `上级${words.node}不能是${words.node}自己`;
  return descendantsOf(links, id).has(parentId) ? `上级${words.node}不能是本${words.node}的下级${words.node}` : null;
}

/** What still hangs on a node about to be deleted. */
export interface NodeUse {
  code: string;
  /** sub-nodes left behind (those deleted in the same batch do not count) */
  children: number;
  users: number;
  /** departments of an organisation */
  departments?: number;
}

/** Why a node may not be deleted, or null: a node with sub-nodes, users or departments keeps them. */
export function deleteRefusal(use: NodeUse, words: { node: string }): string | null {
  if (use.children > 0) return `${words.node} ${use.code} 下还有 ${use.children} 个下级${words.node}，请先删除或移走下级${words.node}`;
  if (use.departments) return `${words.node} ${use.code} 下还有 ${use.departments} 个部门，请先删除部门`;
  if (use.users > 0) return `${words.node} ${use.code} 还有 ${use.users} 个用户，请先移走用户`;
  return null;
}

/** A tree node as the web's trees read it (spec section 3: pid 0 is a root). */
export interface TreeNode {
  id: string;
  pid: string;
  name: string;
  code: string;
  enabled: boolean;
}

/** Nodes whose parent is not among them (another company's, or gone) are shown as roots. */
export function treeNodes(rows: readonly { id: string; parentId: string | null; code: string; name: string; enabled: boolean }[]): TreeNode[] {
  const ids = new Set(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id, pid: r.parentId !== null && ids.has(r.parentId) ? r.parentId : '0', name: `${r.code} ${r.name}`, code: r.code, enabled: r.enabled,
  }));
}

/**
 * Why a batch of organisations may not be switched off, or null: the company the administrator
 * works in would lock them out with their next request (the guard treats a disabled company as left).
 */
export function disableRefusal(ids: readonly string[], currentOrgId: string, currentOrgCode: string): string | null {
  return ids.includes(currentOrgId) ? `组织 ${currentOrgCode} 是当前登录的公司，不能停用` : null;
}
