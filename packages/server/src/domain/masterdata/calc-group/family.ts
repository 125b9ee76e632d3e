import type { DocField, DocumentChildren, DocumentFamily } from '../../../platform/documents/define';
import { masterChildForm } from '../../../platform/documents/master-child-form';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../../platform/templates/define';
import { codePicker } from '../shared/code-picker';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../shared/fields';

/**
 * 计算组: a company's materials gathered to be priced, planned and reported as one (P.O42.5 散装
 * and 袋装). The group's form holds its materials as child rows; a material is in at most one
 * group of its company (migration 080), so a group price rule, a group quota or a report line
 * never has two claims on it. The page is the spec's /modules/material/computation_group/edit.
 */
export const CALC_GROUP_PATH = '/modules/material/computation_group/edit';
export const CALC_GROUP_BASE = '/api/masterdata/computation-group';
export const MEMBER_TABLE = 'md_calc_group_member';

const memberCount: FieldDef = {
  fieldName: 'memberCount', fieldExplain: '物料数', fieldExplainEn: 'Materials', fieldType: 'NUMBER', columnWidth: 80,
  columnSql: '(SELECT count(*) FROM md_calc_group_member m WHERE m.group_id = t.id)',
};
const memberNames: FieldDef = {
  fieldName: 'memberNames', fieldExplain: '包含物料', fieldExplainEn: 'Materials in it', fieldType: 'TEXT', columnWidth: 320,
  columnSql: '(SELECT string_agg(mm.inv_name, \'、\' ORDER BY m.seq, m.id) FROM md_calc_group_member m JOIN md_material mm ON mm.id = m.material_id WHERE m.group_id = t.id)',
};
// the members' codes as one value: what a picker of a group fills a material list with (预约规则 按计算组选择)
const memberCodes: FieldDef = {
  fieldName: 'memberCodes', fieldExplain: '物料编码', fieldExplainEn: 'Material codes', fieldType: 'TEXT', ishow: false, ihidden: true,
  columnSql: '(SELECT string_agg(mm.inv_code, \',\' ORDER BY m.seq, m.id) FROM md_calc_group_member m JOIN md_material mm ON mm.id = m.material_id WHERE m.group_id = t.id)',
};

