import type { RawNode } from '../list/tree-nodes';

/** A node being written: under which parent (null: a top-level node). */
export interface Creating {
  parentId: string | null;
  parentName: string | null;
}

const isRoot = (pid: RawNode['pid']) => pid === undefined || pid === null || pid === 0 || pid === '0' || pid === '';

/**
 * The parent of a new node: a child goes under the chosen node; a sibling beside it, under the
 * chosen node's parent (top level when nothing is chosen or the chosen node is a root).
 */
export function parentOfNew(nodes: readonly RawNode[], selected: string | null, where: 'child' | 'sibling'): string | null {
  if (selected === null) return null;
  if (where === 'child') return selected;
  const node = nodes.find((n) => String(n.id) === selected);
  return node && !isRoot(node.pid) ? String(node.pid) : null;
}

/** The ancestors of a node, nearest first (a loop in the data ends the walk). */
export function ancestorsOf(nodes: readonly RawNode[], id: string | null): string[] {
  const parent = new Map(nodes.map((n) => [String(n.id), isRoot(n.pid) ? null : String(n.pid)]));
  const out: string[] = [];
  let at = id === null ? null : (parent.get(id) ?? null);
  while (at !== null && !out.includes(at)) {
    out.push(at);
    at = parent.get(at) ?? null;
  }
  return out;
}
