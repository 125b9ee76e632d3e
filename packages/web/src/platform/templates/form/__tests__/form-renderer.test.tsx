import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import type { FieldDefinition } from '@wb/protocol';
import { FormRenderer } from '../FormRenderer';
import { submitForm } from '../collect';
import type { FormMode } from '../rules/layout';
import { field } from '../rules/__tests__/field';
import { renderInShell } from './shell';

afterEach(cleanup);

function Harness({ fields, mode = 'create', values, onForm, onEnter }: { fields: FieldDefinition[]; mode?: FormMode; values?: Record<string, unknown>; onForm?: (f: FormInstance) => void; onEnter?: () => void }) {
  const [form] = Form.useForm();
  useEffect(() => {
    if (values) form.setFieldsValue(values);
    onForm?.(form);
  }, [form, values, onForm]);
  return <FormRenderer fields={fields} columns={4} mode={mode} form={form} onEnter={onEnter} />;
}

const vehicleFields = [
  field({ fieldName: 'plateNumber', fieldExplain: '车牌号', irequired: true, seq: 1 }),
  field({ fieldName: 'hasTrailer', fieldExplain: '是否有挂车', formSubmitType: 'BOOLEAN', seq: 2 }),
  field({ fieldName: 'trailerPlateNumber', fieldExplain: '挂车车牌号', controlValue: 'hasTrailer=true', seq: 3 }),
];

const inputOf = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('form renderer', () => {
  it('shows the trailer fields only while hasTrailer is on', async () => {
    renderInShell(<Harness fields={vehicleFields} values={{ hasTrailer: false }} />);
    expect(screen.queryByText('挂车车牌号')).toBeNull();
    fireEvent.click(screen.getByRole('switch'));
    await screen.findByText('挂车车牌号');
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(screen.queryByText('挂车车牌号')).toBeNull());
  });

  it('upper-cases a plate as typed and expands a single province letter', async () => {
    renderInShell(<Harness fields={vehicleFields} />);
    fireEvent.change(inputOf('车牌号'), { target: { value: 'z' } });
    await waitFor(() => expect(inputOf('车牌号').value).toBe('浙'));
    fireEvent.change(inputOf('车牌号'), { target: { value: '浙a12345' } });
    await waitFor(() => expect(inputOf('车牌号').value).toBe('浙A12345'));
  });

  it('reports a failed validation with its message and still hands over the data', async () => {
    let form: FormInstance | undefined;
    renderInShell(<Harness fields={vehicleFields} values={{ hasTrailer: true, trailerPlateNumber: ' 浙a1234挂 ' }} onForm={(f) => (form = f)} />);
    await waitFor(() => expect(form).toBeDefined());
    let result: Awaited<ReturnType<typeof submitForm>> | undefined;
    await act(async () => {
      result = await submitForm(form!, vehicleFields);
    });
    expect(result!.valid).toBe(false);
    expect(result!.errors).toEqual(['必须填写车牌号']);
    expect(result!.data).toEqual({ plateNumber: null, hasTrailer: true, trailerPlateNumber: '浙A1234挂' });
    await screen.findByText('必须填写车牌号');
  });

  it('makes a field that may not be updated read-only in an update', async () => {
    const fields = [field({ fieldName: 'plateNumber', fieldExplain: '车牌号', iupdate: false }), field({ fieldName: 'carOwner', fieldExplain: '车主' })];
    renderInShell(<Harness fields={fields} mode="update" />);
    expect(inputOf('车牌号').disabled).toBe(true);
    expect(inputOf('车主').disabled).toBe(false);
  });

  it('makes every field read-only when weighing', () => {
    renderInShell(<Harness fields={vehicleFields} mode="weigh" />);
    expect(inputOf('车牌号').disabled).toBe(true);
    expect((screen.getByRole('switch') as HTMLButtonElement).disabled).toBe(true);
  });

  it('renders an unknown type as a visible placeholder', () => {
    renderInShell(<Harness fields={[field({ fieldName: 'sig', fieldExplain: '签名', formSubmitType: 'SIGNATURE_PAD' })]} />);
    expect(inputOf('签名').value).toBe('暂不支持的字段类型：SIGNATURE_PAD');
  });

  it('submits on Enter in a one-line input, not in a textarea', () => {
    const onEnter = vi.fn();
    const fields = [field({ fieldName: 'carOwner', fieldExplain: '车主' }), field({ fieldName: 'remark', fieldExplain: '备注', formSubmitType: 'TEXTAREA' })];
    renderInShell(<Harness fields={fields} onEnter={onEnter} />);
    fireEvent.keyDown(inputOf('车主'), { key: 'Enter' });
    expect(onEnter).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByLabelText('备注'), { key: 'Enter' });
    expect(onEnter).toHaveBeenCalledTimes(1);
  });

  it('keeps a calculated field current with the fields it reads', async () => {
    const fields = [
      field({ fieldName: 'price', fieldExplain: '单价', formSubmitType: 'NUMBER' }),
      field({ fieldName: 'quantity', fieldExplain: '数量', formSubmitType: 'NUMBER' }),
      field({ fieldName: 'amount', fieldExplain: '金额', formSubmitType: 'CALCULATE', calculate: 'price*quantity' }),
    ];
    renderInShell(<Harness fields={fields} values={{ price: 2.5, quantity: 3 }} />);
    await waitFor(() => expect(inputOf('金额').value).toBe('7.5'));
  });

  it('shows a TIME_BOX_TIM time of day on a time picker and hands it back as HH:mm:ss', async () => {
    const fields = [field({ fieldName: 'quotaDayStart', fieldExplain: '限额日起始', formSubmitType: 'TIME_BOX_TIM' })];
    let form: FormInstance | undefined;
    renderInShell(<Harness fields={fields} values={{ quotaDayStart: '08:00:00' }} onForm={(f) => (form = f)} />);
    await waitFor(() => expect(inputOf('限额日起始').value).toBe('08:00:00'));
    let result: Awaited<ReturnType<typeof submitForm>> | undefined;
    await act(async () => {
      result = await submitForm(form!, fields);
    });
    expect(result!.data).toEqual({ quotaDayStart: '08:00:00' });
  });

  it('shows a DATA_RANGE_BOX kept as from,to text as two days, and hands an untouched one back as it came', async () => {
    const fields = [field({ fieldName: 'validDays', fieldExplain: '生效日期', formSubmitType: 'DATA_RANGE_BOX' })];
    let form: FormInstance | undefined;
    const { container } = renderInShell(<Harness fields={fields} values={{ validDays: '2026-02-10,2026-02-17' }} onForm={(f) => (form = f)} />);
    await waitFor(() => expect([...container.querySelectorAll<HTMLInputElement>('.ant-picker-range input')].map((i) => i.value)).toEqual(['2026-02-10', '2026-02-17']));
    let result: Awaited<ReturnType<typeof submitForm>> | undefined;
    await act(async () => {
      result = await submitForm(form!, fields);
    });
    // the server reads 'from,to' text as it reads the picker's pair (values.test.ts: the pair a picked range saves)
    expect(result!.data).toEqual({ validDays: '2026-02-10,2026-02-17' });
  });
});
