import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { ApiError } from '@/platform/api/http';
import type { AdminRole } from '@wb/protocol';
import type { RoleBody } from './api';
import { useAdminTexts } from './texts';

interface Props {
  open: boolean;
  role: AdminRole | null;
  saving: boolean;
  onSave(body: RoleBody): Promise<unknown>;
  onClose(): void;
}

/** 新增角色 / 修改角色: the role's code, names and remark. */
export function RoleForm({ open, role, saving, onSave, onClose }: Props) {
  const tx = useAdminTexts();
  const [form] = Form.useForm<RoleBody>();
  useEffect(() => {
    if (open) form.setFieldsValue(role ?? { roleCode: '', roleName: '', roleNameEn: '', remark: '' });
  }, [open, role, form]);
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await onSave(values);
    } catch (err) {
      if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as keyof RoleBody, errors: [err.message] }]);
    }
  };
  return (
    <Modal open={open} title={role ? tx.roles.editRole : tx.roles.newRole} onOk={submit} onCancel={onClose} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="roleCode" label={tx.roles.code} rules={[{ required: true, max: 40 }]}><Input /></Form.Item>
        <Form.Item name="roleName" label={tx.roles.name} rules={[{ required: true, max: 40 }]}><Input /></Form.Item>
        <Form.Item name="roleNameEn" label={tx.roles.nameEn} rules={[{ max: 60 }]}><Input /></Form.Item>
        <Form.Item name="remark" label={tx.roles.remark} rules={[{ max: 200 }]}><Input.TextArea rows={2} /></Form.Item>
      </Form>
    </Modal>
  );
}
