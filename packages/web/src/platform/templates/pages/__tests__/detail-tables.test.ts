import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '@wb/protocol';
import { detailTables, rowsOfTable, splitDetailFields } from '../detail-tables';

const field = (fieldName: string, customTable: string | null = null) => ({ fieldName, customTable }) as FieldDefinition;
const template = {
  formSubList: [],
  listSubList: [field('orgCode'), field('username', 'sys_user'), field('orgName'), field('deptCode', 'sys_department'), field('realName', 'sys_user')],
  opations: { main: 'sys_org', son: 'sys_department' },
};

describe('a detail template split into the record and its child tables', () => {
  it('keeps the fields without a table as the record, and a table per customTable with the son table first', () => {
    const { main, tables } = splitDetailFields(template);
    expect(main.map((f) => f.fieldName)).toEqual(['orgCode', 'orgName']);
    expect(tables.map((t) => [t.table, t.fields.map((f) => f.fieldName)])).toEqual([
      ['sys_department', ['deptCode']],
      ['sys_user', ['username', 'realName']],
    ]);
  });

  it("reads the son table's rows from entitysub and the others' from subTables", () => {
    const data = { entity: { orgCode: 'HDSN' }, entitysub: [{ deptCode: '01' }], subTables: { sys_user: [{ username: 'admin' }] } };
    expect(rowsOfTable(data, 'sys_department', 'sys_department')).toEqual([{ deptCode: '01' }]);
    expect(rowsOfTable(data, 'sys_user', 'sys_department')).toEqual([{ username: 'admin' }]);
    expect(rowsOfTable(data, 'sys_role', 'sys_department')).toEqual([]);
    expect(rowsOfTable(null, 'sys_user', null)).toEqual([]);
    expect(detailTables(template, data).tables.map((t) => t.rows.length)).toEqual([1, 1]);
  });
});
