import { useEffect, useMemo, useState } from 'react';
import { Button, Space, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEnglish } from '@/i18n/useEnglish';
import { feedback } from '@/platform/feedback';
import type { AdminMenuNode } from '@wb/protocol';
import { fetchResourceTree, saveRoleMenus } from './api';
import { allIds, checkEntry, indexTree, uncheckEntry } from './tree-checks';
import { useAdminTexts } from './texts';

interface Props { roleId: string; granted: string[]; editable: boolean }

/** The role's menu permission tree: menus and their buttons, checked as the role grants them. */
export function PermissionTree({ roleId, granted, editable }: Props) {
  const tx = useAdminTexts();
  const english = useEnglish();
  const client = useQueryClient();
  const { data: tree = [] } = useQuery({ queryKey: ['system-admin', 'resource-tree'], queryFn: fetchResourceTree });
  const index = useMemo(() => indexTree(tree), [tree]);
  const [checked, setChecked] = useState<Set<string>>(new Set(granted));
  useEffect(() => setChecked(new Set(granted)), [granted]);
  const save = useMutation({
    mutationFn: () => saveRoleMenus(roleId, [...checked]),
    onSuccess: async () => {
      feedback.success(tx.common.saved);
      await client.invalidateQueries({ queryKey: ['system-admin', 'role', roleId] });
      await client.invalidateQueries({ queryKey: ['nav'] });
    },
  });
  const nodes = useMemo(() => toNodes(tree, english, tx.roles.button), [tree, english, tx.roles.button]);

  return (
    <div data-testid="permission-tree">
      <Space className="sa-toolbar">
        {editable && <Button type="primary" onClick={() => save.mutate()} loading={save.isPending} data-testid="save-role-menus">{tx.roles.saveMenus}</Button>}
        {editable && <Button onClick={() => setChecked(new Set(allIds(index)))}>{tx.roles.checkAll}</Button>}
        {editable && <Button onClick={() => setChecked(new Set())}>{tx.roles.uncheckAll}</Button>}
      </Space>
      <div className="sa-tree">
        {tree.length > 0 && <Tree
          checkable
          checkStrictly
          // the areas and their second-level folders open: the pages show, their buttons folded
          defaultExpandedKeys={tree.flatMap((e) => [e.id, ...e.children.filter((c) => c.children.some((g) => g.kind === 'menu')).map((c) => c.id)])}
          selectable={false}
          disabled={!editable}
          treeData={nodes}
          checkedKeys={[...checked]}
          onCheck={(_keys, info) => {
            const id = String(info.node.key);
            setChecked((now) => (info.checked ? checkEntry(now, id, index) : uncheckEntry(now, id, index)));
          }}
        />}
      </div>
    </div>
  );
}

function toNodes(entries: AdminMenuNode[], english: boolean, buttonWord: string): DataNode[] {
  return entries.map((e) => ({
    key: e.id,
    title: (
      <span data-testid={`perm-${e.path ?? e.permission}`}>
        {(english && e.nameEn) || e.name}
        {e.kind === 'button' && <Tag className="sa-kind" color="blue">{buttonWord}</Tag>}
        {e.permission && <span className="sa-code">{e.permission}</span>}
      </span>
    ),
    children: toNodes(e.children, english, buttonWord),
  }));
}
