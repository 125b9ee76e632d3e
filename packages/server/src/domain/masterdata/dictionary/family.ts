import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema';
import type { DocField, DocumentChildren, DocumentFamily } from '../../../platform/documents/define';
import { masterChildForm } from '../../../platform/documents/master-child-form';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../shared/fields';

/**
 * 字典: a company's short lists (车型, 包装方式) kept as a type and its items. The type's form edits
 * its items as child rows, in the order the lists offer them. The items are also a family of their
 * own: one list of every type's items to search, and the sheet that imports many at once.
 */
const sortColumn: FieldDef = { fieldName: 'sort', fieldExplain: '排序', fieldExplainEn: 'Sort', fieldType: 'NUMBER', columnSql: 't.sort', isortField: true, columnWidth: 70 };
const sortField: DocField = { name: 'sort', column: 'sort', label: '排序', type: 'integer', default: 0, min: 0, below: 1e6 };
const enabledForm: FieldDef = { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false };
const remarkForm: FieldDef = { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 };

const typeListFields: FieldDef[] = [
  { fieldName: 'typeCode', fieldExplain: '类型编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.type_code',
    iallowQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 120 },
  { fieldName: 'typeName', fieldExplain: '类型名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.type_name', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 160 },
  { ...sortColumn, idefinedSort: true, sortMethod: 'asc' },
  { fieldName: 'items', fieldExplain: '字典项', fieldExplainEn: 'Items', fieldType: 'TEXT', columnWidth: 320,
    columnSql: '(SELECT string_agg(i.item_label, \'、\' ORDER BY i.sort, i.id) FROM md_dict_item i WHERE i.type_id = t.id)' },
  enabledColumn, remarkColumn, createDateColumn, versionColumn,
];
const typeList = defineListTemplate({
  formatCode: 'masterdata.dict-type.list', formatName: '字典类型', formatNameEn: 'Dictionary types', mainTable: 'md_dict_type', resUrl: '/api/masterdata/dict-type/v2/list', menuPath: '/masterdata/dict-type',
  fields: typeListFields,
});

const typeResource = defineTemplate({
  formatCode: 'masterdata.dict-type.resource', formatName: '选择字典类型', formatNameEn: 'Select dictionary type', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'md_dict_type', resMethod: 'POST', resUrl: '/api/masterdata/dict-type/v2/list', valueResourceSubName: 'typeCode', viewResourceSubName: 'typeName',
  fields: typeList.fields.filter((f) => ['typeCode', 'typeName'].includes(f.fieldName)),
});
const typeFormFields: FieldDef[] = [
  { fieldName: 'typeCode', fieldExplain: '类型编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.type_code', irequired: true, iupdate: false },
  { fieldName: 'typeName', fieldExplain: '类型名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.type_name', irequired: true },
  { ...sortColumn, formSubmitType: 'NUMBER' }, remarkForm, enabledForm,
];

