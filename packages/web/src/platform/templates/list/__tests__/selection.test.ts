import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, selectedRows, selectOnPage } from '../selection';

type R = { id: string };
const key = (r: R) => r.id;
const page = (...ids: string[]) => ids.map((id) => ({ id }));

describe('selection across pages', () => {
  it('keeps the ticks of page 1 while rows of page 2 are ticked', () => {
    let s = selectOnPage<R>(EMPTY_SELECTION, page('1', '2', '3'), key, ['1', '3']);
    s = selectOnPage(s, page('4', '5', '6'), key, ['5']);
    expect(s.keys).toEqual(['1', '3', '5']);
    expect(selectedRows(s)).toEqual(page('1', '3', '5'));
  });
  it('unticking on a page drops only that page\'s rows', () => {
    let s = selectOnPage<R>(EMPTY_SELECTION, page('1', '2'), key, ['1', '2']);
    s = selectOnPage(s, page('3', '4'), key, ['3']);
    s = selectOnPage(s, page('1', '2'), key, ['2']);
    expect(s.keys).toEqual(['2', '3']);
  });
  it('does not count a row twice when it is ticked again', () => {
    let s = selectOnPage<R>(EMPTY_SELECTION, page('1'), key, ['1']);
    s = selectOnPage(s, page('1'), key, ['1']);
    expect(s.keys).toEqual(['1']);
  });
});
