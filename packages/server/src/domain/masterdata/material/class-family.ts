import { sql } from 'kysely';
import { materialClassCodeProblems } from '../../system/hierarchy/check';
import type { DocField, DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate } from '../../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../shared/fields';

/**
 * 存货分类: the group's class tree, kept once and used by every company (no allocation). A class
 * still holding materials or sub-classes is not deleted (the foreign keys refuse it).
 */
const parentName = {
  fieldName: 'parentName', fieldExplain: '上级分类', fieldExplainEn: 'Parent', fieldType: 'TEXT' as const,
  columnSql: '(SELECT p.invc_name FROM md_material_class p WHERE p.id = t.parent_id)', columnWidth: 140,
};

const listTemplate = defineListTemplate({
  formatCode: 'masterdata.inventory-class.list', formatName: '存货分类', formatNameEn: 'Inventory classes', mainTable: 'md_material_class_in_org', orgColumn: 'alloc_org_id',
  resUrl: '/api/masterdata/inventory-class/v2/list', menuPath: '/masterdata/inventory-class',
  fields: [
    { fieldName: 'invcCode', fieldExplain: '分类编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.invc_code',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', columnWidth: 110 },
    { fieldName: 'invcName', fieldExplain: '分类名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.invc_name', iallowQuery: true, searchType: 'input', columnWidth: 160 },
    parentName,
    { fieldName: 'sort', fieldExplain: '排序', fieldExplainEn: 'Order', fieldType: 'NUMBER', columnSql: 't.sort', isortField: true, columnWidth: 70 },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

const [createForm, updateForm] = formTemplates({ formatCode: 'masterdata.inventory-class', formatName: '存货分类', formatNameEn: 'inventory class', prefix: 'md_inventory_class', mainTable: 'md_material_class' }, [
  { fieldName: 'invcCode', fieldExplain: '分类编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.invc_code', irequired: true, iupdate: false, tipsMessage: '下级分类的编码以上级编码开头，如 01 下的 0101' },
  { fieldName: 'invcName', fieldExplain: '分类名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.invc_name', irequired: true },
  { ...parentName, formSubmitType: 'RESOURCE_CONTROLS', resource: { formatCode: 'masterdata.inventory-class.resource', map: [
    { masterTable: 'md_material_class', fieldName: 'parentId', from: 'id' }, { masterTable: 'md_material_class', fieldName: 'parentName', from: 'name' }] } },
  { fieldName: 'parentId', fieldExplain: '上级分类编号', fieldExplainEn: 'Parent class id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.parent_id::text', ishow: false, ihidden: true },
  { fieldName: 'sort', fieldExplain: '排序', fieldExplainEn: 'Order', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.sort', defaultValue: '0' },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
]);

const FIELDS: DocField[] = [
  { name: 'invcCode', column: 'invc_code', label: '分类编码', type: 'text', required: true, updatable: false, unique: true, maxLength: 20 },
  { name: 'invcName', column: 'invc_name', label: '分类名称', type: 'text', required: true, maxLength: 40 },
  { name: 'parentId', column: 'parent_id', label: '上级分类', type: 'id',
    byCode: { name: 'parentCode', label: '上级分类编码', table: 'md_material_class', codeColumn: 'invc_code', scope: 'group' } },
  { name: 'sort', column: 'sort', label: '排序', type: 'integer', min: 0, below: 100000, default: 0 },
  enabledField,
  remarkField,
];

export const materialClassFamily: DocumentFamily = {
  label: '存货分类', base: '/api/masterdata/inventory-class', permissionPrefix: 'md_inventory_class', table: 'md_material_class', scope: { kind: 'shared' },
  code: { field: 'invcCode', column: 'invc_code' }, fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
  constraintMessages: { md_material_class_check: { field: 'parentId', message: '上级分类不能是分类自己' } },
  // a class moved under one of its own sub-classes would cut that branch off the tree
  checkWrite: async (tx, who, id, values) => {
    // the company's hierarchy code rule (系统管理 → 层级编码规则), when it has one
    const codeProblems = await materialClassCodeProblems(tx, who, id, values);
    if (codeProblems.length) return codeProblems;
    if (!id || !values.parentId || values.parentId === id) return [];
    const { rows } = await sql<{ found: boolean }>`
      WITH RECURSIVE below AS (
        SELECT id FROM md_material_class WHERE parent_id = ${id}::bigint
        UNION
        SELECT c.id FROM md_material_class c JOIN below b ON c.parent_id = b.id
      ) SELECT EXISTS (SELECT 1 FROM below WHERE id = ${String(values.parentId)}::bigint) AS found`.execute(tx);
    return rows[0].found ? [{ field: 'parentId', message: '上级分类不能是本分类的下级分类' }] : [];
  },
};
