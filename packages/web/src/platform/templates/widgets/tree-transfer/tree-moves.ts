/**
 * The tree transfer's moves (spec section 4): checked nodes go from one tree to the other with
 * their parent chain, ancestors missing on the far side are created as copies with empty children,
 * and a parent the move empties disappears from the near side.
 */
export interface TransferNode {
  key: string;
  title: string;
  /** address entries show an e-mail beside the name */
  email?: string | null;
  disabled?: boolean;
  children?: TransferNode[];
}

/** A node as the server sends it: id (or another key field), pid (0 or "0" is the root), name, label or text. */
export interface FlatNode {
  [field: string]: unknown;
  pid?: string | number | null;
  name?: string;
  label?: string;
  text?: string;
  email?: string | null;
  enabled?: boolean;
  state?: { disabled?: boolean };
}

export const isRootPid = (pid: unknown) => pid === null || pid === undefined || pid === 0 || pid === '0' || pid === '';

/** Builds the tree from flat rows; a row whose parent is missing becomes a root. */
export function treeFromFlat(rows: FlatNode[], keyField = 'id'): TransferNode[] {
  const nodes = new Map<string, TransferNode>();
  for (const r of rows) {
    const key = String(r[keyField]);
    nodes.set(key, { key, title: String(r.name ?? r.label ?? r.text ?? key), email: r.email ?? null, disabled: r.enabled === false || r.state?.disabled === true, children: [] });
  }
  const roots: TransferNode[] = [];
  for (const r of rows) {
    const node = nodes.get(String(r[keyField]))!;
    const parent = isRootPid(r.pid) ? undefined : nodes.get(String(r.pid));
    if (parent) parent.children!.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Every key with its chain of ancestor nodes (root first). */
function chains(tree: TransferNode[], above: TransferNode[] = [], out = new Map<string, TransferNode[]>()): Map<string, TransferNode[]> {
  for (const n of tree) {
    out.set(n.key, above);
    if (n.children?.length) chains(n.children, [...above, n], out);
  }
  return out;
}

export function findNode(tree: TransferNode[], key: string): TransferNode | undefined {
  for (const n of tree) {
    if (n.key === key) return n;
    const inner = n.children ? findNode(n.children, key) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

export function leafKeys(tree: TransferNode[]): string[] {
  return tree.flatMap((n) => (n.children?.length ? leafKeys(n.children) : [n.key]));
}

export function allKeys(tree: TransferNode[]): string[] {
  return tree.flatMap((n) => [n.key, ...(n.children ? allKeys(n.children) : [])]);
}

/** Puts a copy of `node` (without children) under the chain in `tree`, creating missing ancestors. */
function insertWithChain(tree: TransferNode[], chain: TransferNode[], node: TransferNode): TransferNode[] {
  const [head, ...rest] = chain;
  if (!head) {
    if (tree.some((n) => n.key === node.key)) return tree;
    return [...tree, { ...node, children: [] }];
  }
  const existing = tree.find((n) => n.key === head.key);
  if (existing) {
    return tree.map((n) => (n.key === head.key ? { ...n, children: insertWithChain(n.children ?? [], rest, node) } : n));
  }
  return [...tree, { ...head, children: insertWithChain([], rest, node) }];
}

/** Removes the moved leaves, then every parent the move left without children. */
function removeMoved(tree: TransferNode[], leaves: Set<string>): TransferNode[] {
  const out: TransferNode[] = [];
  for (const n of tree) {
    if (!n.children?.length) {
      if (!leaves.has(n.key)) out.push(n);
      continue;
    }
    const children = removeMoved(n.children, leaves);
    if (children.length === 0) continue;
    out.push({ ...n, children });
  }
  return out;
}

/**
 * Moves the checked nodes from `from` to `to`. A checked parent moves with all its leaves; a leaf
 * keeps its parent chain on the far side; a parent emptied by the move goes. Disabled nodes stay.
 */
export function moveChecked(from: TransferNode[], to: TransferNode[], checkedKeys: string[]): { from: TransferNode[]; to: TransferNode[] } {
  const chainOf = chains(from);
  const leaves = new Set<string>();
  for (const key of checkedKeys) {
    const node = findNode(from, key);
    if (!node || node.disabled) continue;
    for (const leaf of node.children?.length ? leafKeys(node.children) : [node.key]) {
      if (!findNode(from, leaf)?.disabled) leaves.add(leaf);
    }
  }
  let target = to;
  for (const leaf of leaves) target = insertWithChain(target, chainOf.get(leaf) ?? [], findNode(from, leaf)!);
  return { from: removeMoved(from, leaves), to: target };
}

/** Keeps the nodes whose title (or a descendant's) contains the keyword, with their ancestors. */
export function filterTree(tree: TransferNode[], keyword: string): TransferNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return tree;
  const out: TransferNode[] = [];
  for (const n of tree) {
    const children = filterTree(n.children ?? [], keyword);
    if (n.title.toLowerCase().includes(k) || (n.email ?? '').toLowerCase().includes(k)) out.push(n);
    else if (children.length) out.push({ ...n, children });
  }
  return out;
}

/** The select-all box: on when every selectable key is checked, indeterminate when some are. */
export function selectAllState(selectable: string[], checked: string[]): { checked: boolean; indeterminate: boolean } {
  const set = new Set(checked);
  const hits = selectable.filter((k) => set.has(k)).length;
  return { checked: selectable.length > 0 && hits === selectable.length, indeterminate: hits > 0 && hits < selectable.length };
}

/** The people a check stands for: a checked department means everyone under it; disabled entries stay out. */
export function checkedPeople(tree: TransferNode[], checkedKeys: string[]): Pick<TransferNode, 'key' | 'title' | 'email'>[] {
  const out: Pick<TransferNode, 'key' | 'title' | 'email'>[] = [];
  for (const key of checkedKeys) {
    const node = findNode(tree, key);
    if (!node) continue;
    for (const leaf of node.children?.length ? leafKeys(node.children) : [node.key]) {
      const person = findNode(tree, leaf);
      if (person && !person.disabled) out.push({ key: person.key, title: person.title, email: person.email });
    }
  }
  return out;
}
