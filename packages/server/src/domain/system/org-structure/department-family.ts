import type { DocField, DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../../platform/templates/define';
import {
  checkPhone, createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn,
} from '../../masterdata/shared/fields';
import { departmentUsersDetail } from './detail-templates';
import { DEPARTMENT_BASE } from './paths';
import { departmentLinks, departmentUses } from './repo';
import { treeChecks } from './tree-family';

/**
 * 部门: a company's departments, a tree per company. Only the company's own rows are reached
 * (scope org); a parent, a manager or a user's department in another company is refused by keys
 * that include org_id (migrations/012).
 */
export { DEPARTMENT_BASE };

const parentName: FieldDef = {
  fieldName: 'parentName', fieldExplain: '上级部门', fieldExplainEn: 'Parent department', fieldType: 'TEXT',
  columnSql: '(SELECT p.dept_name FROM sys_department p WHERE p.id = t.parent_id AND p.org_id = t.org_id)', columnWidth: 140,
};
const managerName: FieldDef = {
  fieldName: 'managerName', fieldExplain: '负责人', fieldExplainEn: 'Manager', fieldType: 'TEXT',
  columnSql: '(SELECT m.person_name FROM md_person m WHERE m.id = t.manager_id AND m.org_id = t.org_id)', columnWidth: 100,
};

const listTemplate = defineListTemplate({
  formatCode: 'system.department.list', formatName: '部门', formatNameEn: 'Departments', formatStyle: 'FORMAT_TREE_LIST', mainTable: 'sys_department', detailCode: departmentUsersDetail.formatCode,
  resUrl: `${DEPARTMENT_BASE}/v2/list`, treeResUrl: `${DEPARTMENT_BASE}/tree`, treeResMethod: 'GET', menuPath: '/masterdata/department',
  fields: [
    { fieldName: 'deptCode', fieldExplain: '部门编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.dept_code',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', columnWidth: 110 },
    { fieldName: 'deptName', fieldExplain: '部门名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.dept_name', iallowQuery: true, searchType: 'input', columnWidth: 160 },
    parentName, managerName,
    { fieldName: 'phone', fieldExplain: '电话', fieldExplainEn: 'Phone', fieldType: 'TEXT', columnSql: 't.phone', columnWidth: 120 },
    { fieldName: 'sort', fieldExplain: '排序', fieldExplainEn: 'Order', fieldType: 'NUMBER', columnSql: 't.sort', isortField: true, columnWidth: 70 },
    { fieldName: 'deptId', fieldExplain: '部门编号', fieldExplainEn: 'Department id', fieldType: 'TEXT', columnSql: 't.id::text', iallowQuery: true, ishow: false, ihidden: true },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

const [createForm, updateForm] = formTemplates(
  { formatCode: 'system.department', formatName: '部门', formatNameEn: 'department', prefix: 'sys_dept', mainTable: 'sys_department' },
  [
    { fieldName: 'deptCode', fieldExplain: '部门编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.dept_code', irequired: true },
    { fieldName: 'deptName', fieldExplain: '部门名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.dept_name', irequired: true },
    { ...parentName, formSubmitType: 'RESOURCE_CONTROLS', resource: { formatCode: 'system.department.resource', map: [
      { masterTable: 'sys_department', fieldName: 'parentId', from: 'id' }, { masterTable: 'sys_department', fieldName: 'parentName', from: 'deptName' }] } },
    { fieldName: 'parentId', fieldExplain: '上级部门编号', fieldExplainEn: 'Parent id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.parent_id::text', ishow: false, ihidden: true },
    { ...managerName, formSubmitType: 'RESOURCE_CONTROLS', resource: { formatCode: 'masterdata.person.resource', map: [
      { masterTable: 'sys_department', fieldName: 'managerId', from: 'id' }, { masterTable: 'sys_department', fieldName: 'managerName', from: 'personName' }] } },
    { fieldName: 'managerId', fieldExplain: '负责人编号', fieldExplainEn: 'Manager id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.manager_id::text', ishow: false, ihidden: true },
    { fieldName: 'phone', fieldExplain: '电话', fieldExplainEn: 'Phone', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.phone' },
    { fieldName: 'sort', fieldExplain: '排序', fieldExplainEn: 'Order', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.sort', defaultValue: '0' },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
    { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
  ],
);

/** The parent picker of the department form: the company's departments. */
const resourceTemplate = defineTemplate({
  formatCode: 'system.department.resource', formatName: '选择部门', formatNameEn: 'Choose a department', formatType: 'RESOURCE',
  formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST', mainTable: 'sys_department', resMethod: 'POST', resUrl: `${DEPARTMENT_BASE}/v2/list`,
  valueResourceSubName: 'deptCode', viewResourceSubName: 'deptName',
  fields: listTemplate.fields.filter((f) => ['deptCode', 'deptName', 'parentName'].includes(f.fieldName)),
});

const FIELDS: DocField[] = [
  { name: 'deptCode', column: 'dept_code', label: '部门编码', type: 'text', required: true, unique: true, maxLength: 20 },
  { name: 'deptName', column: 'dept_name', label: '部门名称', type: 'text', required: true, maxLength: 40 },
  { name: 'parentId', column: 'parent_id', label: '上级部门', type: 'id',
    byCode: { name: 'parentCode', label: '上级部门编码', table: 'sys_department', codeColumn: 'dept_code', scope: 'org' } },
  { name: 'managerId', column: 'manager_id', label: '负责人', type: 'id',
    byCode: { name: 'managerCode', label: '负责人编码', table: 'md_person', codeColumn: 'person_code', scope: 'org' } },
  { name: 'phone', column: 'phone', label: '电话', type: 'text', check: checkPhone('电话') },
  { name: 'sort', column: 'sort', label: '排序', type: 'integer', min: 0, below: 100000, default: 0 },
  enabledField,
  remarkField,
];

export const departmentFamily: DocumentFamily = {
  label: '部门', base: DEPARTMENT_BASE, permissionPrefix: 'sys_dept', table: 'sys_department', scope: { kind: 'org' },
  code: { field: 'deptCode', column: 'dept_code' }, fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate, resourceTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
  constraintMessages: { sys_department_parent_check: { field: 'parentId', message: '上级部门不能是部门自己' } },
  // a department moved under one of its own sub-departments would cut that branch off the tree
  ...treeChecks({ tree: 'department', node: '部门', idKey: 'deptId', ownerOf: (who) => who.orgId, links: departmentLinks, uses: departmentUses }),
};
