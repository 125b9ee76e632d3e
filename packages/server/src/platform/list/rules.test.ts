import { describe, expect, it } from 'vitest';
import type { ListRequest } from '@wb/protocol';
import { AppError } from '../http/errors';
import { type ListField, type ListTemplate, pageOf, planList, TIEBREAK_COLUMN } from './rules';

const field = (over: Partial<ListField> & Pick<ListField, 'fieldName' | 'fieldType'>): ListField => ({
  columnSql: `t.${over.fieldName.toLowerCase()}`,
  options: [],
  iallowQuery: true,
  iallowAdvanceQuery: false,
  isortField: true,
  itotal: false,
  idefinedSort: false,
  sortMethod: null,
  ...over,
});

const template: ListTemplate = {
  id: '7',
  mainTable: 'md_vehicle',
  orgColumn: 'org_id',
  ps: null,
  fields: [
    field({ fieldName: 'plateNumber', fieldType: 'TEXT', columnSql: 't.plate_number' }),
    field({ fieldName: 'capacity', fieldType: 'NUMBER', itotal: true }),
    field({ fieldName: 'reviewDate', fieldType: 'DATE' }),
    field({ fieldName: 'enabled', fieldType: 'BOOLEAN' }),
    field({ fieldName: 'plateType', fieldType: 'ENUM', options: [{ value: 'YELLOW', label: '黄牌' }, { value: 'BLUE', label: '蓝牌' }] }),
    field({ fieldName: 'remark', fieldType: 'TEXT', iallowQuery: false, iallowAdvanceQuery: true, isortField: false }),
    field({ fieldName: 'owner', fieldType: 'TEXT', iallowQuery: false, isortField: false }),
    field({ fieldName: 'photo', fieldType: 'BUTTON', columnSql: null, iallowQuery: false, isortField: false }),
    field({ fieldName: 'createDate', fieldType: 'DATE', columnSql: 't.created_at', iallowQuery: false }),
  ],
};

const where = (search: ListRequest['search'], t = template) => planList(t, { search }).where;
const one = (key: string, op: string, val: unknown) => where([{ key, op, val } as never]);

/** The 400 a request gets, with its message. */
function refusal(run: () => unknown): { status: number; message: string; field?: string } {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, message: err.message, field: err.field };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('each operator becomes a bound comparison on the template column', () => {
  it.each(['eq', 'ne', 'gt', 'ge', 'lt', 'le'] as const)('%s on a number compares as numeric', (op) => {
    expect(one('capacity', op, '30.5')).toEqual([{ kind: 'compare', column: 't.capacity', op, value: '30.5', cast: 'numeric' }]);
  });

  it('like is "contains", lk is "starts with", both case-insensitive patterns on the text column', () => {
    expect(one('plateNumber', 'like', '12')).toEqual([{ kind: 'like', column: 't.plate_number', pattern: '%12%' }]);
    expect(one('plateNumber', 'lk', '浙E')).toEqual([{ kind: 'like', column: 't.plate_number', pattern: '浙E%' }]);
  });

  it('takes %, _ and \\ in a like value as plain characters', () => {
    expect(one('plateNumber', 'like', '50%_a\\b')).toEqual([{ kind: 'like', column: 't.plate_number', pattern: '%50\\%\\_a\\\\b%' }]);
  });

  it('in takes an array or a comma list, converting each value', () => {
    expect(one('capacity', 'in', [30, '49.5'])).toEqual([{ kind: 'in', column: 't.capacity', values: ['30', '49.5'], cast: 'numeric' }]);
    expect(one('plateType', 'in', 'YELLOW, BLUE')).toEqual([{ kind: 'in', column: 't.platetype', values: ['YELLOW', 'BLUE'], cast: null }]);
  });

  it('compares dates and date-times as timestamptz, and accepts a zone', () => {
    for (const val of ['2026-11-21', '2026-11-21 09:30', '2026-11-21 09:30:00', '2026-11-21T01:30:00.123Z', '2026-11-21T09:30:00+08:00']) {
      expect(one('reviewDate', 'ge', val)).toEqual([{ kind: 'compare', column: 't.reviewdate', op: 'ge', value: val, cast: 'timestamptz' }]);
    }
  });

  it('reads a date range as ge plus le', () => {
    const range = where([
      { key: 'reviewDate', op: 'ge', val: '2026-11-21 00:00:00' },
      { key: 'reviewDate', op: 'le', val: '2026-11-21 23:59:59' },
    ]);
    expect(range.map((c) => c.kind === 'compare' && c.op)).toEqual(['ge', 'le']);
  });

  it('turns the usual spellings of a boolean into one', () => {
    for (const [val, expected] of [[true, true], ['true', true], [1, true], ['1', true], [false, false], ['false', false], [0, false], ['0', false]] as const) {
      expect(one('enabled', 'eq', val)).toEqual([{ kind: 'compare', column: 't.enabled', op: 'eq', value: expected, cast: 'boolean' }]);
    }
  });

  it('accepts an enumerated value that is one of the options, compared in the column type', () => {
    expect(one('plateType', 'eq', 'BLUE')).toEqual([{ kind: 'compare', column: 't.platetype', op: 'eq', value: 'BLUE', cast: null }]);
  });

  it('searches a field allowed only in the advanced query', () => {
    expect(one('remark', 'like', 'x')).toHaveLength(1);
  });
});

