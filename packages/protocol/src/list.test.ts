import { describe, expect, it } from 'vitest';
import { IN_LIST_MAX, listRequest, opsForFieldType } from './list';

describe('listRequest', () => {
  it('accepts the body the list screens send', () => {
    const body = {
      search: [
        { key: 'createDate', op: 'ge', val: '2026-11-21 09:30:00', keyId: '12' },
        { conj: 'or', search: [{ key: 'plateNumber', op: 'like', val: 'E1' }, { key: 'carType', op: 'like', val: 'E1' }] },
        { key: 'axleType', op: 'in', val: [5, 6] },
        { key: 'enabled', op: 'eq', val: true },
        { key: 'remark', op: 'like', val: null },
      ],
      limit: { pn: 2, ps: 20 },
      sort: [{ key: 'createDate', dir: 'desc' }],
      tplId: '7',
      param: { type: 'sampling' },
    };
    expect(listRequest.parse(body)).toEqual(body);
    expect(listRequest.parse({})).toEqual({});
  });

  it('refuses properties it does not know, at every level', () => {
    expect(listRequest.safeParse({ where: '1=1' }).success).toBe(false);
    expect(listRequest.safeParse({ search: [{ key: 'a', op: 'eq', val: 'x', sql: 'x' }] }).success).toBe(false);
    expect(listRequest.safeParse({ limit: { pn: 1, ps: 10, offset: 0 } }).success).toBe(false);
    expect(listRequest.safeParse({ sort: [{ key: 'a', dir: 'asc', nulls: 'last' }] }).success).toBe(false);
  });

  it('refuses an operator outside the spec and a direction other than asc or desc', () => {
    expect(listRequest.safeParse({ search: [{ key: 'a', op: 'between', val: 'x' }] }).success).toBe(false);
    expect(listRequest.safeParse({ sort: [{ key: 'a', dir: 'desc; DROP TABLE x' }] }).success).toBe(false);
  });

  it('refuses an OR group inside an OR group and a conjunction other than or', () => {
    const inner = { conj: 'or', search: [{ key: 'a', op: 'eq', val: 'x' }] };
    expect(listRequest.safeParse({ search: [{ conj: 'or', search: [inner] }] }).success).toBe(false);
    expect(listRequest.safeParse({ search: [{ conj: 'and', search: [] }] }).success).toBe(false);
  });

  it('refuses a page below 1 and an in list longer than the limit', () => {
    expect(listRequest.safeParse({ limit: { pn: 0, ps: 10 } }).success).toBe(false);
    expect(listRequest.safeParse({ limit: { pn: 1, ps: 0 } }).success).toBe(false);
    const val = Array.from({ length: IN_LIST_MAX + 1 }, (_, i) => i);
    expect(listRequest.safeParse({ search: [{ key: 'a', op: 'in', val }] }).success).toBe(false);
  });

  it('refuses a template id that is not a number', () => {
    expect(listRequest.safeParse({ tplId: '7 OR 1=1' }).success).toBe(false);
  });
});

describe('opsForFieldType', () => {
  it('offers enumerated and boolean fields eq and in only', () => {
    expect(opsForFieldType('ENUM')).toEqual(['eq', 'in']);
    expect(opsForFieldType('BOOLEAN')).toEqual(['eq', 'in']);
  });

  it('offers comparisons, not like, on numbers and dates; like, not comparisons, on text', () => {
    for (const t of ['NUMBER', 'DATE', 'TIME']) expect(opsForFieldType(t)).toEqual(['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in']);
    expect(opsForFieldType('TEXT')).toEqual(['eq', 'ne', 'like', 'lk', 'in']);
  });

  it('offers nothing on a type that cannot be searched, nor on a name from the object prototype', () => {
    expect(opsForFieldType('BUTTON')).toEqual([]);
    expect(opsForFieldType('JSON')).toEqual([]);
    expect(opsForFieldType('toString')).toEqual([]);
  });
});
