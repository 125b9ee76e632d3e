import { sql } from 'kysely';
import type { DocField, DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate } from '../../../platform/templates/define';
import { regionCodeProblems } from '../../system/hierarchy/check';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../shared/fields';

/**
 * 区域档案: the company's regions as a tree (province, city, district), coded by the company's
 * hierarchy code rule for regions (系统管理 → 层级编码规则, 适用档案 地区) exactly as material classes
 * are by theirs: a region's code is its parent's code and its level's width of characters more. A
 * region holding sub-regions is not deleted (the foreign key refuses it). The freight prices, the
 * freight contract lines and the freight plans pick their region from it (REGION_PICKER).
 */
export const REGION_BASE = '/api/masterdata/region';
export const REGION_PATH = '/masterdata/region';
export const REGION_TREE_URL = `${REGION_BASE}/tree`;
export const REGION_RESOURCE = 'masterdata.region.resource';

const parentName = {
  fieldName: 'parentName', fieldExplain: '上级区域', fieldExplainEn: 'Parent', fieldType: 'TEXT' as const,
  columnSql: '(SELECT p.region_name FROM md_region p WHERE p.id = t.parent_id)', columnWidth: 140,
};

const listTemplate = defineListTemplate({
  formatCode: 'masterdata.region.list', formatName: '区域档案', formatNameEn: 'Regions', mainTable: 'md_region',
  resUrl: `${REGION_BASE}/v2/list`, menuPath: REGION_PATH,
  fields: [
    { fieldName: 'regionCode', fieldExplain: '区域编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.region_code',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', columnWidth: 110 },
    { fieldName: 'regionName', fieldExplain: '区域名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.region_name', iallowQuery: true, searchType: 'input', columnWidth: 160 },
    parentName,
    { fieldName: 'sort', fieldExplain: '排序', fieldExplainEn: 'Order', fieldType: 'NUMBER', columnSql: 't.sort', isortField: true, columnWidth: 70 },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

/** The region popup: the company's region tree (the parent in the region's form, the region of a freight price or plan). */
const regionResource = defineTemplate({
  formatCode: REGION_RESOURCE, formatName: '选择区域', formatNameEn: 'Select region', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_TREE',
  mainTable: 'md_region', treeResUrl: REGION_TREE_URL, treeResMethod: 'GET',
  valueResourceSubName: 'name', viewResourceSubName: 'name',
  fields: [{ fieldName: 'name', fieldExplain: '区域', fieldExplainEn: 'Region', fieldType: 'TEXT' }],
});

const [createForm, updateForm] = formTemplates({ formatCode: 'masterdata.region', formatName: '区域档案', formatNameEn: 'region', prefix: 'md_region', mainTable: 'md_region' }, [
  { fieldName: 'regionCode', fieldExplain: '区域编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.region_code', irequired: true, iupdate: false,
    tipsMessage: '下级区域的编码以上级编码开头，位数按层级编码规则，如 2-2-2 时 32 下的 3205' },
  { fieldName: 'regionName', fieldExplain: '区域名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.region_name', irequired: true },
  { ...parentName, formSubmitType: 'RESOURCE_CONTROLS', resource: { formatCode: REGION_RESOURCE, map: [
    { masterTable: 'md_region', fieldName: 'parentId', from: 'id' }, { masterTable: 'md_region', fieldName: 'parentName', from: 'regionName' }] } },
  { fieldName: 'parentId', fieldExplain: '上级区域编号', fieldExplainEn: 'Parent region id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.parent_id::text', ishow: false, ihidden: true },
  { fieldName: 'sort', fieldExplain: '排序', fieldExplainEn: 'Order', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.sort', defaultValue: '0' },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
]);

const FIELDS: DocField[] = [
  { name: 'regionCode', column: 'region_code', label: '区域编码', type: 'text', required: true, updatable: false, unique: true, maxLength: 20 },
  { name: 'regionName', column: 'region_name', label: '区域名称', type: 'text', required: true, maxLength: 40 },
  { name: 'parentId', column: 'parent_id', label: '上级区域', type: 'id',
    byCode: { name: 'parentCode', label: '上级区域编码', table: 'md_region', codeColumn: 'region_code', scope: 'org' } },
  { name: 'sort', column: 'sort', label: '排序', type: 'integer', min: 0, below: 100000, default: 0 },
  enabledField,
  remarkField,
];

export const regionFamily: DocumentFamily = {
  label: '区域', base: REGION_BASE, permissionPrefix: 'md_region', table: 'md_region', scope: { kind: 'org' },
  code: { field: 'regionCode', column: 'region_code' }, fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate, resourceTemplate: regionResource, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
  constraintMessages: { md_region_check: { field: 'parentId', message: '上级区域不能是区域自己' } },
  checkWrite: async (tx, who, id, values) => {
    const codeProblems = await regionCodeProblems(tx, who, id, values);
    if (codeProblems.length) return codeProblems;
    // a region moved under one of its own sub-regions would cut that branch off the tree
    if (!id || !values.parentId || values.parentId === id) return [];
    const { rows } = await sql<{ found: boolean }>`
      WITH RECURSIVE below AS (
        SELECT id FROM md_region WHERE parent_id = ${id}::bigint AND org_id = ${who.orgId}
        UNION
        SELECT c.id FROM md_region c JOIN below b ON c.parent_id = b.id
      ) SELECT EXISTS (SELECT 1 FROM below WHERE id = ${String(values.parentId)}::bigint) AS found`.execute(tx);
    return rows[0].found ? [{ field: 'parentId', message: '上级区域不能是本区域的下级区域' }] : [];
  },
};

/**
 * A region field of another family (a freight price's, a contract line's, a plan's): still its
 * region's name, now chosen from the region tree.
 */
export const REGION_PICKER = { formatCode: REGION_RESOURCE, fill: 'regionName' } as const;
