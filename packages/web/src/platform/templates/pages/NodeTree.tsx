import { useMemo, useState } from 'react';
import { Input, Spin, Tree } from 'antd';
import { allKeys, filterTree, toTree, type RawNode } from '../list/tree-nodes';
import { usePageTexts } from './texts';

interface Props {
  nodes: readonly RawNode[];
  loading: boolean;
  selected: string | null;
  onSelect(key: string | null): void;
}

/** The left tree of a tree-with-form page, with its keyword filter (spec section 2). */
export function NodeTree({ nodes, loading, selected, onSelect }: Props) {
  const texts = usePageTexts();
  const [keyword, setKeyword] = useState('');
  const tree = useMemo(() => toTree(nodes as RawNode[]), [nodes]);
  const shown = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  return (
    <aside className="wb-node-tree" data-testid="node-tree">
      <Input allowClear placeholder={texts.treeFilter} value={keyword} onChange={(e) => setKeyword(e.target.value)} data-testid="node-tree-filter" />
      <Spin spinning={loading}>
        {tree.length > 0 && (
          <Tree
            blockNode
            treeData={shown}
            // filtered, every branch opens so the matches are in sight; unfiltered the tree starts open
            {...(keyword ? { expandedKeys: allKeys(shown) } : { defaultExpandedKeys: allKeys(tree) })}
            selectedKeys={selected ? [selected] : []}
            onSelect={(keys) => keys.length && onSelect(String(keys[0]))}
          />
        )}
      </Spin>
    </aside>
  );
}
