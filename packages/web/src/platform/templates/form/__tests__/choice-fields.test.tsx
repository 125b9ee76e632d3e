import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import type { FieldDefinition } from '@wb/protocol';
import { FormRenderer } from '../FormRenderer';
import { submitForm } from '../collect';
import type { FormMode } from '../rules/layout';
import { field } from '../rules/__tests__/field';
import { renderInShell } from './shell';

afterEach(cleanup);

function Harness({ fields, mode = 'create', values, onForm }: { fields: FieldDefinition[]; mode?: FormMode; values?: Record<string, unknown>; onForm?: (f: FormInstance) => void }) {
  const [form] = Form.useForm();
  useEffect(() => {
    if (values) form.setFieldsValue(values);
    onForm?.(form);
  }, [form, values, onForm]);
  return <FormRenderer fields={fields} columns={4} mode={mode} form={form} />;
}

// the blacklist's 适用业务 (server masterdata/blacklist): the businesses an entry bars
const businesses = field({
  fieldName: 'businessKinds', fieldExplain: '适用业务', fieldType: 'ENUM', formSubmitType: 'MULTIPLE_SELECTION',
  options: [{ value: 'pu', label: '采购' }, { value: 'sa', label: '销售' }, { value: 'al', label: '调拨' }],
});

describe('MULTIPLE_SELECTION', () => {
  it('shows a checkbox per option, ticks the stored ones (a list or the comma text) and submits the ticked ones as a list in the order of the options', async () => {
    let form: FormInstance | undefined;
    renderInShell(<Harness fields={[businesses]} values={{ businessKinds: 'sa,al' }} onForm={(f) => (form = f)} />);
    const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    await waitFor(() => expect(['采购', '销售', '调拨'].map((l) => box(l).checked)).toEqual([false, true, true]));
    fireEvent.click(box('调拨'));
    fireEvent.click(box('采购'));
    await waitFor(() => expect(box('采购').checked).toBe(true));
    let result: Awaited<ReturnType<typeof submitForm>> | undefined;
    await act(async () => {
      result = await submitForm(form!, [businesses]);
    });
    expect(result!.data).toEqual({ businessKinds: ['pu', 'sa'] });
  });

  it('asks for at least one when required', async () => {
    let form: FormInstance | undefined;
    renderInShell(<Harness fields={[{ ...businesses, irequired: true }]} onForm={(f) => (form = f)} />);
    await waitFor(() => expect(form).toBeDefined());
    let result: Awaited<ReturnType<typeof submitForm>> | undefined;
    await act(async () => {
      result = await submitForm(form!, [{ ...businesses, irequired: true }]);
    });
    expect(result!.valid).toBe(false);
    expect(result!.errors).toEqual(['至少选择一项适用业务']);
  });
});