const listTemplate = defineListTemplate({
  formatCode: 'masterdata.computation-group.list', formatName: '计算组', formatNameEn: 'Computation groups', mainTable: 'md_calc_group',
  resUrl: `${CALC_GROUP_BASE}/v2/list`, menuPath: CALC_GROUP_PATH,
  fields: [
    { fieldName: 'groupCode', fieldExplain: '计算组编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.group_code',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', fixed: 'left', columnWidth: 110 },
    { fieldName: 'groupName', fieldExplain: '计算组名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.group_name', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 160 },
    memberCount, memberNames, memberCodes, enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

const resourceTemplate = defineTemplate({
  formatCode: 'masterdata.computation-group.resource', formatName: '选择计算组', formatNameEn: 'Select computation group', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'md_calc_group', resMethod: 'POST', resUrl: `${CALC_GROUP_BASE}/v2/list`, valueResourceSubName: 'groupCode', viewResourceSubName: 'groupName',
  fields: listTemplate.fields.filter((f) => ['groupCode', 'groupName', 'memberCount', 'memberCodes'].includes(f.fieldName)),
});

const materialCode = '(SELECT m.inv_code FROM md_material m WHERE m.id = t.material_id)';
const materialName = '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)';
const memberColumns: FieldDef[] = [
  codePicker({ fieldName: 'invCode', fieldExplain: '物料编码', fieldExplainEn: 'Material code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: materialCode, irequired: true, columnWidth: 130 },
    'material', 'invName', MEMBER_TABLE),
  { fieldName: 'invName', fieldExplain: '物料名称', fieldExplainEn: 'Material', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: materialName, iupdate: false, columnWidth: 200 },
  { fieldName: 'memberRemark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.remark', columnWidth: 200 },
];

const [createForm, updateForm] = formTemplates({ formatCode: 'masterdata.computation-group', formatName: '计算组', formatNameEn: 'computation group', prefix: 'md_calc_group', mainTable: 'md_calc_group' }, [
  { fieldName: 'groupCode', fieldExplain: '计算组编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.group_code', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
  { fieldName: 'groupName', fieldExplain: '计算组名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.group_name', irequired: true },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
]).map((f) => masterChildForm({ ...f, remark: '一个物料只能属于本公司的一个计算组；计算组的价格与日计划对组内每个物料生效' }, MEMBER_TABLE, memberColumns));

const members: DocumentChildren = {
  label: '组内物料', table: MEMBER_TABLE, parentColumn: 'group_id',
  fields: [
    { name: 'materialId', column: 'material_id', label: '物料', type: 'id', required: true,
      byCode: { name: 'invCode', label: '物料编码', table: 'md_material', codeColumn: 'inv_code', scope: 'group' } },
    { name: 'memberSeq', column: 'seq', label: '行号', type: 'integer' },
    { name: 'memberRemark', column: 'remark', label: '备注', type: 'text', maxLength: 500 },
  ],
  readFields: [...readFieldsOf({ ...createForm, fields: memberColumns }), { name: 'materialId', sql: 't.material_id::text' }, { name: 'memberSeq', sql: 't.seq' }],
  seq: { field: 'memberSeq', column: 'seq' },
  checkWrite: async (_tx, _who, _parentId, _header, rows) => {
    const seen = new Map<string, number>();
    return rows.flatMap((r, i) => {
      const id = String(r.values.materialId ?? '');
      const first = seen.get(id);
      if (first === undefined) { seen.set(id, i + 1); return []; }
      return [{ row: i + 1, field: 'invCode', message: `与第${first}行是同一物料` }];
    });
  },
  constraintMessages: { md_calc_group_member_material: { field: 'invCode', message: '物料已属于本公司的另一个计算组，一个物料只能属于一个计算组' } },
};

const FIELDS: DocField[] = [
  { name: 'groupCode', column: 'group_code', label: '计算组编码', type: 'text', updatable: false, unique: true, maxLength: 20 },
  { name: 'groupName', column: 'group_name', label: '计算组名称', type: 'text', required: true, maxLength: 60 },
  enabledField, remarkField,
];

export const calcGroupFamily: DocumentFamily = {
  label: '计算组', base: CALC_GROUP_BASE, permissionPrefix: 'md_calc_group', table: 'md_calc_group', scope: { kind: 'org' },
  code: { field: 'groupCode', column: 'group_code' },
  numbering: { docKind: 'md.calc-group', fallback: { prefix: 'JSZ', datePattern: null, serialWidth: 3, resetPeriod: 'NEVER' } },
  fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate, resourceTemplate, forms: [createForm, updateForm],
  readFields: readFieldsOf({ ...createForm, fields: createForm.fields.filter((f) => !f.customTable) }), copy: 'none',
  children: members,
};

/**
 * The material list of the computation groups (the spec's "Material list POST"): every material
 * the company uses with the group it is in, searchable by group, so the group screen can show
 * what is still ungrouped and a report can read a material's group.
 */
export const CALC_GROUP_MATERIAL_URL = `${CALC_GROUP_BASE}/material/v2/list`;
export const calcGroupMaterialList = defineListTemplate({
  formatCode: 'masterdata.computation-group.material.list', formatName: '计算组物料', formatNameEn: 'Materials by computation group',
  mainTable: 'md_material_calc_group', resUrl: CALC_GROUP_MATERIAL_URL,
  fields: [
    { fieldName: 'invCode', fieldExplain: '物料编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.inv_code',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', columnWidth: 120 },
    { fieldName: 'invName', fieldExplain: '物料名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.inv_name', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 200 },
    { fieldName: 'model', fieldExplain: '规格型号', fieldExplainEn: 'Model', fieldType: 'TEXT', columnSql: 't.model', columnWidth: 140 },
    { fieldName: 'calcGroupCode', fieldExplain: '计算组编码', fieldExplainEn: 'Group code', fieldType: 'TEXT', columnSql: 't.calc_group_code', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 110 },
    { fieldName: 'calcGroupName', fieldExplain: '计算组', fieldExplainEn: 'Computation group', fieldType: 'TEXT', columnSql: 't.calc_group_name', iallowQuery: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'calcGroupId', fieldExplain: '计算组编号', fieldExplainEn: 'Group id', fieldType: 'TEXT', columnSql: 't.calc_group_id::text', iallowQuery: true, ishow: false, ihidden: true },
  ],
});
