import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { TreeTransfer } from '../tree-transfer/TreeTransfer';
import { allKeys, treeFromFlat } from '../tree-transfer/tree-moves';
import { renderInShell } from '../../form/__tests__/shell';

afterEach(cleanup);

const book = () => treeFromFlat([
  { id: 1, pid: 0, name: '质检部' },
  { id: 11, pid: 1, name: '张三', email: 'zhang@plant.cn' },
  { id: 12, pid: 1, name: '李四', email: 'li@plant.cn' },
  { id: 2, pid: 0, name: '财务部' },
  { id: 21, pid: 2, name: '王五', email: 'wang@plant.cn' },
]);

const checkNode = (panel: string, title: string) => {
  const node = within(screen.getByTestId(panel)).getByText(title).closest('.ant-tree-treenode') as HTMLElement;
  fireEvent.click(node.querySelector('.ant-tree-checkbox') as HTMLElement);
};
const button = (name: string) => screen.getByRole('button', { name: new RegExp(name) }) as HTMLButtonElement;

describe('tree transfer', () => {
  it('keeps add and remove disabled until something is checked on their side', () => {
    renderInShell(<TreeTransfer source={book()} />);
    expect(button('添加').disabled).toBe(true);
    expect(button('移除').disabled).toBe(true);
    checkNode('tt-source', '张三');
    expect(button('添加').disabled).toBe(false);
    expect(button('移除').disabled).toBe(true);
  });

  it('moves a leaf with its parent chain and clears the checks', () => {
    const onChange = vi.fn();
    renderInShell(<TreeTransfer source={book()} onChange={onChange} />);
    checkNode('tt-source', '张三');
    fireEvent.click(button('添加'));
    const target = within(screen.getByTestId('tt-target'));
    expect(target.getByText('质检部')).toBeTruthy();
    expect(target.getByText('张三')).toBeTruthy();
    expect(within(screen.getByTestId('tt-source')).queryByText('张三')).toBeNull();
    expect(onChange.mock.calls.at(-1)![0].map((n: { key: string }) => n.key)).toEqual(['1']);
    expect(allKeys(onChange.mock.calls.at(-1)![0])).toEqual(['1', '11']);
    expect(button('添加').disabled).toBe(true);
    expect(document.querySelectorAll('.ant-tree-checkbox-checked')).toHaveLength(0);
  });

  it('moves the default checked keys at once with defaultTransfer', () => {
    renderInShell(<TreeTransfer source={book()} defaultTransfer defaultCheckedKeys={['21']} titles={['全部人员', '已选人员']} />);
    expect(within(screen.getByTestId('tt-target')).getByText('王五')).toBeTruthy();
    expect(screen.getByText('已选人员')).toBeTruthy();
  });

  it('moves again when the default keys change', async () => {
    const source = book();
    const { rerenderInShell } = renderInShell(<TreeTransfer source={source} defaultTransfer defaultCheckedKeys={['21']} />);
    expect(within(screen.getByTestId('tt-target')).queryByText('张三')).toBeNull();
    rerenderInShell(<TreeTransfer source={source} defaultTransfer defaultCheckedKeys={['21', '11']} />);
    expect(within(await screen.findByTestId('tt-target')).getByText('张三')).toBeTruthy();
  });

  it('selects all with an indeterminate state in between', () => {
    renderInShell(<TreeTransfer source={book()} />);
    const all = within(screen.getByTestId('tt-source')).getByRole('checkbox', { name: /源列表/ }) as HTMLInputElement;
    checkNode('tt-source', '张三');
    expect(all.closest('.ant-checkbox')!.className).toContain('indeterminate');
    fireEvent.click(all);
    expect(document.querySelectorAll('[data-testid="tt-source"] .ant-tree-checkbox-checked').length).toBe(5);
  });

  it('adds address entries once each, removes one and clears a list', () => {
    const onAddressChange = vi.fn();
    renderInShell(<TreeTransfer mode="addressList" source={book()} onAddressChange={onAddressChange} />);
    checkNode('tt-source', '质检部');
    fireEvent.click(within(screen.getByText(/收件人/).closest('.ant-collapse-item') as HTMLElement).getByRole('button', { name: /^添\s?加$/ }));
    checkNode('tt-source', '张三');
    fireEvent.click(within(screen.getByText(/收件人/).closest('.ant-collapse-item') as HTMLElement).getByRole('button', { name: /^添\s?加$/ }));
    const to = within(screen.getByTestId('tt-to'));
    expect(to.getByText('张三 {zhang@plant.cn}')).toBeTruthy();
    expect(onAddressChange.mock.calls.at(-1)![0].to.map((e: { key: string }) => e.key)).toEqual(['11', '12']);
    fireEvent.click(to.getByText('李四 {li@plant.cn}').querySelector('.anticon-close') as HTMLElement);
    expect(onAddressChange.mock.calls.at(-1)![0].to.map((e: { key: string }) => e.key)).toEqual(['11']);
  });
});
