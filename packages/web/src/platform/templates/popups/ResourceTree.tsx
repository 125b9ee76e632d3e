import { useMemo, useState } from 'react';
import { Input, Spin, Tree } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormatDefinition } from '@wb/protocol';
import { fetchTree } from '../api';
import { allKeys, filterTree, toTree, type RawNode, type TreeNode } from '../list/tree-nodes';

type Row = Record<string, unknown>;

interface Props {
  template: FormatDefinition;
  multiple: boolean;
  onChoose(rows: Row[], nodeKeys: string[]): void;
  onDoubleClick?(row: Row): void;
}

const rowOf = (n: TreeNode): Row => (n.raw?.jsonObject ?? (n.raw as Row | undefined) ?? { id: n.key, name: n.title }) as Row;

function flatten(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** A resource popup's tree (FORMAT_RESOURCE_TREE and the tree beside a query table), with its filter box. */
export function ResourceTree({ template, multiple, onChoose, onDoubleClick }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const source = { treeResUrl: template.treeResUrl ?? template.resUrl, treeResMethod: template.treeResMethod ?? template.resMethod };
  const { data, isLoading } = useQuery({ queryKey: ['resource-tree', template.id], queryFn: () => fetchTree(source) });
  const tree = useMemo(() => toTree((data ?? []) as RawNode[]), [data]);
  const byKey = useMemo(() => new Map(flatten(tree).map((n) => [n.key, n])), [tree]);
  const shown = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const choose = (keys: string[]) => {
    setSelected(keys);
    onChoose(keys.map((k) => byKey.get(k)).filter((n): n is TreeNode => Boolean(n)).map(rowOf), keys);
  };
  return (
    <div className="wb-resource-tree" data-testid="resource-tree">
      <Input allowClear placeholder={t('listScreen.treeFilter')} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      <Spin spinning={isLoading}>
        {/* mounted once the nodes are there: the tree reads its opened branches when it mounts */}
        {tree.length > 0 && <Tree
          blockNode
          multiple={multiple}
          treeData={shown}
          // a filtered tree opens every branch, so the matches are in sight; unfiltered it starts open
          {...(keyword ? { expandedKeys: allKeys(shown) } : { defaultExpandedKeys: allKeys(tree) })}
          selectedKeys={selected}
          onSelect={(keys) => choose(keys.map(String))}
          onDoubleClick={(_e, node) => {
            const n = byKey.get(String(node.key));
            if (n && onDoubleClick) onDoubleClick(rowOf(n));
          }}
        />}
      </Spin>
    </div>
  );
}
