import type { DocField, DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../../platform/templates/define';
import { organisationDetail } from './detail-templates';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../../masterdata/shared/fields';
import { authoriseOrganisations } from './access';
import { organisationLinks, organisationUses } from './repo';
import { treeChecks } from './tree-family';

/**
 * 组织机构: the group's organisations (companies and their sub-units), one tree per group, kept
 * once and seen by every company of the group (scope shared). Only administrators change them
 * (access.ts, asked by the engine before every change); a company with sub-units, departments or users is not deleted.
 */
import { ORGANISATION_BASE } from './paths';

export { ORGANISATION_BASE };

const parentName: FieldDef = {
  fieldName: 'parentName', fieldExplain: '上级组织', fieldExplainEn: 'Parent organisation', fieldType: 'TEXT',
  columnSql: '(SELECT p.org_name FROM sys_org p WHERE p.id = t.parent_id)', columnWidth: 180,
};

const listTemplate = defineListTemplate({
  formatCode: 'system.organisation.list', formatName: '组织机构', formatNameEn: 'Organisations', formatStyle: 'FORMAT_TREE_LIST',
  mainTable: 'sys_org_in_group', orgColumn: 'alloc_org_id', detailCode: organisationDetail.formatCode,
  resUrl: `${ORGANISATION_BASE}/v2/list`, treeResUrl: `${ORGANISATION_BASE}/tree`, treeResMethod: 'GET', menuPath: '/system/org',
  fields: [
    { fieldName: 'orgCode', fieldExplain: '组织编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.org_code',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', columnWidth: 110 },
    { fieldName: 'orgName', fieldExplain: '组织名称', fieldExplainEn: 'Name', fieldType: 'LINK', columnSql: 't.org_name', iallowQuery: true, searchType: 'input', columnWidth: 220 },
    { fieldName: 'shortName', fieldExplain: '简称', fieldExplainEn: 'Short name', fieldType: 'TEXT', columnSql: 't.short_name', columnWidth: 120 },
    parentName,
    { fieldName: 'orgId', fieldExplain: '组织编号', fieldExplainEn: 'Organisation id', fieldType: 'TEXT', columnSql: 't.id::text', iallowQuery: true, ishow: false, ihidden: true },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

const [createForm, updateForm] = formTemplates(
  { formatCode: 'system.organisation', formatName: '组织机构', formatNameEn: 'organisation', prefix: 'sys_org', mainTable: 'sys_org' },
  [
    { fieldName: 'orgCode', fieldExplain: '组织编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.org_code', irequired: true, iupdate: false },
    { fieldName: 'orgName', fieldExplain: '组织名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.org_name', irequired: true },
    { fieldName: 'orgNameEn', fieldExplain: '英文名称', fieldExplainEn: 'English name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.org_name_en' },
    { fieldName: 'shortName', fieldExplain: '简称', fieldExplainEn: 'Short name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.short_name' },
    { ...parentName, formSubmitType: 'RESOURCE_CONTROLS', resource: { formatCode: 'system.organisation.resource', map: [
      { masterTable: 'sys_org', fieldName: 'parentId', from: 'id' }, { masterTable: 'sys_org', fieldName: 'parentName', from: 'orgName' }] } },
    { fieldName: 'parentId', fieldExplain: '上级组织编号', fieldExplainEn: 'Parent id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.parent_id::text', ishow: false, ihidden: true },
    // the letterhead of the company's printed statements (platform/print)
    { fieldName: 'address', fieldExplain: '地址', fieldExplainEn: 'Address', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.address' },
    { fieldName: 'phone', fieldExplain: '电话', fieldExplainEn: 'Phone', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.phone' },
    { fieldName: 'sort', fieldExplain: '排序', fieldExplainEn: 'Order', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.sort', defaultValue: '0' },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
    { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
  ],
);

const resourceTemplate = defineTemplate({
  formatCode: 'system.organisation.resource', formatName: '选择组织', formatNameEn: 'Choose an organisation', formatType: 'RESOURCE',
  formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST', mainTable: 'sys_org_in_group', orgColumn: 'alloc_org_id', resMethod: 'POST', resUrl: `${ORGANISATION_BASE}/v2/list`,
  valueResourceSubName: 'orgCode', viewResourceSubName: 'orgName',
  fields: listTemplate.fields.filter((f) => ['orgCode', 'orgName', 'parentName'].includes(f.fieldName)).map((f) => ({ ...f, fieldType: 'TEXT' as const })),
});

const FIELDS: DocField[] = [
  { name: 'orgCode', column: 'org_code', label: '组织编码', type: 'text', required: true, updatable: false, unique: true, maxLength: 20 },
  { name: 'orgName', column: 'org_name', label: '组织名称', type: 'text', required: true, maxLength: 60 },
  { name: 'orgNameEn', column: 'org_name_en', label: '英文名称', type: 'text', maxLength: 120 },
  { name: 'shortName', column: 'short_name', label: '简称', type: 'text', maxLength: 20 },
  { name: 'parentId', column: 'parent_id', label: '上级组织', type: 'id',
    byCode: { name: 'parentCode', label: '上级组织编码', table: 'sys_org', codeColumn: 'org_code', scope: 'group' } },
  { name: 'address', column: 'address', label: '地址', type: 'text', maxLength: 200 },
  { name: 'phone', column: 'phone', label: '电话', type: 'text', maxLength: 40 },
  { name: 'sort', column: 'sort', label: '排序', type: 'integer', min: 0, below: 100000, default: 0 },
  enabledField,
  remarkField,
];

export const organisationFamily: DocumentFamily = {
  label: '组织', base: ORGANISATION_BASE, permissionPrefix: 'sys_org', table: 'sys_org', scope: { kind: 'shared' },
  code: { field: 'orgCode', column: 'org_code' }, fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate, resourceTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
  // organisations are created by an administrator, not pushed by an ERP or a sheet
  import: false, datax: false,
  constraintMessages: { sys_org_parent_check: { field: 'parentId', message: '上级组织不能是组织自己' } },
  authorise: authoriseOrganisations,
  ...treeChecks({
    tree: 'organisation', node: '组织', idKey: 'orgId', ownerOf: (who) => who.groupId, links: organisationLinks, uses: organisationUses,
    refuseDelete: (use, who) => (use.id === who.orgId ? `组织 ${use.code} 是当前登录的公司，不能删除` : null),
  }),
};
