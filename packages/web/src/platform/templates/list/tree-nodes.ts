/** A tree node as the server may send it (spec section 3: tree node). */
export interface RawNode {
  id?: string | number;
  pid?: string | number | null;
  name?: string;
  label?: string;
  text?: string;
  children?: RawNode[];
  jsonObject?: Record<string, unknown>;
}

export interface TreeNode {
  key: string;
  title: string;
  children: TreeNode[];
  /** the node as sent: a resource tree's choice is its jsonObject (or the node itself) */
  raw?: RawNode;
}

const isRoot = (pid: RawNode['pid']) => pid === undefined || pid === null || pid === 0 || pid === '0' || pid === '';
const titleOf = (n: RawNode) => n.name ?? n.label ?? n.text ?? String(n.id ?? '');

function fromNested(n: RawNode): TreeNode {
  return { key: String(n.id), title: titleOf(n), children: (n.children ?? []).map(fromNested), raw: n };
}

/** Nodes as antd's tree wants them: nested answers kept, flat ones linked by pid (0 or "0" is the root). */
export function toTree(raw: readonly RawNode[]): TreeNode[] {
  if (raw.some((n) => Array.isArray(n.children) && n.children.length > 0)) return raw.map(fromNested);
  const byId = new Map<string, TreeNode>(raw.map((n) => [String(n.id), { key: String(n.id), title: titleOf(n), children: [], raw: n } as TreeNode]));
  const roots: TreeNode[] = [];
  for (const n of raw) {
    const node = byId.get(String(n.id)) as TreeNode;
    const parent = isRoot(n.pid) ? undefined : byId.get(String(n.pid));
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The nodes whose title contains the keyword, with their ancestors so they stay reachable. */
export function filterTree(nodes: readonly TreeNode[], keyword: string): TreeNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...nodes];
  return nodes.flatMap((n) => {
    if (n.title.toLowerCase().includes(k)) return [n];
    const children = filterTree(n.children, k);
    return children.length ? [{ ...n, children }] : [];
  });
}

export function allKeys(nodes: readonly TreeNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children)]);
}
