import { useMemo, useState } from 'react';
import { Input, Spin, Tree } from 'antd';
import { allKeys, filterTree, toTree, type RawNode } from '../list/tree-nodes';
import { ancestorsOf } from './tree-form-state';
import { usePageTexts } from './texts';

interface Props {
  nodes: readonly RawNode[];
  loading: boolean;
  selected: string | null;
  onSelect(key: string | null): void;
}

/**
 * The left tree of a tree-with-form page, with its keyword filter (spec section 2). It starts open;
 * a filter opens every branch holding a match; the chosen node's branch is always open, so a node
 * just added shows under its parent.
 */
export function NodeTree({ nodes, loading, selected, onSelect }: Props) {
  const texts = usePageTexts();
  const [keyword, setKeyword] = useState('');
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const tree = useMemo(() => toTree(nodes as RawNode[]), [nodes]);
  const shown = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const expanded = useMemo(() => {
    if (keyword) return allKeys(shown);
    const open = new Set(ancestorsOf(nodes, selected));
    return allKeys(tree).filter((k) => open.has(k) || !closed.has(k));
  }, [keyword, shown, tree, nodes, selected, closed]);
  const onExpand = (keys: React.Key[]) => {
    if (keyword) return;
    const now = new Set(keys.map(String));
    setClosed(new Set(allKeys(tree).filter((k) => !now.has(k))));
  };
  return (
    <aside className="wb-node-tree" data-testid="node-tree">
      <Input allowClear placeholder={texts.treeFilter} value={keyword} onChange={(e) => setKeyword(e.target.value)} data-testid="node-tree-filter" />
      <Spin spinning={loading}>
        {tree.length > 0 && (
          <Tree
            blockNode
            treeData={shown}
            expandedKeys={expanded}
            onExpand={onExpand}
            selectedKeys={selected ? [selected] : []}
            onSelect={(keys) => keys.length && onSelect(String(keys[0]))}
          />
        )}
      </Spin>
    </aside>
  );
}
