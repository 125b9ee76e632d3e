import { describe, expect, it } from 'vitest';
import { ancestorsOf, parentOfNew } from '../tree-form-state';

const nodes = [{ id: '1', pid: '0' }, { id: '2', pid: '1' }, { id: 3, pid: 2 }];

describe('where a new node of the tree-with-form page goes', () => {
  it('puts a child under the chosen node and a sibling under its parent', () => {
    expect(parentOfNew(nodes, '2', 'child')).toBe('2');
    expect(parentOfNew(nodes, '3', 'sibling')).toBe('2');
    expect(parentOfNew(nodes, '2', 'sibling')).toBe('1');
  });

  it('puts a sibling of a root, or anything with nothing chosen, at the top level', () => {
    expect(parentOfNew(nodes, '1', 'sibling')).toBeNull();
    expect(parentOfNew(nodes, null, 'sibling')).toBeNull();
    expect(parentOfNew(nodes, null, 'child')).toBeNull();
  });
});

describe('the branch a chosen node sits in', () => {
  it('lists its ancestors nearest first, none for a root, and stops on a loop', () => {
    expect(ancestorsOf(nodes, '3')).toEqual(['2', '1']);
    expect(ancestorsOf(nodes, '1')).toEqual([]);
    expect(ancestorsOf(nodes, null)).toEqual([]);
    expect(ancestorsOf([{ id: 'a', pid: 'b' }, { id: 'b', pid: 'a' }], 'a')).toEqual(['b', 'a']);
  });
});
