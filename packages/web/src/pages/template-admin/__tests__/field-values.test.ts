import { describe, expect, it } from 'vitest';
import type { AdminField } from '@wb/protocol';
import { editBody, formValues, optionValue } from '../field-values';

const field = { fieldExplain: '状态', seq: 70, ishow: true, options: [{ value: true, label: '启用', color: 'green' }, { value: false, label: '停用' }] } as unknown as AdminField;

describe('the full field form', () => {
  it('shows option values as text and sends them back in the field type', () => {
    expect(formValues(field).options).toEqual([{ value: 'true', label: '启用', color: 'green' }, { value: 'false', label: '停用' }]);
    expect(optionValue('true', 'BOOLEAN')).toBe(true);
    expect(optionValue('false', 'BOOLEAN')).toBe(false);
    expect(optionValue('3', 'NUMBER')).toBe(3);
    expect(optionValue('BLUE', 'ENUM')).toBe('BLUE');
  });

  it('sends emptied text as null, but never an empty label, seq or flag', () => {
    const body = editBody({ fieldExplain: ' ', seq: null as never, ishow: undefined, tipsMessage: '', defaultValue: 'x', options: [] }, 'TEXT');
    expect(body).not.toHaveProperty('fieldExplain');
    expect(body).not.toHaveProperty('seq');
    expect(body).not.toHaveProperty('ishow');
    expect(body).toMatchObject({ tipsMessage: null, defaultValue: 'x', options: [] });
  });

  it('drops an empty colour and an unticked disabled from options', () => {
    const body = editBody({ options: [{ value: '1', label: '一', color: '', disabled: false }] }, 'NUMBER');
    expect(body.options).toEqual([{ value: 1, label: '一' }]);
  });
});
