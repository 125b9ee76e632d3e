import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { CalculationDialog } from '../calculation/CalculationDialog';
import { newStep } from '../calculation/calculation';
import { renderInShell } from '../../form/__tests__/shell';

afterEach(cleanup);

const operands = [{ value: 'price', label: '单价' }, { value: 'quantity', label: '数量' }];
const footer = (name: string) => screen.getByRole('button', { name });

describe('calculation dialog', () => {
  it('has the footer 提 交, 添 加, 删 除, 清 空, 取 消 under the title 计算方式', () => {
    renderInShell(<CalculationDialog open operands={operands} tables={[]} onSubmit={() => {}} onCancel={() => {}} />);
    expect(screen.getByText('计算方式')).toBeTruthy();
    for (const name of ['提 交', '添 加', '删 除', '清 空', '取 消']) expect(footer(name)).toBeTruthy();
  });

  it("asks for a selection before deleting: '最少要选择一条数据！'", async () => {
    renderInShell(<CalculationDialog open operands={operands} tables={[]} initial={{ mode: 'expression', steps: [newStep('operand', 'price')] }} onSubmit={() => {}} onCancel={() => {}} />);
    fireEvent.click(footer('删 除'));
    expect((await screen.findAllByText('最少要选择一条数据！')).length).toBeGreaterThan(0);
  });

  it("clears after '此操作将删除所有数据, 是否继续?': '删除成功!', or '已取消删除'", async () => {
    const onSubmit = vi.fn();
    renderInShell(<CalculationDialog open operands={operands} tables={[]} initial={{ mode: 'expression', steps: [newStep('operand', 'price')] }} onSubmit={onSubmit} onCancel={() => {}} />);
    fireEvent.click(footer('清 空'));
    await screen.findByText('此操作将删除所有数据, 是否继续?');
    await act(async () => {
      fireEvent.click([...document.querySelectorAll('.ant-modal-confirm')].at(-1)!.querySelectorAll('button')[0]);
    });
    await screen.findByText('已取消删除');
    fireEvent.click(footer('清 空'));
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm').length).toBe(2));
    await act(async () => {
      fireEvent.click([...document.querySelectorAll('.ant-modal-confirm')].at(-1)!.querySelector('.ant-btn-primary')!);
    });
    await screen.findByText('删除成功!');
    fireEvent.click(footer('提 交'));
    expect(onSubmit).not.toHaveBeenCalled();
  }, 15_000);

  it("needs a table when summing: '请选择合计表！'", async () => {
    renderInShell(<CalculationDialog open operands={operands} tables={[{ value: 'pu_weigh', label: '采购磅单', fields: [] }]} initial={{ mode: 'sum', table: null, field: null }} onSubmit={() => {}} onCancel={() => {}} />);
    fireEvent.click(footer('提 交'));
    expect((await screen.findAllByText('请选择合计表！')).length).toBeGreaterThan(0);
  });

  it('submits an ordered expression', () => {
    const onSubmit = vi.fn();
    const steps = [newStep('operand', 'price'), newStep('operator', '*'), newStep('operand', 'quantity')];
    renderInShell(<CalculationDialog open operands={operands} tables={[]} initial={{ mode: 'expression', steps }} onSubmit={onSubmit} onCancel={() => {}} />);
    fireEvent.click(footer('提 交'));
    expect(onSubmit.mock.calls[0][0]).toBe('price * quantity');
  });
});
