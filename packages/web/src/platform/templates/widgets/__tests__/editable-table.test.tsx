import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EditableTable, type EditableTableProps } from '../editable-table/EditableTable';
import { keyRows, type Row } from '../editable-table/rows';
import { field } from '../../form/rules/__tests__/field';
import { renderInShell } from '../../form/__tests__/shell';
import { useResourcePopups } from '../../popups/resource-popup-store';

afterEach(cleanup);

const fields = [
  field({ fieldName: 'invName', fieldExplain: '物料', irequired: true, seq: 1 }),
  field({ fieldName: 'weight', fieldExplain: '重量', formSubmitType: 'NUMBER', itotal: true, seq: 2 }),
  field({ fieldName: 'isSample', fieldExplain: '取样', formSubmitType: 'BOOLEAN', seq: 3 }),
];

let latest: Row[] = [];
function Harness(props: Partial<EditableTableProps> & { initial: Record<string, unknown>[] }) {
  const [rows, setRows] = useState<Row[]>(() => keyRows(props.initial));
  latest = rows;
  return <EditableTable fields={fields} value={rows} onChange={setRows} sortable {...props} />;
}

const names = () => latest.map((r) => r.invName);
const bodyRows = () => Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')) as HTMLElement[];

describe('editable table', () => {
  it('numbers rows, shows booleans as 是/否 and totals with 合计', () => {
    renderInShell(<Harness initial={[{ invName: '石灰石', weight: 0.1, isSample: true }, { invName: '粘土', weight: 0.2, isSample: false }]} />);
    expect(within(bodyRows()[0]).getByText('是')).toBeTruthy();
    expect(within(bodyRows()[1]).getByText('否')).toBeTruthy();
    const summary = document.querySelector('.wb-et-summary') as HTMLElement;
    expect(within(summary).getByText('合计')).toBeTruthy();
    expect(within(summary).getByText('0.3')).toBeTruthy();
  });

  it('moves a row with the sort-order input on Enter and renumbers seq', () => {
    renderInShell(<Harness initial={[{ invName: 'a' }, { invName: 'b' }, { invName: 'c' }]} />);
    const order = bodyRows()[0].querySelector('.wb-et-order input') as HTMLInputElement;
    fireEvent.change(order, { target: { value: '2' } });
    fireEvent.keyDown(order, { key: 'Enter', keyCode: 13 });
    expect(names()).toEqual(['b', 'c', 'a']);
    expect(latest.map((r) => r.seq)).toEqual([1, 2, 3]);
  });

  it('moves a row dragged onto another', () => {
    renderInShell(<Harness initial={[{ invName: 'a' }, { invName: 'b' }, { invName: 'c' }]} />);
    const handle = bodyRows()[2].querySelector('.wb-et-handle') as HTMLElement;
    const dataTransfer = { setData: () => {}, effectAllowed: '' };
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(bodyRows()[0], { dataTransfer });
    fireEvent.drop(bodyRows()[0], { dataTransfer });
    expect(names()).toEqual(['c', 'a', 'b']);
    expect(latest.map((r) => r.seq)).toEqual([1, 2, 3]);
  });

  it('adds at the top when told, and only into an empty table in single-row mode', () => {
    renderInShell(<Harness initial={[{ invName: 'a' }]} addAt="top" />);
    fireEvent.click(screen.getByRole('button', { name: /新\s?增/ }));
    expect(names()).toEqual([undefined, 'a']);
    cleanup();
    renderInShell(<Harness initial={[{ invName: 'a' }]} singleRow />);
    expect((screen.getByRole('button', { name: /新\s?增/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('adds at the other end with the second button: 插入首行 when 新增 adds at the end', () => {
    renderInShell(<Harness initial={[{ invName: 'a' }]} />);
    fireEvent.click(screen.getByRole('button', { name: /新\s?增/ }));
    expect(names()).toEqual(['a', undefined]);
    fireEvent.click(screen.getByRole('button', { name: '插入首行' }));
    expect(names()).toEqual([undefined, 'a', undefined]);
    expect(latest.map((r) => r.seq)).toEqual([1, 2, 3]);
    cleanup();
    renderInShell(<Harness initial={[{ invName: 'a' }]} addAt="top" />);
    fireEvent.click(screen.getByRole('button', { name: '追加末行' }));
    expect(names()).toEqual(['a', undefined]);
  });

  it("asks '确定删除吗?' (温馨提示) before deleting", async () => {
    renderInShell(<Harness initial={[{ invName: 'a' }, { invName: 'b' }]} />);
    fireEvent.click(bodyRows()[0].querySelector('.ant-checkbox-input') as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: /删\s?除/ }));
    await screen.findByText('确定删除吗?');
    expect(screen.getAllByText('温馨提示').length).toBeGreaterThan(0);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /确\s?定/ }));
    });
    await waitFor(() => expect(names()).toEqual(['b']));
  });

  it('deletes without asking in the xjky modes', async () => {
    renderInShell(<Harness initial={[{ invName: 'a' }, { invName: 'b' }]} mode="xjky" />);
    fireEvent.click(bodyRows()[1].querySelector('.ant-checkbox-input') as HTMLElement);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /删\s?除/ }));
    });
    await waitFor(() => expect(names()).toEqual(['a']));
    expect(screen.queryByText('确定删除吗?')).toBeNull();
  });

  it("says '{label}不能为空！' when a required cell is left empty", async () => {
    renderInShell(<Harness initial={[{ invName: 'a' }]} />);
    fireEvent.click(within(bodyRows()[0]).getByText('a'));
    const input = bodyRows()[0].querySelector('input.ant-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    await screen.findByText('物料不能为空！');
  });

  it('hides add, copy and delete when the buttons are hidden', () => {
    renderInShell(<Harness initial={[]} hideButtons />);
    expect(screen.queryByRole('button', { name: /新\s?增/ })).toBeNull();
  });
});

