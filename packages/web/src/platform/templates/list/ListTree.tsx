import { useMemo, useState } from 'react';
import { Input, Spin, Tree } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormatDefinition } from '@wb/protocol';
import { fetchTree } from '../api';
import { allKeys, filterTree, toTree, type RawNode } from './tree-nodes';

interface Props {
  template: Pick<FormatDefinition, 'id' | 'treeResUrl' | 'treeResMethod'>;
  selected: string | null;
  onSelect(key: string | null): void;
}

/** The left tree of FORMAT_TREE_LIST: loaded from treeResUrl; choosing a node filters the list. */
export function ListTree({ template, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const { data, isLoading } = useQuery({
    queryKey: ['template-tree', template.id, template.treeResUrl],
    queryFn: () => fetchTree(template),
    enabled: Boolean(template.treeResUrl),
  });
  const tree = useMemo(() => toTree((data ?? []) as RawNode[]), [data]);
  const shown = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  return (
    <aside className="wb-list-tree" data-testid="list-tree">
      <Input allowClear placeholder={t('listScreen.treeFilter')} value={keyword} onChange={(e) => setKeyword(e.target.value)} data-testid="tree-filter" />
      <Spin spinning={isLoading}>
        {/* mounted once the nodes are there: the tree reads its opened branches when it mounts */}
        {tree.length > 0 && <Tree
          blockNode
          treeData={shown}
          // a filtered tree opens every branch, so the matches are in sight; unfiltered it starts open
          {...(keyword ? { expandedKeys: allKeys(shown) } : { defaultExpandedKeys: allKeys(tree) })}
          selectedKeys={selected ? [selected] : []}
          onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : null)}
        />}
      </Spin>
    </aside>
  );
}
