import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES, type AdminUser } from '@wb/protocol';
import { usePage } from '@/app/layout/page-context';
import { usePageSize } from '@/platform/page-size';
import { usePermissions } from '@/app/hooks/usePermissions';
import { useSession } from '@/app/session/session-store';
import { feedback } from '@/platform/feedback';
import { fetchUserOptions, fetchUsers, resetPassword, switchUsers } from './api';
import { EditUserForm, NewUserForm } from './UserForms';
import { fill, useAdminTexts } from './texts';
import { plantDateTimeText } from '@/platform/plant-time';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '@/platform/branding/UserAvatar';
import './system-admin.css';

/** 用户管理: the group's people, their companies and roles in each, and their assay items. */
export default function UsersPage() {
  const tx = useAdminTexts();
  const { t } = useTranslation();
  const { path } = usePage();
  const { can } = usePermissions();
  const editable = can('sys_user_edit');
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [pn, setPn] = useState(1);
  const [ps, setPs] = usePageSize(path);
  const [selected, setSelected] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: ['system-admin', 'users', keyword, pn, ps],
    queryFn: () => fetchUsers(keyword, pn, ps),
    placeholderData: keepPreviousData,
  });
  const { data: options } = useQuery({ queryKey: ['system-admin', 'user-options'], queryFn: fetchUserOptions, enabled: editable });
  const toggle = useMutation({
    mutationFn: (action: 'enable' | 'disable') => switchUsers(selected, action),
    onSuccess: async () => {
      feedback.success(tx.common.saved);
      await client.invalidateQueries({ queryKey: ['system-admin', 'users'] });
    },
  });
  const chosen = data?.list.filter((u) => selected.includes(u.id)) ?? [];
  // a password is reset from a company the person works in (the reset call checks it)
  const currentOrg = useSession((s) => s.userInfo?.currentOrg ?? null);
  const resettable = chosen.length === 1 && chosen[0].orgs.some((o) => o.orgId === currentOrg);

  return (
    <Card size="small" className="sa-page" data-testid="users-page">
      <Space className="sa-toolbar" wrap>
        <Input.Search allowClear placeholder={tx.common.keyword} enterButton={tx.common.search} onSearch={(v) => { setKeyword(v.trim()); setPn(1); }} style={{ width: 300 }} />
        {editable && <Button type="primary" onClick={() => setCreating(true)}>{tx.common.add}</Button>}
        {editable && <Button disabled={chosen.length !== 1} onClick={() => setEditing(chosen[0])}>{tx.common.edit}</Button>}
        {editable && <Button disabled={chosen.length === 0} loading={toggle.isPending} onClick={() => toggle.mutate('enable')}>{tx.common.enable}</Button>}
        {editable && <Button danger disabled={chosen.length === 0} loading={toggle.isPending} onClick={() => toggle.mutate('disable')}>{tx.common.disable}</Button>}
        {can('sys_user_reset') && <Button disabled={!resettable} onClick={() => setResetting(chosen[0])}>{tx.users.resetPassword}</Button>}
      </Space>
      <Table<AdminUser>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
        onRow={(u) => ({ onDoubleClick: () => editable && setEditing(u) })}
        columns={[
          { title: t('brand.avatar'), dataIndex: 'avatar', width: 64, render: (name: string | null) => <UserAvatar name={name} size={28} /> },
          { title: tx.users.username, dataIndex: 'username', width: 140 },
          { title: tx.users.realName, dataIndex: 'realName', width: 120 },
          {
            title: tx.users.orgs, dataIndex: 'orgs',
            render: (orgs: AdminUser['orgs']) => orgs.map((o) => <div key={o.orgId}>{o.orgName}: {o.roleNames?.map((r) => <Tag key={r}>{r}</Tag>)}</div>),
          },
          { title: tx.users.mobile, dataIndex: 'mobile', width: 130 },
          { title: tx.common.status, dataIndex: 'enabled', width: 80, render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? tx.common.enabled : tx.common.disabled}</Tag> },
          { title: tx.users.createDate, dataIndex: 'createDate', width: 170, render: (v: string) => plantDateTimeText(v) },
        ]}
        pagination={{
          current: pn, pageSize: ps, total: data?.total ?? 0, pageSizeOptions: PAGE_SIZES.map(String), showSizeChanger: true,
          showTotal: (total) => fill(tx.common.total, { total }),
          onChange: (page, size) => { setPn(size === ps ? page : 1); setPs(size); },
        }}
      />
      <NewUserForm open={creating} options={options} onClose={() => setCreating(false)} />
      <EditUserForm user={editing} options={options} onClose={() => setEditing(null)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </Card>
  );
}

function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose(): void }) {
  const tx = useAdminTexts();
  const [form] = Form.useForm<{ newpassword: string }>();
  const reset = useMutation({
    mutationFn: (newpassword: string) => resetPassword(user?.id as string, newpassword),
    onSuccess: () => {
      feedback.success(tx.common.saved);
      onClose();
    },
  });
  return (
    <Modal open={Boolean(user)} title={`${tx.users.resetPassword}: ${user?.username ?? ''}`} onCancel={onClose} confirmLoading={reset.isPending}
      onOk={async () => reset.mutate((await form.validateFields()).newpassword)} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="newpassword" label={tx.users.newPassword} rules={[{ required: true, min: 6, max: 64 }]}><Input.Password autoComplete="new-password" /></Form.Item>
      </Form>
    </Modal>
  );
}
