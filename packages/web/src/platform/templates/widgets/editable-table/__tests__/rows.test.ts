import { describe, expect, it } from 'vitest';
import {
  addRow, booleanText, canAdd, clampOrder, columnSummary, copyRows, deleteNeedsConfirm, deleteRows, formatNumber, keyRows, moveRow,
  type Row,
} from '../rows';

const rows = (): Row[] => keyRows([{ name: 'a', seq: 1 }, { name: 'b', seq: 2 }, { name: 'c', seq: 3 }]);
const names = (rs: Row[]) => rs.map((r) => r.name);
const seqs = (rs: Row[]) => rs.map((r) => r.seq);

describe('editable table rows', () => {
  it('add at the top or at the end, renumbering seq from 1', () => {
    const top = addRow(rows(), { name: 'new' }, 'top');
    expect(names(top)).toEqual(['new', 'a', 'b', 'c']);
    expect(seqs(top)).toEqual([1, 2, 3, 4]);
    expect(names(addRow(rows(), { name: 'new' }, 'end'))).toEqual(['a', 'b', 'c', 'new']);
  });
  it('allow an add in single-row mode only while empty', () => {
    expect(canAdd([], true)).toBe(true);
    expect(canAdd(rows(), true)).toBe(false);
    expect(canAdd(rows(), false)).toBe(true);
  });
  it('copy a row after itself without its id', () => {
    const withId = keyRows([{ id: '7', name: 'a' }, { name: 'b' }]);
    const copied = copyRows(withId, [withId[0]._key]);
    expect(names(copied)).toEqual(['a', 'a', 'b']);
    expect(copied[1].id).toBeUndefined();
    expect(copied[1]._key).not.toBe(copied[0]._key);
    expect(seqs(copied)).toEqual([1, 2, 3]);
  });
  it('delete and renumber', () => {
    const r = rows();
    const left = deleteRows(r, [r[1]._key]);
    expect(names(left)).toEqual(['a', 'c']);
    expect(seqs(left)).toEqual([1, 2]);
  });
  it('move a row by drag or sort order, renumbering seq', () => {
    const moved = moveRow(rows(), 0, 2);
    expect(names(moved)).toEqual(['b', 'c', 'a']);
    expect(seqs(moved)).toEqual([1, 2, 3]);
    expect(names(moveRow(rows(), 2, 0))).toEqual(['c', 'a', 'b']);
  });
  it('keep the sort order between 0 and rows minus one', () => {
    expect(clampOrder(-1, 3)).toBe(0);
    expect(clampOrder(9, 3)).toBe(2);
    expect(names(moveRow(rows(), 0, 99))).toEqual(['b', 'c', 'a']);
  });
  it('skip the delete confirmation in xjkyEx, xjky and xjkyTest only', () => {
    expect(deleteNeedsConfirm('xjky')).toBe(false);
    expect(deleteNeedsConfirm('xjkyEx')).toBe(false);
    expect(deleteNeedsConfirm('xjkyTest')).toBe(false);
    expect(deleteNeedsConfirm('create')).toBe(true);
    expect(deleteNeedsConfirm(undefined)).toBe(true);
  });
});

describe('合计', () => {
  it('sums exactly and formats by the column', () => {
    const r = keyRows([{ w: 0.1 }, { w: 0.2 }, { w: '' }]);
    expect(columnSummary(r, 'w', null)).toBe('0.3');
    expect(columnSummary(keyRows([{ w: 1234.5 }]), 'w', 'money')).toBe('¥1,234.50');
    expect(columnSummary([], 'w', 'fixed:2')).toBe('0.00');
  });
  it('shows the raw sum for a format it cannot apply', () => {
    expect(formatNumber(12.5, 'x => x.toFixed(')).toBe('12.5');
  });
  it('shows booleans as 是 or 否', () => {
    expect(booleanText(true)).toBe('是');
    expect(booleanText(false)).toBe('否');
    expect(booleanText(null)).toBe('');
  });
});
