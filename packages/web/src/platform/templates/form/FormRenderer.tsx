import { useMemo } from 'react';
import { Col, Form, Row, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { FieldDefinition } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { fieldLabel, withOptionLabels } from '../list/field-label';
import { FieldControl } from './fields/FieldControl';
import { checkFieldValue } from './rules/field-checks';
import { toFormValues } from './rules/form-values';
import { FORM_MIN_WIDTH, LABEL_WIDTH, fieldSpan, isFieldReadOnly, isFieldShown, orderedFields, type FormColumns, type FormMode } from './rules/layout';
import './form.css';

export interface FormRendererProps {
  fields: FieldDefinition[];
  columns: FormColumns;
  mode: FormMode;
  form: FormInstance;
  /** Enter in a one-line input submits (spec section 2) */
  onEnter?: () => void;
}

function rulesFor(field: FieldDefinition, english: boolean): Rule[] {
  return [
    {
      validator: async (_rule, value) => {
        const problem = checkFieldValue(field, value, { wording: 'form', required: field.irequired, english });
        if (problem) throw new Error(problem);
      },
    },
  ];
}

function submitsOnEnter(event: React.KeyboardEvent): boolean {
  const target = event.target as HTMLElement;
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return false;
  // Enter in a textarea is a new line; in an open dropdown it picks the option; in a date picker
  // it takes the typed date
  if (target.tagName === 'TEXTAREA' || target.closest('.ant-picker')) return false;
  return target.tagName === 'INPUT' && target.getAttribute('aria-expanded') !== 'true';
}

/** A template's form: one widget per field, laid out in 4 or 8 columns, shown by ishow/ihidden/controlValue. */
export function FormRenderer({ fields, columns, mode, form, onEnter }: FormRendererProps) {
  const english = useEnglish();
  const values = (Form.useWatch((v: Record<string, unknown>) => v, { form, preserve: true }) ?? {}) as Record<string, unknown>;
  const ordered = useMemo(() => orderedFields(fields).map((f) => withOptionLabels(f, english)), [fields, english]);
  const shown = ordered.filter((f) => isFieldShown(f, values));
  const fieldNames = useMemo(() => ordered.map((f) => f.fieldName), [ordered]);
  // values from a popup or a suggestion arrive in wire form: dates as text, choices as stored
  const setFields = (next: Record<string, unknown>) => form.setFieldsValue(toFormValues(ordered, next));
  return (
    <Form
      form={form}
      className="wb-template-form"
      labelCol={{ flex: `${LABEL_WIDTH}px` }}
      labelWrap
      colon={false}
      style={{ minWidth: FORM_MIN_WIDTH }}
      data-columns={columns}
      onKeyDown={(e) => {
        if (onEnter && submitsOnEnter(e)) {
          e.preventDefault();
          onEnter();
        }
      }}
    >
      <Row gutter={12}>
        {shown.map((field) => (
          <Col key={field.fieldName} {...fieldSpan(field, columns)} data-field={field.fieldName}>
            <Form.Item
              name={field.fieldName}
              label={fieldLabel(field, english)}
              required={field.irequired}
              rules={rulesFor(field, english)}
              validateTrigger={['onBlur', 'onChange']}
              tooltip={field.tipsMessage || undefined}
            >
              <FieldControl field={field} disabled={isFieldReadOnly(field, mode)} formValues={values} fieldNames={fieldNames} setFields={setFields} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Form>
  );
}
