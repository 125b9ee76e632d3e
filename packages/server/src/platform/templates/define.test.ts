import { describe, expect, it } from 'vitest';
import { ALL_TEMPLATES } from '../../domain/templates';
import { checkTemplate, defineListTemplate, type FieldDef, type TemplateDef } from './define';

const list = (fields: FieldDef[], over: Partial<TemplateDef> = {}): TemplateDef => ({
  formatCode: 'test.list', formatName: '测试', formatType: 'LIST', formatStyle: 'FORMAT_LIST_BASE', mainTable: 'md_vehicle', fields, ...over,
});
const text = (over: Partial<FieldDef> = {}): FieldDef => ({ fieldName: 'plateNumber', fieldExplain: '车牌号', fieldType: 'TEXT', columnSql: 't.plate_number', ...over });

describe('a template declared in code', () => {
  it('accepts every family template the server seeds', () => {
    for (const t of ALL_TEMPLATES) expect(() => checkTemplate(t)).not.toThrow();
  });

  it('makes a list template a POST list of the base style', () => {
    const t = defineListTemplate({ formatCode: 'x.list', formatName: 'x', mainTable: 'md_vehicle', fields: [text()] });
    expect(t).toMatchObject({ formatType: 'LIST', formatStyle: 'FORMAT_LIST_BASE', resMethod: 'POST' });
  });

  it('refuses a list without a table', () => {
    expect(() => checkTemplate(list([text()], { mainTable: undefined }))).toThrow(/needs mainTable/);
  });

  it('refuses table and column names that are not plain identifiers', () => {
    expect(() => checkTemplate(list([text()], { mainTable: 'md_vehicle; DROP TABLE x' }))).toThrow(/plain table or column/);
    expect(() => checkTemplate(list([text()], { orgColumn: 'org_id OR true' }))).toThrow(/plain table or column/);
  });

  it('refuses a field name that is not a plain name, or one declared twice', () => {
    expect(() => checkTemplate(list([text({ fieldName: 'plate number' })]))).toThrow(/not a plain name/);
    expect(() => checkTemplate(list([text(), text()]))).toThrow(/declared twice/);
  });

  it('refuses a searched, sorted or totalled field with nothing to read', () => {
    for (const flag of ['iallowQuery', 'iallowAdvanceQuery', 'isortField', 'itotal'] as const) {
      expect(() => checkTemplate(list([text({ columnSql: undefined, fieldType: 'NUMBER', [flag]: true })]))).toThrow(/no columnSql/);
    }
  });

  it('refuses a search on a type no operator applies to, and totals of anything but numbers', () => {
    expect(() => checkTemplate(list([text({ fieldType: 'BUTTON', iallowQuery: true })]))).toThrow(/cannot be searched/);
    expect(() => checkTemplate(list([text({ itotal: true })]))).toThrow(/only a NUMBER field/);
  });

  it('refuses a default sort on a field that cannot be sorted', () => {
    expect(() => checkTemplate(list([text({ idefinedSort: true })]))).toThrow(/must be sortable/);
  });
});
