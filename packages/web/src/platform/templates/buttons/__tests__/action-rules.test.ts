import { describe, expect, it } from 'vitest';
import { familyButtonAction } from '@wb/protocol';
import { confirmationOf, familySelectionProblem, selectionMessageOn, selectionProblem } from '../action-rules';
import { actionButtons } from '../../list/button-layout';

describe('batch button selection rules', () => {
  it('delete needs a selection: 请选择要删除的数据', () => {
    expect(selectionProblem('delList', 0)).toBe('请选择要删除的数据');
    expect(selectionProblem('delList', 3)).toBeNull();
  });
  it('state actions need at least one row', () => {
    for (const a of ['audit', 'unaudit', 'enable', 'disable', 'obsolete', 'recover', 'loss', 'reuse', 'allocate', 'cancelAllocate'] as const) {
      expect(selectionProblem(a, 0)).toBe('请至少选择一条数据！');
      expect(selectionProblem(a, 2)).toBeNull();
    }
  });
  it('copy takes one row unless the family copies several', () => {
    expect(selectionProblem('copy', 0)).toBe('请至少选择一条数据！');
    expect(selectionProblem('copy', 2)).toBe('最多选择一条数据！');
    expect(selectionProblem('copy', 2, { multiCopy: true })).toBeNull();
  });
  it('update needs exactly one row; create, export and import need none', () => {
    expect(selectionProblem('update', 0)).toBe('请至少选择一条数据！');
    expect(selectionProblem('update', 2)).toBe('最多选择一条数据！');
    expect(selectionProblem('update', 1)).toBeNull();
    for (const a of ['create', 'export', 'import'] as const) expect(selectionProblem(a, 0)).toBeNull();
  });
  it('asks before deleting and voiding only', () => {
    expect(confirmationOf('delList')).toBe('此操作将永久删除该数据, 是否继续?');
    expect(confirmationOf('obsolete')).toBe('此操作将作废该数据, 是否继续?');
    expect(confirmationOf('audit')).toBeNull();
  });
});

describe('family actions on list buttons', () => {
  it('reads the kind and name from the button component', () => {
    expect(familyButtonAction('batch:letin')).toEqual({ kind: 'batch', name: 'letin' });
    expect(familyButtonAction('one:print')).toEqual({ kind: 'one', name: 'print' });
    expect(familyButtonAction('page:readCard')).toEqual({ kind: 'page', name: 'readCard' });
    for (const bad of ['letin', 'batch:', 'batch:let-in', 'other:letin', 'batch:1st', null]) expect(familyButtonAction(bad)).toBeNull();
  });

  it('asks a batch for one row at least and a one-row action for exactly one', () => {
    expect(familySelectionProblem({ kind: 'batch', name: 'letin' }, 0)).toBe('请至少选择一条数据！');
    expect(familySelectionProblem({ kind: 'batch', name: 'letin' }, 3)).toBeNull();
    expect(familySelectionProblem({ kind: 'one', name: 'print' }, 2)).toBe('最多选择一条数据！');
    expect(familySelectionProblem({ kind: 'one', name: 'print' }, 1)).toBeNull();
    expect(familySelectionProblem({ kind: 'page', name: 'readCard' }, 0)).toBeNull();
  });

  it('shows family action buttons beside the contract ones', () => {
    const b = (component: string) => ({ id: component, name: component, label: component, component }) as never;
    expect(actionButtons([b('view'), b('create'), b('batch:letin'), b('nonsense')]).map((x) => x.component)).toEqual(['create', 'batch:letin']);
  });
});

describe('contract actions ask for a selection in their own words', () => {
  it('says 请选择要操作的信息 for any contract action clicked with no row selected', () => {
    for (const base of ['/api/contract/sa', '/api/contract/pu', '/api/contract/al/amend']) {
      for (const a of ['audit', 'unaudit', 'obsolete', 'delList', 'update', 'copy'] as const) expect(selectionMessageOn(base, selectionProblem(a, 0), 0)).toBe('请选择要操作的信息');
      expect(selectionMessageOn(base, familySelectionProblem({ kind: 'batch', name: 'terminate' }, 0), 0)).toBe('请选择要操作的信息');
      expect(selectionMessageOn(base, selectionProblem('audit', 2), 2)).toBeNull();
      expect(selectionMessageOn(base, selectionProblem('update', 2), 2)).toBe('最多选择一条数据！');
      expect(selectionMessageOn(base, selectionProblem('create', 0), 0)).toBeNull();
    }
  });
  it('leaves the other lists their messages', () => {
    expect(selectionMessageOn('/api/notice/sa', selectionProblem('audit', 0), 0)).toBe('请至少选择一条数据！');
    expect(selectionMessageOn('/api/contractor', selectionProblem('delList', 0), 0)).toBe('请选择要删除的数据');
  });
});
