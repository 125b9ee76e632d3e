import { describe, expect, it } from 'vitest';
import { advancedConditions, buildListRequest, quickSearchGroup } from '../search-body';

const field = (fieldName: string, fieldType: string, flags: { q?: boolean; adv?: boolean } = {}) => ({
  id: `f-${fieldName}`, fieldName, fieldType, iallowQuery: flags.q ?? false, iallowAdvanceQuery: flags.adv ?? false,
});
const FIELDS = [
  field('plateNumber', 'TEXT', { q: true, adv: true }),
  field('carType', 'TEXT', { q: true }),
  field('enabled', 'BOOLEAN', { q: true }),
  field('plateType', 'ENUM', { adv: true }),
  field('axleType', 'NUMBER', { adv: true }),
  field('createDate', 'DATE', { adv: true }),
  field('remark', 'TEXT'),
];

describe('quick search', () => {
  it('ORs "contains" across the quick-search fields whose type takes it', () => {
    expect(quickSearchGroup(FIELDS, '  沪A ')).toEqual({
      conj: 'or',
      search: [
        { key: 'plateNumber', op: 'like', val: '沪A', keyId: 'f-plateNumber' },
        { key: 'carType', op: 'like', val: '沪A', keyId: 'f-carType' },
      ],
    });
  });
  it('sends nothing for a blank box', () => {
    expect(quickSearchGroup(FIELDS, '   ')).toBeNull();
  });
});

describe('advanced conditions', () => {
  it('sends text with the chosen operator, choices as eq and ranges as ge plus le', () => {
    const out = advancedConditions(FIELDS, {
      plateNumber: { kind: 'text', op: 'eq', value: '沪A12345' },
      plateType: { kind: 'choice', value: 'BLUE' },
      createDate: { kind: 'range', from: '2026-11-21 09:30:00', to: '2026-11-22 09:30:00' },
    });
    expect(out.map(({ key, op, val }) => ({ key, op, val }))).toEqual([
      { key: 'plateNumber', op: 'eq', val: '沪A12345' },
      { key: 'plateType', op: 'eq', val: 'BLUE' },
      { key: 'createDate', op: 'ge', val: '2026-11-21 09:30:00' },
      { key: 'createDate', op: 'le', val: '2026-11-22 09:30:00' },
    ]);
  });
  it('never sends an empty value, nor an open end of a range', () => {
    const out = advancedConditions(FIELDS, {
      plateNumber: { kind: 'text', op: 'like', value: '  ' },
      plateType: { kind: 'choice', value: undefined },
      createDate: { kind: 'range', from: null, to: '2026-11-22 09:30:00' },
    });
    expect(out.map(({ key, op }) => `${key} ${op}`)).toEqual(['createDate le']);
  });
  it('searches a number by equals even when "contains" was chosen, since numbers have no like', () => {
    const [c] = advancedConditions(FIELDS, { axleType: { kind: 'text', op: 'like', value: '6' } });
    expect(c).toMatchObject({ key: 'axleType', op: 'eq', val: '6' });
  });
  it('ignores fields not open to advanced search', () => {
    expect(advancedConditions(FIELDS, { remark: { kind: 'text', op: 'like', value: 'x' } })).toEqual([]);
  });
});

describe('list request', () => {
  it('carries the template, page, sort, conditions and tree node; nothing empty', () => {
    const body = buildListRequest('42', FIELDS, {
      quickText: '', advanced: {}, fixed: [], sort: { key: 'axleType', dir: 'desc' }, pn: 3, ps: 20, treeId: '7',
    });
    expect(body).toEqual({ tplId: '42', limit: { pn: 3, ps: 20 }, sort: [{ key: 'axleType', dir: 'desc' }], param: { treeId: '7' } });
  });
});
