import { describe, expect, it } from 'vitest';
import type { FieldRow } from '../repo';
import { allotRefusal, fieldChanges, fieldRefusal, mappingRefusal, orderRefusal, paramRefusal, seqOf } from './rules';

const row = (over: Partial<FieldRow> = {}): FieldRow => ({
  id: '1', format_id: '9', field_name: 'carType', field_explain: '车型', field_explain_en: null, field_type: 'TEXT',
  form_submit_type: null, options: [], default_value: null, tips_message: null, seq: 10, ishow: true, ihidden: false,
  iupdate: true, irequired: false, iallow_query: false, iallow_advance_query: false, itotal: false, imerge: false,
  isort_field: false, idefined_sort: false, sort_method: null, column_width: null, fixed: null, calculate: null,
  custom_table: null, class_type: null, validate_method: null, validate_title: null, val_format_fun: null,
  cg_format_res_id: null, control_value: null, rows: null, search_type: null, column_sql: 't.car_type', display_kind: null, ...over,
});

describe('field edits', () => {
  it('maps only the properties an edit names to their columns, never column_sql', () => {
    expect(fieldChanges({ version: '1', ishow: false, fieldExplain: '车辆类型', sortMethod: null })).toEqual({
      ishow: false, field_explain: '车辆类型', sort_method: null,
    });
    expect(fieldChanges({ version: '1', columnSql: 't.x' } as never)).toEqual({});
  });

  it('refuses searching, sorting, default-sorting or totalling a field the engine does not read', () => {
    for (const column of ['iallow_query', 'iallow_advance_query', 'isort_field', 'itotal'] as const) {
      expect(fieldRefusal(row({ column_sql: null, [column]: true }))?.message).toBe('字段 carType 不是数据库列，不能查询、排序或合计');
    }
    expect(fieldRefusal(row({ column_sql: null, ishow: false }))).toBeNull();
  });

  it('refuses a search on a type that has no operators, a total of a non-number, a default sort that is not sortable', () => {
    expect(fieldRefusal(row({ field_type: 'JSON', iallow_query: true }))).toMatchObject({ field: 'iallowQuery' });
    expect(fieldRefusal(row({ itotal: true }))).toMatchObject({ field: 'itotal' });
    expect(fieldRefusal(row({ field_type: 'NUMBER', itotal: true }))).toBeNull();
    expect(fieldRefusal(row({ idefined_sort: true }))).toMatchObject({ field: 'idefinedSort' });
    expect(fieldRefusal(row({ idefined_sort: true, isort_field: true }))).toBeNull();
  });

  it('refuses a validation pattern that does not compile or has no message, and repeated option values', () => {
    expect(fieldRefusal(row({ validate_method: '(', validate_title: 'x' }))).toMatchObject({ field: 'validateMethod' });
    expect(fieldRefusal(row({ validate_method: '^\\d+$' }))).toMatchObject({ field: 'validateTitle' });
    expect(fieldRefusal(row({ options: [{ value: 1, label: 'a' }, { value: '1', label: 'b' }] }))).toMatchObject({ field: 'options' });
  });
});

describe('orders, parameters, mappings and bindings', () => {
  it('takes an order naming every field once, and numbers it in tens', () => {
    const fields = [{ id: '1' }, { id: '2' }];
    expect(orderRefusal(fields, ['2', '1'])).toBeNull();
    expect(orderRefusal(fields, ['2'])).not.toBeNull();
    expect(orderRefusal(fields, ['2', '2'])).not.toBeNull();
    expect(orderRefusal(fields, ['2', '3'])).not.toBeNull();
    expect([0, 1, 2].map(seqOf)).toEqual([10, 20, 30]);
  });

  it('takes search parameters the list engine would accept', () => {
    const fields = [row({ iallow_query: true }), row({ field_name: 'plateType', field_type: 'ENUM', iallow_advance_query: true })];
    expect(paramRefusal(fields, [{ key: 'carType', op: 'like', val: 'x' }, { key: 'plateType', op: 'eq', val: 'BLUE' }])).toBeNull();
    expect(paramRefusal(fields, [{ key: 'plateType', op: 'like', val: 'x' }])).toMatchObject({ field: 'paramList.0.op' });
    expect(paramRefusal(fields, [{ key: 'carType', op: 'eq', val: ['a'] }])).toMatchObject({ field: 'paramList.0.val' });
    expect(paramRefusal([row()], [{ key: 'carType', op: 'eq', val: 'a' }])).toMatchObject({ field: 'paramList.0.key' });
  });

  it('takes mappings only from the popup of a field that opens one', () => {
    const pair = (t: string, s: string) => ({ fieldSub1: { masterTable: 'registry', fieldName: t }, fieldSub2: { fieldName: s } });
    expect(mappingRefusal(row({ cg_format_res_id: '5' }), ['carType'], [pair('carType', 'carType')])).toBeNull();
    expect(mappingRefusal(row(), [], [pair('carType', 'carType')])).toMatchObject({ field: 'cgFormatResId' });
    expect(mappingRefusal(row(), [], [])).toBeNull();
  });

  it('binds lists to menu entries and forms to button entries only', () => {
    expect(allotRefusal('LIST', 'menu')).toBeNull();
    expect(allotRefusal('FORM', 'button')).toBeNull();
    expect(allotRefusal('LIST', 'button')).toMatchObject({ field: 'menuId' });
    expect(allotRefusal('RESOURCE', null)).toMatchObject({ field: 'formatId' });
  });
});