describe('empty values are ignored (spec section 5)', () => {
  it.each([[''], ['   '], [null], [[]], [undefined], [','], [[' ', '']]])('ignores %j', (val) => {
    expect(one('plateNumber', val === ',' || Array.isArray(val) ? 'in' : 'like', val)).toEqual([]);
  });

  it('still refuses an unknown key whose value is empty', () => {
    expect(refusal(() => one('nope', 'eq', '')).status).toBe(400);
  });
});

describe('quick search: an OR group', () => {
  it('becomes one condition any of whose parts may match', () => {
    const plan = where([{ conj: 'or', search: [{ key: 'plateNumber', op: 'like', val: 'E1' }, { key: 'remark', op: 'like', val: 'E1' }] }]);
    expect(plan).toEqual([
      { kind: 'any', conditions: [{ kind: 'like', column: 't.plate_number', pattern: '%E1%' }, { kind: 'like', column: 't.remark', pattern: '%E1%' }] },
    ]);
  });

  it('drops its empty parts, and a group left with one part is that part', () => {
    const plan = where([{ conj: 'or', search: [{ key: 'plateNumber', op: 'like', val: 'E1' }, { key: 'remark', op: 'like', val: '' }] }]);
    expect(plan).toEqual([{ kind: 'like', column: 't.plate_number', pattern: '%E1%' }]);
    expect(where([{ conj: 'or', search: [{ key: 'remark', op: 'like', val: '' }] }])).toEqual([]);
  });

  it('checks every part against the template', () => {
    const r = refusal(() => where([{ conj: 'or', search: [{ key: 'plateNumber', op: 'like', val: 'E' }, { key: 'owner', op: 'like', val: 'E' }] }]));
    expect(r).toMatchObject({ status: 400, message: '字段 owner 不允许查询' });
  });
});

describe('anything the template does not allow is a 400 naming it', () => {
  it('refuses a key that is not a field of the list, SQL included', () => {
    expect(refusal(() => one('nope', 'eq', 'x'))).toMatchObject({ status: 400, field: 'search', message: '查询条件 nope 不是此列表的字段' });
    expect(refusal(() => one('plate_number; DROP TABLE md_vehicle', 'eq', 'x')).message).toContain('plate_number; DROP TABLE md_vehicle');
    // the column behind a field is not a key
    expect(refusal(() => one('plate_number', 'eq', 'x')).status).toBe(400);
  });

  it('refuses a field that is neither queryable nor advanced-queryable, or has no column', () => {
    expect(refusal(() => one('owner', 'eq', 'x')).message).toBe('字段 owner 不允许查询');
    expect(refusal(() => one('photo', 'eq', 'x')).message).toBe('字段 photo 不允许查询');
  });

  it.each([
    ['plateType', 'ne'], ['plateType', 'like'], ['plateType', 'gt'], ['enabled', 'lk'], ['enabled', 'le'],
    ['capacity', 'like'], ['capacity', 'lk'], ['reviewDate', 'like'], ['plateNumber', 'gt'], ['plateNumber', 'le'],
  ])('refuses %s with %s, an operator its type does not take', (key, op) => {
    expect(refusal(() => one(key, op, 'YELLOW')).message).toMatch(new RegExp(`^字段 ${key} \\(\\w+\\) 不支持运算符 ${op}$`));
  });

  it.each([
    ['capacity', 'abc', '不是数字'], ['capacity', '1,5', '不是数字'], ['capacity', true, '不是数字'], ['capacity', '1e9999', '不是数字'],
    ['reviewDate', '2026-02-30', '不是日期'], ['reviewDate', '21/11/2026', '不是日期'], ['reviewDate', '2026-11-21 24:00', '不是日期'],
    ['reviewDate', 20261121, '不是日期'], ['enabled', 'yes', '不是布尔值'], ['plateType', 'RED', '不是可选值'],
    ['plateType', "' OR 1=1 --", '不是可选值'], ['plateNumber', true, '不是文本'],
  ])('refuses %s = %j as %s', (key, val, reason) => {
    const r = refusal(() => one(key, 'eq', val));
    expect(r.status).toBe(400);
    expect(r.message).toMatch(new RegExp(`^字段 ${key} 的值 .* ${reason}$`));
  });

  it('refuses a wrong value inside an in list, naming the key', () => {
    expect(refusal(() => one('capacity', 'in', [1, 'x'])).message).toBe('字段 capacity 的值 x 不是数字');
  });

  it('refuses a list of values to an operator that takes one', () => {
    expect(refusal(() => one('plateNumber', 'eq', ['a', 'b'])).message).toBe('字段 plateNumber 的运算符 eq 只接受一个值');
  });

  it('takes up to 1000 values in an in list, as array or comma list, and refuses more', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => String(i));
    expect((one('capacity', 'in', many(1000))[0] as { values: string[] }).values).toHaveLength(1000);
    expect(refusal(() => one('capacity', 'in', many(1001).join(','))).message).toBe('字段 capacity 的 in 条件最多 1000 个值');
  });

  it('refuses a sort key that is unknown or not sortable', () => {
    expect(refusal(() => planList(template, { sort: [{ key: '(SELECT 1)', dir: 'asc' }] }))).toMatchObject({
      status: 400, field: 'sort', message: '排序字段 (SELECT 1) 不是此列表的字段',
    });
    expect(refusal(() => planList(template, { sort: [{ key: 'remark', dir: 'asc' }] })).message).toBe('字段 remark 不允许排序');
  });

  it("refuses another list's template id", () => {
    expect(refusal(() => planList(template, { tplId: '8' }))).toMatchObject({ status: 400, field: 'tplId' });
    expect(planList(template, { tplId: 7 }).table).toBe('md_vehicle');
  });
});

