import { useEffect, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { ApiError } from '@/platform/api/http';
import { saveGroup, type Group } from './api';
import { useOrgTexts } from './texts';

/** The group's own form: its name and remark (its code is fixed). */
export function GroupDialog({ group, open, onClose, onSaved }: { group: Group | undefined; open: boolean; onClose(): void; onSaved(): void }) {
  const texts = useOrgTexts();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ groupName: string; remark: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open && group) form.setFieldsValue({ groupName: group.groupName, remark: group.remark ?? '' });
  }, [open, group, form]);
  const save = async () => {
    if (!group) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      await saveGroup({ groupName: values.groupName.trim(), remark: values.remark?.trim() || null, version: group.version });
      message.success(texts.groupSaved);
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.field === 'entity.groupName') form.setFields([{ name: 'groupName', errors: [err.message] }]);
      else if (!(err instanceof ApiError)) throw err;
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={texts.editGroup} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText="确 定" cancelText="取 消" destroyOnHidden width="40%">
      <Form form={form} layout="horizontal" labelCol={{ flex: '100px' }} data-testid="group-form">
        <Form.Item label={texts.groupCode}><Input value={group?.groupCode} disabled /></Form.Item>
        <Form.Item name="groupName" label={texts.groupName} rules={[{ required: true, whitespace: true, message: texts.required }]}><Input maxLength={60} /></Form.Item>
        <Form.Item name="remark" label={texts.remark}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
      </Form>
    </Modal>
  );
}
