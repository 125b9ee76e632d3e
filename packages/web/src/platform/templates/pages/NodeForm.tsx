import { useEffect, useState } from 'react';
import { App, Button, Form, Result, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { MenuButton } from '@wb/protocol';
import { useCurrentUser } from '@/platform/session/current-user';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { submitForm } from '../form/collect';
import { fetchEntity, fetchFormTemplate, saveEntity, splitLoaded, type Entity } from '../form/form-api';
import { FormRenderer } from '../form/FormRenderer';
import { createValues, macrosOf, updateValues } from '../form/initial-values';
import { UPDATE_CANCELLED, UPDATE_CONFIRM } from '../form/messages';
import { layoutOf } from '../layouts/registry';
import { usePageTexts } from './texts';

interface Props {
  /** the create or update button entry whose FORM template the form shows */
  formButton: MenuButton;
  base: string;
  /** the node edited; null: a new node */
  id: string | null;
  /** values a new node starts with (its parent) */
  presets?: Entity;
  /** no update permission: the read-only detail form */
  readOnly?: boolean;
  onSaved(entity: Entity): void;
  onCancel?(): void;
}

/**
 * One node's server-defined form, edited and saved in place (the right side of a tree-with-form
 * page). Saving an existing node asks first (spec section 5: '确定更新此条数据?').
 */
export function NodeForm({ formButton, base, id, presets, readOnly = false, onSaved, onCancel }: Props) {
  const texts = usePageTexts();
  const { modal, message } = App.useApp();
  const user = useCurrentUser();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const template = useQuery({ queryKey: ['form-template', formButton.id], queryFn: () => fetchFormTemplate(formButton.id), retry: false });
  const record = useQuery({ queryKey: ['node-record', base, id], queryFn: () => fetchEntity(base, id as string), enabled: id !== null, retry: false, gcTime: 0 });
  const format = template.data;
  const fields = format?.formSubList ?? [];
  const loaded = record.data?.entity;

  useEffect(() => {
    if (!format) return;
    form.resetFields();
    if (id === null) {
      const { values, warnings } = createValues(fields, macrosOf(user));
      for (const w of warnings) feedback.warning(w);
      form.setFieldsValue({ ...values, ...updateValues(fields.filter((f) => presets && f.fieldName in presets), presets ?? {}) });
    } else if (loaded) form.setFieldsValue(updateValues(fields, loaded));
    // the values are read once per node, not again as the user types
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [format, loaded, id]);

  const save = async () => {
    const submission = await submitForm(form, fields);
    if (!submission.valid) {
      for (const e of [...new Set(submission.errors)]) feedback.error(e);
      return;
    }
    if (id !== null && !(await modal.confirm({ title: texts.tip, content: UPDATE_CONFIRM, okText: '确定', cancelText: '取消' }))) {
      message.info(UPDATE_CANCELLED);
      return;
    }
    setSaving(true);
    try {
      const reply = await saveEntity(base, id === null ? 'create' : 'update', id === null ? submission.data : { ...loaded, ...submission.data });
      message.success(texts.saved);
      const saved = splitLoaded(reply).entity;
      if (id !== null) await record.refetch();
      onSaved(saved);
    } catch (err) {
      // the client has shown the server's message; a field it names is marked too
      if (err instanceof ApiError && err.field && fields.some((f) => f.fieldName === err.field)) form.setFields([{ name: err.field, errors: [err.message] }]);
      else if (!(err instanceof ApiError)) feedback.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  if (template.isError || record.isError) return <Result status="warning" title={texts.loadFailed} />;
  if (!format || (id !== null && !loaded)) return <div className="wb-node-form-loading"><Spin /></div>;
  const Layout = layoutOf('form', format.formatStyle);
  return (
    <div className="wb-node-form" data-testid="node-form" data-mode={id === null ? 'create' : readOnly ? 'detail' : 'update'}>
      <Layout
        style={format.formatStyle}
        fields={(columns) => <FormRenderer fields={fields} columns={columns} mode={readOnly ? 'weigh' : id === null ? 'create' : 'update'} form={form} onEnter={readOnly ? undefined : () => void save()} />}
      />
      {!readOnly && (
        <Space className="wb-node-form-actions">
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="node-save">{texts.save}</Button>
          {onCancel && <Button onClick={onCancel}>{texts.cancel}</Button>}
        </Space>
      )}
    </div>
  );
}
