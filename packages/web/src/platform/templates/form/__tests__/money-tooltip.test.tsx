import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Form } from 'antd';
import type { FieldDefinition } from '@wb/protocol';
import { FormRenderer } from '../FormRenderer';
import { field } from '../rules/__tests__/field';
import { renderInShell } from './shell';

afterEach(cleanup);

// The receipt form (收款登记, /modules/sale/recive_payment/edit): its tax amount taxAmout is a
// MONEY field, whose tooltip shows the figure as money (spec section 2).
const taxAmout = field({ fieldName: 'taxAmout', fieldExplain: '税额', formSubmitType: 'NUMBER', classType: 'MONEY', seq: 1 });

function Harness({ fields, values }: { fields: FieldDefinition[]; values: Record<string, unknown> }) {
  const [form] = Form.useForm();
  useEffect(() => form.setFieldsValue(values), [form, values]);
  return <FormRenderer fields={fields} columns={4} mode="create" form={form} />;
}

describe('a money field\'s tooltip', () => {
  it('shows the tax amount with the yuan sign, thousands separators and two decimals, and in words', async () => {
    renderInShell(<Harness fields={[taxAmout]} values={{ taxAmout: 12345.6 }} />);
    fireEvent.mouseEnter(screen.getByLabelText('税额'));
    const tip = await screen.findByTestId('money-tooltip');
    expect(tip.querySelector('.wb-money-figure')?.textContent).toBe('¥12,345.60');
    expect(tip.textContent).toContain('壹万贰仟叁佰肆拾伍元陆角');
  });

  it('shows nothing for a value that is not money', async () => {
    renderInShell(<Harness fields={[taxAmout]} values={{ taxAmout: '1.00001' }} />);
    fireEvent.mouseEnter(screen.getByLabelText('税额'));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('money-tooltip')).toBeNull();
  });
});
