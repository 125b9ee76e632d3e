import { describe, expect, it } from 'vitest';
import { deleteRefusal, descendantsOf, disableRefusal, parentRefusal, treeNodes, type TreeLink } from './rules';

// 02 生产部 > 0201 磨机车间 > 020101 一号磨; 03 物流部
const links: TreeLink[] = [
  { id: '2', parentId: null }, { id: '21', parentId: '2' }, { id: '211', parentId: '21' }, { id: '3', parentId: null },
];
const WORDS = { node: '部门' };

describe('organisation tree rules', () => {
  it('finds every descendant of a node, and ends on a loop already in the data', () => {
    expect([...descendantsOf(links, '2')].sort()).toEqual(['21', '211']);
    expect(descendantsOf(links, '3').size).toBe(0);
    const looped: TreeLink[] = [{ id: 'a', parentId: 'b' }, { id: 'b', parentId: 'a' }];
    expect([...descendantsOf(looped, 'a')]).toEqual(['b']);
  });

  it('refuses a node moved under itself or under its own descendant, and allows any other parent', () => {
    expect(parentRefusal(links, '2', '2', WORDS)).toBe('上级部门不能是部门自己');
    expect(parentRefusal(links, '2', '211', WORDS)).toBe('上级部门不能是本部门的下级部门');
    expect(parentRefusal(links, '21', '3', WORDS)).toBeNull();
    expect(parentRefusal(links, '2', null, WORDS)).toBeNull();
    // a new node has no descendants yet
    expect(parentRefusal(links, null, '211', WORDS)).toBeNull();
  });

  it('refuses deleting a node that still has sub-nodes, departments or users, saying which', () => {
    expect(deleteRefusal({ code: '02', children: 2, users: 0 }, WORDS)).toBe('部门 02 下还有 2 个下级部门，请先删除或移走下级部门');
    expect(deleteRefusal({ code: 'HDJC', children: 0, users: 3, departments: 2 }, { node: '组织' })).toBe('组织 HDJC 下还有 2 个部门，请先删除部门');
    expect(deleteRefusal({ code: '03', children: 0, users: 1 }, WORDS)).toBe('部门 03 还有 1 个用户，请先移走用户');
    expect(deleteRefusal({ code: '03', children: 0, users: 0, departments: 0 }, WORDS)).toBeNull();
  });

  it('answers tree nodes with pid 0 for roots and for nodes whose parent is not among them', () => {
    const nodes = treeNodes([
      { id: '2', parentId: null, code: '02', name: '生产部', enabled: true },
      { id: '21', parentId: '2', code: '0201', name: '磨机车间', enabled: false },
      { id: '9', parentId: '77', code: '09', name: '孤儿', enabled: true },
    ]);
    expect(nodes).toEqual([
      { id: '2', pid: '0', name: '02 生产部', code: '02', enabled: true },
      { id: '21', pid: '2', name: '0201 磨机车间', code: '0201', enabled: false },
      { id: '9', pid: '0', name: '09 孤儿', code: '09', enabled: true },
    ]);
  });

  it('refuses switching off the company the administrator works in, and allows the others', () => {
    expect(disableRefusal(['5', '7'], '7', 'HDSN')).toBe('组织 HDSN 是当前登录的公司，不能停用');
    expect(disableRefusal(['5'], '7', 'HDSN')).toBeNull();
  });
});
