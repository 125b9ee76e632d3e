import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Form, Result, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { usePage } from '@/app/layout/page-context';
import { useNav } from '@/app/hooks/useNav';
import { useEnglish } from '@/i18n/useEnglish';
import { ApiError } from '@/platform/api/http';
import { useCurrentUser } from '@/platform/session/current-user';
import { FormRenderer } from '@/platform/templates/form/FormRenderer';
import { submitForm } from '@/platform/templates/form/collect';
import { fetchEntity, fetchFormTemplate, saveEntity, splitLoaded, type Entity } from '@/platform/templates/form/form-api';
import { createValues, macrosOf, updateValues } from '@/platform/templates/form/initial-values';
import { layoutOf } from '@/platform/templates/layouts/registry';
import { formatTitle } from '@/platform/templates/list/field-label';
import { feedback } from '@/platform/feedback';

/**
 * /modules/sale/recive_payment/edit (spec section 2, receive payment): the receipt's FORM template
 * as a page, a new receipt or the one ?id= names. Its tax amount (taxAmout, a MONEY field) shows
 * its figure as money in its tooltip. The template is the one bound to 收款登记's 新增 or 修改
 * button, so the page and the list's dialog are one form; the server checks every save.
 */
export const RECEIPT_EDIT_PATH = '/modules/sale/recive_payment/edit';
const BASE = '/api/money/receipt';
const PERMISSION = { create: 'money_receipt_create', update: 'money_receipt_update' } as const;

export default function ReceiptEditPage() {
  const english = useEnglish();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { query } = usePage();
  const { reply } = useNav();
  const id = query.get('id');
  const mode = id ? 'update' : 'create';
  const button = reply?.buttons.find((b) => b.permision === PERMISSION[mode] && reply.permissions[b.permision]);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const template = useQuery({ queryKey: ['form-template', button?.id], queryFn: () => fetchFormTemplate(button?.id as string), enabled: Boolean(button), retry: false });
  const record = useQuery({ queryKey: ['form-record', BASE, id], queryFn: () => fetchEntity(BASE, id as string), enabled: Boolean(id), retry: false, gcTime: 0 });
  const format = template.data;
  const fields = useMemo(() => format?.formSubList ?? [], [format]);

  useEffect(() => {
    if (!format) return;
    if (mode === 'create') form.setFieldsValue(createValues(fields, macrosOf(user)).values);
    else if (record.data) form.setFieldsValue(updateValues(fields, record.data.entity));
    // defaults are read once per load, not again as the user types
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [format, record.data, mode]);

  const save = async () => {
    const submission = await submitForm(form, fields);
    if (!submission.valid) {
      for (const e of [...new Set(submission.errors)]) feedback.error(e);
      return;
    }
    const entity: Entity = mode === 'update' ? { ...(record.data?.entity ?? {}), ...submission.data } : submission.data;
    setSaving(true);
    try {
      const saved = splitLoaded(await saveEntity(BASE, mode, entity)).entity;
      message.success(english ? 'Saved' : '保存成功');
      if (mode === 'create' && saved.id) navigate(`${RECEIPT_EDIT_PATH}?id=${encodeURIComponent(String(saved.id))}`);
      else await record.refetch();
    } catch (err) {
      if (err instanceof ApiError && err.field && fields.some((f) => f.fieldName === err.field)) form.setFields([{ name: err.field, errors: [err.message] }]);
      else if (!(err instanceof ApiError)) feedback.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  if (reply && !button) return <Result status="403" title={english ? 'No permission to record payments' : '没有收款登记的权限'} />;
  if (template.isError || record.isError) return <Result status="warning" title={english ? 'The form could not be loaded' : '表单加载失败'} />;
  if (!format || (id && !record.data)) return <Spin data-testid="receipt-edit-loading" />;
  const Layout = layoutOf('form', format.formatStyle);
  return (
    <Card size="small" title={formatTitle(format, english)} data-testid="receipt-edit" extra={(
      <Space>
        <Button onClick={() => navigate(RECEIPT_EDIT_PATH)}>{english ? 'New' : '新增'}</Button>
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="receipt-save">{english ? 'Save' : '保存'}</Button>
      </Space>
    )}>
      <Layout style={format.formatStyle} fields={(columns) => <FormRenderer fields={fields} columns={columns} mode={mode} form={form} onEnter={() => void save()} />} childTable={null} />
    </Card>
  );
}