describe('a popup cell (RESOURCE_CONTROLS)', () => {
  const withPopup = [
    field({ fieldName: 'invName', fieldExplain: '物料', seq: 1 }),
    field({ fieldName: 'contractLineCode', fieldExplain: '合同明细', formSubmitType: 'RESOURCE_CONTROLS', cgFormatResId: '9', seq: 2 }),
  ];

  it('fills the cell and the row’s other mapped cells from the chosen line in one change, and stays typeable', async () => {
    renderInShell(<Harness initial={[{ invName: '石灰石' }]} fields={withPopup} />);
    fireEvent.click(bodyRows()[0]);
    fireEvent.click(await screen.findByTestId('cell-choose-contractLineCode'));
    const popup = useResourcePopups.getState().popups[0];
    expect(popup).toMatchObject({ cgFormatResId: '9', resFormatSubId: withPopup[1].id, multiple: false });
    await act(async () => popup.settle({ rows: [{}], values: { contractLineCode: 'XSHT1-1', invName: '水泥' } }));
    expect(latest[0]).toMatchObject({ contractLineCode: 'XSHT1-1', invName: '水泥' });
    const input = screen.getByTestId('cell-choose-contractLineCode').parentElement?.querySelector('input') as HTMLInputElement;
    expect(input.value).toBe('XSHT1-1');
    fireEvent.change(input, { target: { value: 'XSHT1-2' } });
    expect(latest[0].contractLineCode).toBe('XSHT1-2');
  });

  it('is a plain input where the field names no popup template', () => {
    renderInShell(<Harness initial={[{ invName: 'a' }]} fields={[withPopup[0], { ...withPopup[1], cgFormatResId: null }]} />);
    fireEvent.click(bodyRows()[0]);
    expect(screen.queryByTestId('cell-choose-contractLineCode')).toBeNull();
  });
});
