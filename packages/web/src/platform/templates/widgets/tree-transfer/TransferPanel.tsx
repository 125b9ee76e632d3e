import { useMemo, useState } from 'react';
import { Checkbox, Input, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { allKeys, filterTree, selectAllState, type TransferNode } from './tree-moves';

export interface TransferPanelProps {
  title: string;
  tree: TransferNode[];
  checked: string[];
  onCheck(keys: string[]): void;
  filterable: boolean;
  height: number;
  testId: string;
}

function toTreeData(nodes: TransferNode[]): { key: string; title: React.ReactNode; disabled?: boolean; children?: ReturnType<typeof toTreeData> }[] {
  return nodes.map((n) => ({
    key: n.key,
    title: n.email ? <span>{n.title} <span className="wb-tt-email">{`{${n.email}}`}</span></span> : n.title,
    disabled: n.disabled,
    children: n.children?.length ? toTreeData(n.children) : undefined,
  }));
}

/** One side of the transfer: title, select-all (with its indeterminate state), keyword filter, checkable tree. */
export function TransferPanel({ title, tree, checked, onCheck, filterable, height, testId }: TransferPanelProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const selectable = useMemo(() => allKeys(shown), [shown]);
  const all = selectAllState(selectable, checked);
  // every node starts expanded, nodes moved in later too; only what the user folds stays folded
  const [folded, setFolded] = useState<Set<string>>(() => new Set());
  const expandedKeys = selectable.filter((k) => !folded.has(k));
  return (
    <div className="wb-tt-panel" data-testid={testId}>
      <div className="wb-tt-head">
        <Checkbox checked={all.checked} indeterminate={all.indeterminate} disabled={selectable.length === 0} onChange={(e) => onCheck(e.target.checked ? selectable : [])}>
          {title}
        </Checkbox>
        <span className="wb-tt-count">{checked.length > 0 ? `${checked.length}/` : ''}{selectable.length}</span>
      </div>
      {filterable && <Input.Search size="small" allowClear placeholder={t('templateForm.transfer.filter')} value={keyword} onChange={(e) => setKeyword(e.target.value)} className="wb-tt-filter" />}
      <Tree
        checkable
        blockNode
        expandedKeys={expandedKeys}
        onExpand={(_keys, info) => {
          const key = String(info.node.key);
          setFolded((f) => {
            const next = new Set(f);
            if (info.expanded) next.delete(key);
            else next.add(key);
            return next;
          });
        }}
        height={height - (filterable ? 80 : 44)}
        treeData={toTreeData(shown)}
        checkedKeys={checked}
        onCheck={(keys) => onCheck((Array.isArray(keys) ? keys : keys.checked).map(String))}
      />
    </div>
  );
}
