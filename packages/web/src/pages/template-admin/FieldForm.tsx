import { useEffect } from 'react';
import { AutoComplete, Button, Checkbox, Divider, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { ADMIN_FORM_SUBMIT_TYPES, ADMIN_SEARCH_TYPES, type AdminField } from '@wb/protocol';
import { feedback } from '@/platform/feedback';
import { fetchValidations, updateField } from './api';
import { CalculateSetup } from './CalculateSetup';
import { FormatPicker } from './FormatPicker';
import { useAdminTexts } from './texts';
import { useConfirmedUpdate } from './useConfirmedUpdate';
import { useTemplateChanged } from './useTemplateChanged';
import { editBody, FLAGS, formValues, type Values } from './field-values';

/** Every property of one field (spec section 3, field definition), saved as one edit. */
export function FieldForm({ field, siblings }: { field: AdminField; siblings: AdminField[] }) {
  const tx = useAdminTexts();
  const [form] = Form.useForm<Values>();
  const confirmUpdate = useConfirmedUpdate();
  const changed = useTemplateChanged();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(formValues(field));
  }, [form, field]);
  const readLocked = !field.readable;
  const calculated = Form.useWatch('formSubmitType', form) === 'CALCULATE';
  const { data: validations } = useQuery({ queryKey: ['template-admin', 'validations'], queryFn: fetchValidations, staleTime: 60_000 });

  const save = (v: Values) =>
    confirmUpdate(async () => {
      await updateField(field.id, { version: field.version, ...editBody(v, field.fieldType) });
      feedback.success(tx.saved);
      changed();
    });

  const f = tx.fields;
  const d = tx.field;
  return (
    <Form form={form} layout="vertical" onFinish={save} data-testid="field-form">
      <Divider titlePlacement="start">{d.basics}</Divider>
      <div className="ta-form-grid">
        <Form.Item label={f.fieldName}><Input value={field.fieldName} disabled /></Form.Item>
        <Form.Item label={f.fieldType}><Input value={field.fieldType} disabled /></Form.Item>
        <Form.Item name="fieldExplain" label={f.label} rules={[{ required: true, message: `${f.label}不能为空！` }]}><Input data-testid="dt-label" /></Form.Item>
        <Form.Item name="fieldExplainEn" label={f.labelEn}><Input /></Form.Item>
        <Form.Item name="seq" label={f.seq}><InputNumber min={0} max={100000} style={{ width: '100%' }} /></Form.Item>
        <Form.Item name="tipsMessage" label={d.tipsMessage}><Input /></Form.Item>
      </div>
      <Divider titlePlacement="start">{d.list}</Divider>
      <Space wrap size="large" className="ta-flags">
        {FLAGS.map((flag) => (
          <Form.Item key={flag} name={flag} valuePropName="checked" noStyle>
            <Checkbox disabled={readLocked && ['iallowQuery', 'iallowAdvanceQuery', 'itotal', 'isortField', 'idefinedSort'].includes(flag) && !field[flag]}>{f[flag]}</Checkbox>
          </Form.Item>
        ))}
      </Space>
      <div className="ta-form-grid" style={{ marginTop: 12 }}>
        <Form.Item name="sortMethod" label={f.sortMethod}><Select allowClear options={[{ value: 'asc', label: f.asc }, { value: 'desc', label: f.desc }]} /></Form.Item>
        <Form.Item name="columnWidth" label={f.columnWidth}><InputNumber min={20} max={2000} style={{ width: '100%' }} /></Form.Item>
        <Form.Item name="fixed" label={f.fixed}><Select allowClear options={[{ value: 'left', label: f.left }, { value: 'right', label: f.right }]} /></Form.Item>
        <Form.Item name="searchType" label={d.searchType}><Select allowClear options={ADMIN_SEARCH_TYPES.map((v) => ({ value: v, label: v }))} /></Form.Item>
      </div>
      <Divider titlePlacement="start">{d.form}</Divider>
      <div className="ta-form-grid">
        <Form.Item name="formSubmitType" label={d.formSubmitType}><Select allowClear showSearch options={ADMIN_FORM_SUBMIT_TYPES.map((v) => ({ value: v, label: v }))} /></Form.Item>
        <Form.Item name="defaultValue" label={d.defaultValue}><Input /></Form.Item>
        <Form.Item name="rows" label={d.rows}><InputNumber min={1} max={20} style={{ width: '100%' }} /></Form.Item>
        <Form.Item name="controlValue" label={d.controlValue}><Input /></Form.Item>
        <Form.Item name="cgFormatResId" label={d.cgFormatResId}>
          <FormatPickerField />
        </Form.Item>
        {calculated && (
          <Form.Item name="calculate" label={d.calculate}>
            <CalculateSetup field={field} siblings={siblings} />
          </Form.Item>
        )}
      </div>
      <Form.Item label={d.options}>
        <Form.List name="options">
          {(items, { add, remove }) => (
            <>
              {items.map(({ key, name }) => (
                <div key={key} className="ta-option-row">
                  <Form.Item name={[name, 'value']} rules={[{ required: true, message: `${d.optionValue}不能为空！` }]}><Input placeholder={d.optionValue} style={{ width: 140 }} /></Form.Item>
                  <Form.Item name={[name, 'label']} rules={[{ required: true, message: `${d.optionLabel}不能为空！` }]}><Input placeholder={d.optionLabel} style={{ width: 160 }} /></Form.Item>
                  <Form.Item name={[name, 'labelEn']}><Input placeholder={d.optionLabelEn} style={{ width: 140 }} /></Form.Item>
                  <Form.Item name={[name, 'color']}><Input placeholder={d.optionColor} style={{ width: 110 }} /></Form.Item>
                  <Form.Item name={[name, 'disabled']} valuePropName="checked" label={d.optionDisabled}><Switch size="small" /></Form.Item>
                  <MinusCircleOutlined onClick={() => remove(name)} aria-label={tx.remove} />
                </div>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ value: '', label: '' })}>{d.addOption}</Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <Divider titlePlacement="start">{d.validation}</Divider>
      <div className="ta-form-grid">
        <Form.Item name="validateMethod" label={d.validateMethod}>
          <AutoComplete
            placeholder="^\d+$"
            options={(validations ?? []).map((v) => ({ value: v.validateMethod, label: `${v.validateMethod}  ${v.validateTitle ?? ''}` }))}
            onSelect={(method: string) => {
              const known = validations?.find((v) => v.validateMethod === method);
              if (known?.validateTitle && !form.getFieldValue('validateTitle')) form.setFieldValue('validateTitle', known.validateTitle);
            }}
          />
        </Form.Item>
        <Form.Item name="validateTitle" label={d.validateTitle}><Input /></Form.Item>
        <Form.Item name="valFormatFun" label={d.valFormatFun}><Input /></Form.Item>
      </div>
      <Button type="primary" htmlType="submit" data-testid="dt-save">{d.save}</Button>
    </Form>
  );
}

/** The popup template picker as a form control (value/onChange from Form.Item). */
function FormatPickerField({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  return <FormatPicker formatType="RESOURCE" value={value ?? null} onChange={(v) => onChange?.(v)} width={260} />;
}