// The items as the type form's child table edits them; their names differ from the type's own.
const itemColumns: FieldDef[] = [
  { fieldName: 'itemCode', fieldExplain: '编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.item_code', irequired: true, columnWidth: 120 },
  { fieldName: 'itemLabel', fieldExplain: '名称', fieldExplainEn: 'Label', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.item_label', irequired: true, columnWidth: 180 },
  { fieldName: 'itemEnabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', defaultValue: 'true', columnWidth: 80 },
  { fieldName: 'itemRemark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.remark', columnWidth: 200 },
];

/** The type's create and update forms, the items edited as child rows below it. */
const typeFormsOf = (formatCode: string, prefix: string) =>
  formTemplates({ formatCode, formatName: '字典类型', formatNameEn: 'dictionary type', prefix, mainTable: 'md_dict_type' }, typeFormFields)
    .map((f) => masterChildForm({ ...f, remark: '字典项按表中顺序排列，可拖动调整' }, 'md_dict_item', itemColumns));
const [typeCreate, typeUpdate] = typeFormsOf('masterdata.dict-type', 'md_dict_type');

/** A type's items as child rows: codes unique within the type, the order kept as the table shows it. */
const typeItems: DocumentChildren = {
  label: '字典项', table: 'md_dict_item', parentColumn: 'type_id',
  fields: [
    { name: 'itemCode', column: 'item_code', label: '编码', type: 'text', required: true, unique: true, maxLength: 40 },
    { name: 'itemLabel', column: 'item_label', label: '名称', type: 'text', required: true, maxLength: 60 },
    { name: 'itemSort', column: 'sort', label: '排序', type: 'integer' },
    { name: 'itemEnabled', column: 'enabled', label: '启用', type: 'boolean', default: true },
    { name: 'itemRemark', column: 'remark', label: '备注', type: 'text', maxLength: 500 },
  ],
  readFields: [...readFieldsOf({ ...typeCreate, fields: itemColumns }), { name: 'itemSort', sql: 't.sort' }],
  seq: { field: 'itemSort', column: 'sort' },
};

export const dictTypeFamily: DocumentFamily = {
  label: '字典类型', base: '/api/masterdata/dict-type', permissionPrefix: 'md_dict_type', table: 'md_dict_type', scope: { kind: 'org' },
  code: { field: 'typeCode', column: 'type_code' },
  fields: [
    { name: 'typeCode', column: 'type_code', label: '类型编码', type: 'text', required: true, updatable: false, unique: true, maxLength: 40 },
    { name: 'typeName', column: 'type_name', label: '类型名称', type: 'text', required: true, maxLength: 60 },
    sortField, enabledField, remarkField,
  ],
  lifecycle: switchLifecycle, listTemplate: typeList, resourceTemplate: typeResource, forms: [typeCreate, typeUpdate],
  readFields: readFieldsOf({ ...typeCreate, fields: typeCreate.fields.filter((f) => !f.customTable) }), copy: 'none',
  children: typeItems,
};

/**
 * 系统管理 → 字典管理: the same dictionary types and their items, kept by the administrators from the
 * system area. It is the type family mounted a second time, under its own address and permission
 * keys (sys_dict_*), so granting 基础资料's dictionaries does not grant this screen, nor the reverse;
 * both write the same rows with the same rules.
 */
const [systemCreate, systemUpdate] = typeFormsOf('system.dict', 'sys_dict');
export const systemDictFamily: DocumentFamily = {
  ...dictTypeFamily,
  base: '/api/system/dict', permissionPrefix: 'sys_dict',
  listTemplate: defineListTemplate({
    formatCode: 'system.dict.list', formatName: '字典管理', formatNameEn: 'Dictionaries', mainTable: 'md_dict_type', resUrl: '/api/system/dict/v2/list', menuPath: '/system/dict',
    fields: typeListFields,
  }),
  resourceTemplate: undefined, forms: [systemCreate, systemUpdate],
};

const typeName: FieldDef = {
  fieldName: 'typeName', fieldExplain: '字典类型', fieldExplainEn: 'Type', fieldType: 'TEXT',
  columnSql: '(SELECT d.type_name FROM md_dict_type d WHERE d.id = t.type_id)', columnWidth: 140,
};
const itemList = defineListTemplate({
  formatCode: 'masterdata.dict-item.list', formatName: '字典项', formatNameEn: 'Dictionary items', mainTable: 'md_dict_item', resUrl: '/api/masterdata/dict-item/v2/list', menuPath: '/masterdata/dict-item',
  fields: [
    { ...typeName, iallowQuery: true, searchType: 'input', columnSql: typeName.columnSql },
    { fieldName: 'itemCode', fieldExplain: '编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.item_code', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 100 },
    { fieldName: 'itemLabel', fieldExplain: '名称', fieldExplainEn: 'Label', fieldType: 'TEXT', columnSql: 't.item_label', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 160 },
    { ...sortColumn, idefinedSort: true, sortMethod: 'asc' }, enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});
const [itemCreate, itemUpdate] = formTemplates({ formatCode: 'masterdata.dict-item', formatName: '字典项', formatNameEn: 'dictionary item', prefix: 'md_dict_item', mainTable: 'md_dict_item' }, [
  { ...typeName, formSubmitType: 'RESOURCE_CONTROLS', irequired: true, iupdate: false, resource: { formatCode: 'masterdata.dict-type.resource', map: [
    { masterTable: 'md_dict_item', fieldName: 'typeId', from: 'id' }, { masterTable: 'md_dict_item', fieldName: 'typeName', from: 'typeName' }] } },
  { fieldName: 'typeId', fieldExplain: 'typeId', fieldExplainEn: 'typeId', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.type_id::text', ishow: false, ihidden: true },
  { fieldName: 'itemCode', fieldExplain: '编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.item_code', irequired: true },
  { fieldName: 'itemLabel', fieldExplain: '名称', fieldExplainEn: 'Label', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.item_label', irequired: true },
  { ...sortColumn, formSubmitType: 'NUMBER' }, remarkForm, enabledForm,
]);

export const dictItemFamily: DocumentFamily = {
  label: '字典项', base: '/api/masterdata/dict-item', permissionPrefix: 'md_dict_item', table: 'md_dict_item', scope: { kind: 'org' },
  code: { field: 'itemCode', column: 'item_code' },
  fields: [
    { name: 'typeId', column: 'type_id', label: '字典类型', type: 'id', required: true, updatable: false,
      byCode: { name: 'typeCode', label: '类型编码', table: 'md_dict_type', codeColumn: 'type_code', scope: 'org' } },
    { name: 'itemCode', column: 'item_code', label: '编码', type: 'text', required: true, maxLength: 40 },
    { name: 'itemLabel', column: 'item_label', label: '名称', type: 'text', required: true, maxLength: 60 },
    sortField, enabledField, remarkField,
  ],
  lifecycle: switchLifecycle, listTemplate: itemList, forms: [itemCreate, itemUpdate], readFields: readFieldsOf(itemCreate),
  // codes repeat between types: another system pushes an item by its type's code and its own
  copy: 'none', dataxKey: ['typeId', 'itemCode'],
  // items pushed change their types' sets as an item saved here does (below)
  afterDatax: async (tx, who, rows) => {
    await touchTypes(tx, who.orgId, sql`ANY(${[...new Set(rows.map((r) => String(r.typeId)))]}::bigint[])`);
  },
  // An item added or deleted here changes its type's set of items: the type moves on a version,
  // so a type form opened before saves a conflict instead of dropping or bringing back the item.
  // (An item edited here moves on its own version, which the type form's save checks.)
  checkWrite: async (tx, who, id, values) => {
    if (id === null) await touchTypes(tx, who.orgId, sql`${String(values.typeId)}::bigint`);
    return [];
  },
  checkDelete: async (tx, who, ids) => {
    await touchTypes(tx, who.orgId, sql`ANY(SELECT type_id FROM md_dict_item WHERE id = ANY(${ids}::bigint[]))`);
    return [];
  },
};

async function touchTypes(tx: Transaction<DB>, orgId: string, which: RawBuilder<unknown>): Promise<void> {
  await sql`UPDATE md_dict_type SET version = version + 1, updated_at = now() WHERE org_id = ${orgId}::bigint AND id = ${which}`.execute(tx);
}
