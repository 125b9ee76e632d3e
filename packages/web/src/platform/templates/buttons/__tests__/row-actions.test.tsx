import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuButton } from '@wb/protocol';
import { initI18n } from '@/i18n';
import { rowsAllowButton } from '../action-rules';
import { ButtonGroup } from '../../list/ButtonGroup';

initI18n('zh-CN');
afterEach(cleanup);

const disabled = (testId: string) => (screen.getByTestId(testId).closest('button') as HTMLButtonElement).disabled;

const button = (id: string, component: string, label: string): MenuButton => ({
  id, menuId: '2', name: label, label, labelEn: label, icon: null, permision: `weigh_pu_${id}`, path: null, component, menuFlag: 'web',
});

const posted = { id: '1', rowActions: { returnGoods: true, reversedown: true, down: false } };
const returnedAndPosted = { id: '2', rowActions: { returnGoods: false, reversedown: false, down: false } };
const plain = { id: '3' };

describe('buttons the selected rows’ lifecycle refuses', () => {
  it('are refused when any selected row says no, by the action or the family action’s name', () => {
    expect(rowsAllowButton('one:returnGoods', [posted])).toBe(true);
    expect(rowsAllowButton('one:returnGoods', [posted, returnedAndPosted])).toBe(false);
    expect(rowsAllowButton('batch:reversedown', [returnedAndPosted])).toBe(false);
    expect(rowsAllowButton('batch:down', [posted])).toBe(false);
  });
  it('are left to the server when a row or the lifecycle does not say', () => {
    expect(rowsAllowButton('batch:cancelUpload', [returnedAndPosted])).toBe(true);
    expect(rowsAllowButton('audit', [plain])).toBe(true);
    expect(rowsAllowButton('one:returnGoods', [])).toBe(true);
  });

  it('shows them disabled in the group', () => {
    const buttons = [
      button('a', 'one:returnGoods', '退货'), button('b', 'batch:reversedown', '反过账'), button('c', 'export', '导出'),
      button('d', 'batch:down', '过账'), button('e', 'audit', '审核'), button('f', 'unaudit', '反审核'), button('g', 'batch:merge', '合并'),
    ];
    render(<App><ButtonGroup buttons={buttons} hasAdvanced={false} busy={null} selectedRows={[returnedAndPosted]} onButton={vi.fn()} onAdvanced={vi.fn()} /></App>);
    expect(disabled('btn-one:returnGoods')).toBe(true);
    expect(disabled('btn-batch:reversedown')).toBe(true);
    expect(disabled('btn-export')).toBe(false);
    expect(disabled('btn-audit')).toBe(false);
  });

  it('enables them again for a row that allows them', () => {
    const buttons = [button('a', 'one:returnGoods', '退货'), button('b', 'batch:reversedown', '反过账')];
    render(<App><ButtonGroup buttons={buttons} hasAdvanced={false} busy={null} selectedRows={[posted]} onButton={vi.fn()} onAdvanced={vi.fn()} /></App>);
    expect(disabled('btn-one:returnGoods')).toBe(false);
    expect(disabled('btn-batch:reversedown')).toBe(false);
  });
});
