import { describe, expect, it } from 'vitest';
import { deleteRefusal, entryShapeProblem, makesCycle } from './menus/rules';
import { withAncestors } from './roles/rules';
import { membershipRefusal } from './users/rules';
import { changedParams } from './params/rules';
import { WEIGH_PARAM_DEFAULTS } from '@wb/protocol';

// 1 system > 2 users > 3 button; 4 roles
const parents = new Map<string, string | null>([['1', null], ['2', '1'], ['3', '2'], ['4', '1']]);

describe('administration rules', () => {
  it('grants the folders above a checked button', () => {
    expect(withAncestors(['3'], parents).sort()).toEqual(['1', '2', '3']);
    expect(withAncestors([], parents)).toEqual([]);
  });

  it('sees a move under oneself or a descendant as a cycle', () => {
    expect(makesCycle('1', '3', parents)).toBe(true);
    expect(makesCycle('2', '2', parents)).toBe(true);
    expect(makesCycle('2', '4', parents)).toBe(false);
    expect(makesCycle('2', null, parents)).toBe(false);
  });

  it('says why an entry cannot be deleted', () => {
    expect(deleteRefusal({ permission: null, childCount: 2 }, new Set())?.message).toMatch(/还有2个/);
    expect(deleteRefusal({ permission: 'k', childCount: 0 }, new Set(['k']))?.message).toMatch(/k 正被系统接口使用/);
    expect(deleteRefusal({ permission: 'k', childCount: 0 }, new Set())).toBeNull();
  });

  it('keeps buttons under menus and menus with paths', () => {
    expect(entryShapeProblem({ kind: 'menu', parentId: '3', path: '/x', permission: null }, 'button')?.field).toBe('parentId');
    expect(entryShapeProblem({ kind: 'button', parentId: '2', path: null, permission: null }, 'menu')?.field).toBe('permission');
    expect(entryShapeProblem({ kind: 'menu', parentId: '9', path: '/x', permission: null }, null)?.message).toBe('上级菜单不存在');
    expect(entryShapeProblem({ kind: 'menu', parentId: null, path: '/x', permission: null }, null)).toBeNull();
  });

  it('holds a role limited to companies only there', () => {
    const roles = new Map([['r', { roleId: 'r', roleCode: 'R', orgIds: ['a'] }], ['any', { roleId: 'any', roleCode: 'ANY', orgIds: [] }]]);
    expect(membershipRefusal([{ orgId: 'a', roleIds: ['r', 'any'] }, { orgId: 'b', roleIds: ['any'] }], roles)).toBeNull();
    expect(membershipRefusal([{ orgId: 'b', roleIds: ['r'] }], roles)).toBe('角色 R 不适用于所选组织');
    expect(membershipRefusal([{ orgId: 'b', roleIds: ['zz'] }], roles)).toBe('角色 zz 不存在');
  });

  it('records only the parameters a save really changes', () => {
    expect(changedParams(WEIGH_PARAM_DEFAULTS, { tareValidHours: 24, weightUnit: 'kg' })).toEqual({ weightUnit: 'kg' });
  });
});
