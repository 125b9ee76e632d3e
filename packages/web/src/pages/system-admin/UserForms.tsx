import { useEffect } from 'react';
import { Button, Form, type FormInstance, Input, Modal, Tabs } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import type { AdminOptions, AdminUser } from '@wb/protocol';
import { createUser, type Membership, saveUserAssayItems, saveUserOrgs, updateUser, type UserCreateBody } from './api';
import { AssayItemsField } from './AssayItemsField';
import { MembershipEditor } from './MembershipEditor';
import { useAdminTexts } from './texts';

/** Puts a refusal's message under the field the server named. */
function showFieldError<T>(form: FormInstance<T>, err: unknown): void {
  if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as never, errors: [err.message] }]);
}

/** 新增用户: name, initial password (the protocol's rule, checked by the server), companies and roles, assay items. */
export function NewUserForm({ open, options, onClose }: { open: boolean; options: AdminOptions | undefined; onClose(): void }) {
  const tx = useAdminTexts();
  const client = useQueryClient();
  const [form] = Form.useForm<UserCreateBody>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const save = useMutation({
    mutationFn: createUser,
    onSuccess: async () => {
      feedback.success(tx.common.saved);
      await client.invalidateQueries({ queryKey: ['system-admin', 'users'] });
      onClose();
    },
    onError: (err) => showFieldError(form, err),
  });
  const submit = async () => {
    const values = await form.validateFields();
    save.mutate({ ...values, assayItemIds: values.assayItemIds ?? [] });
  };
  return (
    <Modal open={open} title={tx.users.newUser} onOk={submit} onCancel={onClose} confirmLoading={save.isPending} width={760} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ orgs: [] as Membership[], assayItemIds: [] }}>
        <Form.Item name="username" label={tx.users.username} rules={[{ required: true, max: 40 }]}><Input autoComplete="off" /></Form.Item>
        <Form.Item name="realName" label={tx.users.realName} rules={[{ required: true, max: 40 }]}><Input /></Form.Item>
        <Form.Item name="password" label={tx.users.password} extra={tx.users.passwordHint} rules={[{ required: true }]}><Input.Password autoComplete="new-password" /></Form.Item>
        <Form.Item name="mobile" label={tx.users.mobile}><Input /></Form.Item>
        <Form.Item name="email" label={tx.users.email}><Input /></Form.Item>
        <Form.Item name="orgs" label={tx.users.orgs} rules={[{ required: true, type: 'array', min: 1 }]}><MembershipEditor options={options} /></Form.Item>
        <Form.Item name="assayItemIds" label={tx.users.assayItems}><AssayItemsField items={options?.assayItems ?? []} /></Form.Item>
      </Form>
    </Modal>
  );
}

/** 修改用户: each part saved on its own, so a refused part leaves the others as they were. */
export function EditUserForm({ user, options, onClose }: { user: AdminUser | null; options: AdminOptions | undefined; onClose(): void }) {
  const tx = useAdminTexts();
  const client = useQueryClient();
  const [profile] = Form.useForm<{ realName: string; mobile: string | null; email: string | null }>();
  const [orgs] = Form.useForm<{ orgs: Membership[] }>();
  const [items] = Form.useForm<{ itemIds: string[] }>();
  useEffect(() => {
    if (!user) return;
    profile.setFieldsValue({ realName: user.realName, mobile: user.mobile, email: user.email });
    orgs.setFieldsValue({ orgs: user.orgs.map((o) => ({ orgId: o.orgId, roleIds: o.roleIds })) });
    items.setFieldsValue({ itemIds: user.assayItemIds });
  }, [user, profile, orgs, items]);
  const done = async () => {
    feedback.success(tx.common.saved);
    await client.invalidateQueries({ queryKey: ['system-admin', 'users'] });
  };
  const saveProfile = useMutation({ mutationFn: (v: { realName: string; mobile: string | null; email: string | null }) => updateUser(user?.id as string, v), onSuccess: done, onError: (e) => showFieldError(profile, e) });
  const saveOrgs = useMutation({ mutationFn: (v: { orgs: Membership[] }) => saveUserOrgs(user?.id as string, v.orgs), onSuccess: done, onError: (e) => showFieldError(orgs, e) });
  const saveItems = useMutation({ mutationFn: (v: { itemIds: string[] }) => saveUserAssayItems(user?.id as string, v.itemIds ?? []), onSuccess: done });
  return (
    <Modal open={Boolean(user)} title={`${tx.users.editUser}: ${user?.username ?? ''}`} footer={null} onCancel={onClose} width={760} destroyOnHidden>
      <Tabs
        items={[
          {
            key: 'profile', label: tx.users.realName,
            children: (
              <Form form={profile} layout="vertical" onFinish={(v) => saveProfile.mutate(v)}>
                <Form.Item name="realName" label={tx.users.realName} rules={[{ required: true, max: 40 }]}><Input /></Form.Item>
                <Form.Item name="mobile" label={tx.users.mobile}><Input /></Form.Item>
                <Form.Item name="email" label={tx.users.email}><Input /></Form.Item>
                <Button type="primary" htmlType="submit" loading={saveProfile.isPending}>{tx.common.save}</Button>
              </Form>
            ),
          },
          {
            key: 'orgs', label: tx.users.memberships,
            children: (
              <Form form={orgs} layout="vertical" onFinish={(v) => saveOrgs.mutate(v)}>
                <Form.Item name="orgs" rules={[{ required: true, type: 'array', min: 1 }]}><MembershipEditor options={options} /></Form.Item>
                <Button type="primary" htmlType="submit" loading={saveOrgs.isPending}>{tx.users.saveMemberships}</Button>
              </Form>
            ),
          },
          {
            key: 'items', label: tx.users.assayItems,
            children: (
              <Form form={items} layout="vertical" onFinish={(v) => saveItems.mutate(v)}>
                <Form.Item name="itemIds"><AssayItemsField items={options?.assayItems ?? []} /></Form.Item>
                <Button type="primary" htmlType="submit" loading={saveItems.isPending}>{tx.users.saveAssayItems}</Button>
              </Form>
            ),
          },
        ]}
      />
    </Modal>
  );
}
