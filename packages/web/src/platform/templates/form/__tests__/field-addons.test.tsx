import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import type { FieldDefinition } from '@wb/protocol';
import { FormRenderer } from '../FormRenderer';
import { afterSaveAddons, FieldAddonContext, registerFieldAddon, type FieldAddonProps } from '../field-addons';
import { field } from '../rules/__tests__/field';
import { renderInShell } from './shell';

// A page's action beside a field, named by the field's classType: rendered next to the widget
// inside an open form, able to fill the form, and told of the save.

afterEach(cleanup);

function Fill({ setFields, form }: FieldAddonProps) {
  return <button type="button" onClick={() => setFields?.({ tagNo: `T-${form.mode}`, tagId: '42' })}>fill</button>;
}

const afterSave = vi.fn();
registerFieldAddon('testTag', { Control: Fill, readOnly: true, afterSave });

const fields: FieldDefinition[] = [
  field({ fieldName: 'tagNo', fieldExplain: '标签号', classType: 'testTag', seq: 1 }),
  field({ fieldName: 'tagId', fieldExplain: '标签编号', ishow: false, ihidden: true, seq: 2 }),
  field({ fieldName: 'remark', fieldExplain: '备注', seq: 3 }),
];

function Harness({ inForm, onForm }: { inForm: boolean; onForm: (f: FormInstance) => void }) {
  const [form] = Form.useForm();
  useEffect(() => {
    onForm(form);
  }, [form, onForm]);
  const body = <FormRenderer fields={fields} columns={4} mode="create" form={form} />;
  return inForm ? <FieldAddonContext.Provider value={{ base: '/api/x', mode: 'create' }}>{body}</FieldAddonContext.Provider> : body;
}

describe('field addons', () => {
  it('puts the addon beside its field, keeps the input read-only, and lets it fill the form', async () => {
    let form: FormInstance | undefined;
    renderInShell(<Harness inForm onForm={(f) => (form = f)} />);
    expect((screen.getByLabelText('标签号') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('备注') as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByText('fill'));
    await waitFor(() => expect(form?.getFieldsValue(true)).toMatchObject({ tagNo: 'T-create', tagId: '42' }));
  });

  it('shows the plain widget outside a form dialog', () => {
    renderInShell(<Harness inForm={false} onForm={() => {}} />);
    expect(screen.queryByText('fill')).toBeNull();
  });

  it('tells the fields with an addon of the save', () => {
    afterSave.mockClear();
    afterSaveAddons(fields, { base: '/api/x', mode: 'create', saved: { id: '1' }, before: {} });
    expect(afterSave).toHaveBeenCalledTimes(1);
    expect(afterSave.mock.calls[0][0]).toMatchObject({ field: { fieldName: 'tagNo' }, saved: { id: '1' } });
  });
});
