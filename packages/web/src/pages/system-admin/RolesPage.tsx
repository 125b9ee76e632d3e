import { useState } from 'react';
import { Button, Card, Empty, Space, Spin, Table, Tabs, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEnglish } from '@/i18n/useEnglish';
import { usePermissions } from '@/app/hooks/usePermissions';
import { feedback } from '@/platform/feedback';
import type { AdminRole } from '@wb/protocol';
import { createRole, fetchRole, fetchRoles, type RoleBody, switchRole, updateRole } from './api';
import { PermissionTree } from './PermissionTree';
import { RoleForm } from './RoleForm';
import { RoleScope } from './RoleScope';
import { useAdminTexts } from './texts';
import './system-admin.css';

const ROLES_KEY = ['system-admin', 'roles'];

/** 角色管理: the group's roles; for the chosen one its menu permission tree, data scope and users. */
export default function RolesPage() {
  const tx = useAdminTexts();
  const english = useEnglish();
  const { can } = usePermissions();
  const editable = can('sys_role_edit');
  const client = useQueryClient();
  const [selected, setSelected] = useState<AdminRole | null>(null);
  const [editing, setEditing] = useState<{ role: AdminRole | null } | null>(null);
  const { data: roles = [], isFetching } = useQuery({ queryKey: ROLES_KEY, queryFn: fetchRoles });
  const { data: detail, isLoading } = useQuery({
    queryKey: ['system-admin', 'role', selected?.id],
    queryFn: () => fetchRole(selected?.id as string),
    enabled: Boolean(selected),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['system-admin'] });
  const save = useMutation({
    mutationFn: async (body: RoleBody): Promise<void> => {
      if (editing?.role) await updateRole(editing.role.id, body);
      else await createRole(body);
    },
    onSuccess: async () => {
      feedback.success(tx.common.saved);
      setEditing(null);
      await refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: (role: AdminRole) => switchRole(role.id, role.enabled ? 'disable' : 'enable'),
    onSuccess: async () => {
      feedback.success(tx.common.saved);
      await refresh();
    },
  });
  const current = selected ? roles.find((r) => r.id === selected.id) ?? selected : null;

  return (
    <div className="sa-page sa-split" data-testid="roles-page">
      <Card size="small" className="sa-left">
        {editable && (
          <Space className="sa-toolbar">
            <Button type="primary" onClick={() => setEditing({ role: null })}>{tx.common.add}</Button>
            <Button disabled={!current} onClick={() => setEditing({ role: current })}>{tx.common.edit}</Button>
            <Button disabled={!current || (current.enabled && current.isAdmin)} loading={toggle.isPending} onClick={() => current && toggle.mutate(current)}>
              {current && !current.enabled ? tx.common.enable : tx.common.disable}
            </Button>
          </Space>
        )}
        <Table<AdminRole>
          rowKey="id"
          size="small"
          loading={isFetching}
          dataSource={roles}
          pagination={false}
          rowClassName={(r) => (r.id === current?.id ? 'wb-row-selected' : '')}
          onRow={(r) => ({ onClick: () => setSelected(r) })}
          columns={[
            { title: tx.roles.code, dataIndex: 'roleCode', width: 150 },
            { title: tx.roles.name, dataIndex: 'roleName', render: (v: string, r) => ((english && r.roleNameEn) || v) },
            { title: tx.roles.users, dataIndex: 'userCount', width: 70, align: 'right' },
            {
              title: tx.common.status, dataIndex: 'enabled', width: 120,
              render: (on: boolean, r) => (
                <Space size={4}>
                  <Tag color={on ? 'green' : 'default'}>{on ? tx.common.enabled : tx.common.disabled}</Tag>
                  {r.isAdmin && <Tag color="gold">{tx.roles.admin}</Tag>}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card size="small" className="sa-right" title={current ? `${current.roleName} (${current.roleCode})` : undefined}>
        {!current && <Empty description={tx.common.choose} />}
        {current && (isLoading || !detail) && <Spin />}
        {current && detail && (
          <Tabs
            items={[
              { key: 'menus', label: tx.roles.menus, children: <PermissionTree roleId={detail.id} granted={detail.menuIds} editable={editable} /> },
              { key: 'scope', label: tx.roles.scope, children: <RoleScope role={detail} editable={editable} /> },
              {
                key: 'users', label: `${tx.roles.holders} (${detail.holders.length})`,
                children: (
                  <Table
                    rowKey={(h) => `${h.userId}:${h.orgId}`}
                    size="small"
                    pagination={false}
                    dataSource={detail.holders}
                    columns={[
                      { title: tx.users.username, dataIndex: 'username' },
                      { title: tx.users.realName, dataIndex: 'realName' },
                      { title: tx.roles.company, dataIndex: 'orgName' },
                    ]}
                  />
                ),
              },
            ]}
          />
        )}
      </Card>
      <RoleForm open={Boolean(editing)} role={editing?.role ?? null} saving={save.isPending} onSave={(b) => save.mutateAsync(b)} onClose={() => setEditing(null)} />
    </div>
  );
}
