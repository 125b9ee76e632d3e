import { describe, expect, it } from 'vitest';
import { type ListReach, ownerNarrowing } from './scope';

const reach = (over: Partial<ListReach>): ListReach => ({ orgId: '1', userId: '7', dataScope: 'company', deptId: '30', ...over });

describe('the narrowing a data scope adds to a list', () => {
  it('leaves company and group lists to the company condition alone', () => {
    expect(ownerNarrowing('created_by', reach({ dataScope: 'company' }))).toBeNull();
    expect(ownerNarrowing('created_by', reach({ dataScope: 'group' }))).toBeNull();
  });

  it('keeps own rows to the caller, by the template owner column', () => {
    expect(ownerNarrowing('created_by', reach({ dataScope: 'own' }))).toEqual({ column: 'created_by', userId: '7', department: null });
  });

  it('widens department to the caller department in the current company', () => {
    expect(ownerNarrowing('posted_by', reach({ dataScope: 'department' }))).toEqual({
      column: 'posted_by', userId: '7', department: { orgId: '1', deptId: '30' },
    });
  });

  it('reads department without a department as own rows only', () => {
    expect(ownerNarrowing('created_by', reach({ dataScope: 'department', deptId: null }))).toEqual({ column: 'created_by', userId: '7', department: null });
  });

  it('does not narrow a list whose template names no owner column', () => {
    expect(ownerNarrowing(null, reach({ dataScope: 'own' }))).toBeNull();
    expect(ownerNarrowing(null, reach({ dataScope: 'department' }))).toBeNull();
  });
});