describe('order', () => {
  it('sorts by the requested fields, then by id so pages are stable', () => {
    const plan = planList(template, { sort: [{ key: 'capacity', dir: 'asc' }, { key: 'plateNumber', dir: 'desc' }] });
    expect(plan.orderBy).toEqual([
      { sql: 't.capacity', dir: 'asc' }, { sql: 't.plate_number', dir: 'desc' }, { sql: TIEBREAK_COLUMN, dir: 'desc' },
    ]);
  });

  it("uses the template's default order when none is asked for", () => {
    const withDefault = { ...template, fields: template.fields.map((f) => (f.fieldName === 'plateNumber' ? { ...f, idefinedSort: true, sortMethod: 'asc' as const } : f)) };
    expect(planList(withDefault, {}).orderBy).toEqual([{ sql: 't.plate_number', dir: 'asc' }, { sql: TIEBREAK_COLUMN, dir: 'desc' }]);
  });

  it('falls back to newest first by createDate, and to id alone without one', () => {
    expect(planList(template, {}).orderBy).toEqual([{ sql: 't.created_at', dir: 'desc' }, { sql: TIEBREAK_COLUMN, dir: 'desc' }]);
    const noDate = { ...template, fields: template.fields.filter((f) => f.fieldName !== 'createDate') };
    expect(planList(noDate, {}).orderBy).toEqual([{ sql: TIEBREAK_COLUMN, dir: 'desc' }]);
  });
});

describe('pages', () => {
  it('starts at page 1 with 10 rows', () => {
    expect(pageOf({ ps: null }, undefined)).toEqual({ limit: 10, offset: 0 });
  });

  it("uses the template's page size, then the request's", () => {
    expect(pageOf({ ps: 20 }, undefined)).toEqual({ limit: 20, offset: 0 });
    expect(pageOf({ ps: 20 }, { pn: 3, ps: 40 })).toEqual({ limit: 40, offset: 80 });
  });

  it('caps the page size at 100', () => {
    expect(pageOf({ ps: null }, { pn: 2, ps: 5000 })).toEqual({ limit: 100, offset: 100 });
  });
});

describe('what is read', () => {
  it('selects every field with a column, named by fieldName, plus the id', () => {
    const plan = planList(template, {});
    expect(plan.columns.map((c) => c.name)).toEqual(['id', 'plateNumber', 'capacity', 'reviewDate', 'enabled', 'plateType', 'remark', 'owner', 'createDate']);
    expect(plan.columns[0]).toEqual({ name: 'id', sql: TIEBREAK_COLUMN });
  });

  it('totals the NUMBER fields marked itotal', () => {
    expect(planList(template, {}).totals).toEqual([{ name: 'capacity', sql: 't.capacity' }]);
  });

  it('takes table and organisation column from the template only', () => {
    const plan = planList(template, { param: { table: 'sys_user', org_id: '1' } });
    expect([plan.table, plan.orgColumn]).toEqual(['md_vehicle', 'org_id']);
  });
});
