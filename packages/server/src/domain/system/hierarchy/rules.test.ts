import { describe, expect, it } from 'vitest';
import { checkHierarchyCode, levelOfLength, parseLevels } from './rules';

describe('a hierarchy code rule 2-2-3', () => {
  const R = '2-2-3';
  it('reads its levels, and refuses what is not a list of widths', () => {
    expect(parseLevels('2-2-3')).toEqual([2, 2, 3]);
    expect(parseLevels(' 2 - 2 - 3 ')).toEqual([2, 2, 3]);
    for (const bad of ['', '2--3', '0-2', '2-10', 'a-b', '2-2-']) expect(parseLevels(bad)).toBeNull();
    expect(levelOfLength([2, 2, 3], 4)).toBe(2);
    expect(levelOfLength([2, 2, 3], 5)).toBeNull();
  });

  it('accepts a first level of two, its child of two more, and that one\'s child of three more', () => {
    expect(checkHierarchyCode(R, '01', null)).toBeNull();
    expect(checkHierarchyCode(R, '0101', '01')).toBeNull();
    expect(checkHierarchyCode(R, '0101001', '0101')).toBeNull();
  });

  it('refuses a root of another width', () => {
    expect(checkHierarchyCode(R, '001', null, '分类编码')).toBe('分类编码 001 不符合层级编码规则 2-2-3：第一级编码应为 2 位');
  });

  it('refuses a child that does not start with its parent\'s code or has the wrong width', () => {
    const want = '分类编码 0201 不符合层级编码规则 2-2-3：上级 01 下的第 2 级编码应为 01 加 2 位，如 0101';
    expect(checkHierarchyCode(R, '0201', '01', '分类编码')).toBe(want);
    expect(checkHierarchyCode(R, '01011', '0101', '分类编码')).toMatch(/上级 0101 下的第 3 级编码应为 0101 加 3 位，如 0101001/);
    expect(checkHierarchyCode(R, '010', '01', '分类编码')).toMatch(/应为 01 加 2 位/);
  });

  it('refuses a child under the last level, and under a parent whose own code fits no level', () => {
    expect(checkHierarchyCode(R, '010100101', '0101001')).toBe('层级编码规则 2-2-3只有 3 级，上级 0101001 已是末级，不能再有下级');
    expect(checkHierarchyCode(R, '012', '0')).toMatch(/上级编码 0 不符合层级编码规则 2-2-3/);
  });
});
