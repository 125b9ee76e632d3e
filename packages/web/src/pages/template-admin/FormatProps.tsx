import { useEffect } from 'react';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import type { AdminFormat, FormatEditBody } from '@wb/protocol';
import { feedback } from '@/platform/feedback';
import { updateFormat } from './api';
import { useAdminTexts } from './texts';
import { useConfirmedUpdate } from './useConfirmedUpdate';
import { useTemplateChanged } from './useTemplateChanged';

type Values = Omit<FormatEditBody, 'version'>;

/** A format's presentation properties: name, page size, remark and, for popups, their search and label fields. */
export function FormatProps({ format }: { format: AdminFormat }) {
  const tx = useAdminTexts();
  const [form] = Form.useForm<Values>();
  const confirmUpdate = useConfirmedUpdate();
  const changed = useTemplateChanged();
  useEffect(() => {
    form.setFieldsValue({
      formatName: format.formatName, formatNameEn: format.formatNameEn, ps: format.ps, remark: format.remark,
      valueResourceSubName: format.valueResourceSubName, viewResourceSubName: format.viewResourceSubName,
    });
  }, [form, format]);
  const fieldChoices = format.fields.map((f) => ({ value: f.fieldName, label: `${f.fieldExplain} (${f.fieldName})` }));
  const popup = format.formatType === 'RESOURCE';

  const save = (v: Values) =>
    confirmUpdate(async () => {
      await updateFormat(format.id, {
        version: format.version, formatName: v.formatName, formatNameEn: v.formatNameEn || null, ps: v.ps ?? null, remark: v.remark || null,
        ...(popup ? { valueResourceSubName: v.valueResourceSubName ?? null, viewResourceSubName: v.viewResourceSubName ?? null } : {}),
      });
      feedback.success(tx.saved);
      changed();
    });

  return (
    <Form form={form} layout="inline" className="ta-format-props" onFinish={save} data-testid="format-props">
      <Form.Item name="formatName" label={tx.formats.name} rules={[{ required: true, message: `${tx.formats.name}不能为空！` }]}>
        <Input style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="formatNameEn" label={tx.formats.nameEn}><Input style={{ width: 200 }} data-testid="format-name-en" /></Form.Item>
      <Form.Item name="ps" label={tx.format.ps}><InputNumber min={1} max={100} /></Form.Item>
      {popup && (
        <>
          <Form.Item name="valueResourceSubName" label={tx.format.valueSub}><Select allowClear style={{ width: 180 }} options={fieldChoices} /></Form.Item>
          <Form.Item name="viewResourceSubName" label={tx.format.viewSub}><Select allowClear style={{ width: 180 }} options={fieldChoices} /></Form.Item>
        </>
      )}
      <Form.Item name="remark" label={tx.format.remark}><Input style={{ width: 260 }} /></Form.Item>
      <Form.Item><Button htmlType="submit">{tx.format.save}</Button></Form.Item>
    </Form>
  );
}
