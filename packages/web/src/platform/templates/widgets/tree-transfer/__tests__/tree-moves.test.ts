import { describe, expect, it } from 'vitest';
import { allKeys, filterTree, moveChecked, selectAllState, treeFromFlat, type TransferNode } from '../tree-moves';
import { addToList, clearList, collapseList, emptyAddressLists, expandList, removeFromList, swapLists } from '../address-lists';

const flat = [
  { id: 1, pid: 0, name: '原材料' },
  { id: 11, pid: 1, name: '石灰石' },
  { id: 12, pid: 1, name: '粘土' },
  { id: 2, pid: '0', name: '燃料' },
  { id: 21, pid: 2, name: '原煤' },
  { id: 3, pid: null, name: '其他', enabled: false },
];

const titles = (tree: TransferNode[]): unknown => tree.map((n) => (n.children?.length ? { [n.title]: titles(n.children) } : n.title));

describe('tree transfer moves', () => {
  it('builds the tree from rows whose pid 0 or "0" is the root', () => {
    const tree = treeFromFlat(flat);
    expect(titles(tree)).toEqual([{ 原材料: ['石灰石', '粘土'] }, { 燃料: ['原煤'] }, '其他']);
    expect(tree[2].disabled).toBe(true);
  });
  it('moves a leaf with its parent chain, the missing parent created as a copy', () => {
    const { from, to } = moveChecked(treeFromFlat(flat), [], ['11']);
    expect(titles(to)).toEqual([{ 原材料: ['石灰石'] }]);
    expect(titles(from)).toEqual([{ 原材料: ['粘土'] }, { 燃料: ['原煤'] }, '其他']);
  });
  it('joins a parent already on the far side, and drops a parent the move emptied', () => {
    const first = moveChecked(treeFromFlat(flat), [], ['11']);
    const second = moveChecked(first.from, first.to, ['12']);
    expect(titles(second.to)).toEqual([{ 原材料: ['石灰石', '粘土'] }]);
    expect(allKeys(second.from)).toEqual(['2', '21', '3']);
  });
  it('moves a checked parent whole and removes it from the near side', () => {
    const { from, to } = moveChecked(treeFromFlat(flat), [], ['1', '11', '12']);
    expect(titles(to)).toEqual([{ 原材料: ['石灰石', '粘土'] }]);
    expect(titles(from)).toEqual([{ 燃料: ['原煤'] }, '其他']);
  });
  it('leaves a disabled node where it is', () => {
    const { from, to } = moveChecked(treeFromFlat(flat), [], ['3']);
    expect(to).toEqual([]);
    expect(allKeys(from)).toContain('3');
  });
  it('moves back the same way', () => {
    const there = moveChecked(treeFromFlat(flat), [], ['21']);
    const back = moveChecked(there.to, there.from, ['21']);
    expect(back.from).toEqual([]);
    expect(titles(back.to)).toEqual([{ 原材料: ['石灰石', '粘土'] }, '其他', { 燃料: ['原煤'] }]);
  });
  it('filters by keyword keeping ancestors', () => {
    expect(titles(filterTree(treeFromFlat(flat), '煤'))).toEqual([{ 燃料: ['原煤'] }]);
    expect(filterTree(treeFromFlat(flat), ' ')).toHaveLength(3);
  });
  it('shows select-all on, off or indeterminate', () => {
    expect(selectAllState(['a', 'b'], ['a', 'b'])).toEqual({ checked: true, indeterminate: false });
    expect(selectAllState(['a', 'b'], ['a'])).toEqual({ checked: false, indeterminate: true });
    expect(selectAllState(['a', 'b'], [])).toEqual({ checked: false, indeterminate: false });
    expect(selectAllState([], [])).toEqual({ checked: false, indeterminate: false });
  });
});

describe('address lists', () => {
  const zhang = { key: 'u1', title: '张三', email: 'zhang@plant.cn' };
  const li = { key: 'u2', title: '李四', email: 'li@plant.cn' };
  it('add only entries not already present', () => {
    let lists = addToList(emptyAddressLists(), 'to', [zhang]);
    lists = addToList(lists, 'to', [zhang, li, li]);
    expect(lists.to.map((e) => e.key)).toEqual(['u1', 'u2']);
  });
  it('swap, clear and remove one', () => {
    let lists = addToList(addToList(emptyAddressLists(), 'to', [zhang]), 'cc', [li]);
    lists = swapLists(lists, 'to', 'cc');
    expect(lists.to).toEqual([li]);
    expect(lists.cc).toEqual([zhang]);
    expect(removeFromList(lists, 'cc', 'u1').cc).toEqual([]);
    expect(clearList(lists, 'to').to).toEqual([]);
  });
  it('keep two lists expanded at a time', () => {
    let open = expandList([], 'to');
    open = expandList(open, 'cc');
    expect(open).toEqual(['to', 'cc']);
    open = expandList(open, 'bcc');
    expect(open).toEqual(['cc', 'bcc']);
    expect(collapseList(open, 'cc')).toEqual(['bcc']);
  });
});
