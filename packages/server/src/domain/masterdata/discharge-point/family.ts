import type { DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../shared/fields';

/** 排队/卸货地点: where the queue calls trucks to unload, in the queue's order, and the warehouse it serves. */
const warehouseName: FieldDef = {
  fieldName: 'wareName', fieldExplain: '所属仓库', fieldExplainEn: 'Warehouse', fieldType: 'TEXT',
  columnSql: '(SELECT w.ware_name FROM md_warehouse w WHERE w.id = t.warehouse_id)', columnWidth: 140,
};
const sortColumn: FieldDef = { fieldName: 'sort', fieldExplain: '排序', fieldExplainEn: 'Sort', fieldType: 'NUMBER', columnSql: 't.sort', isortField: true, columnWidth: 70 };

const listTemplate = defineListTemplate({
  formatCode: 'masterdata.discharge-point.list', formatName: '排队卸货地点', formatNameEn: 'Discharge points', mainTable: 'md_discharge_point', resUrl: '/api/masterdata/discharge-point/v2/list', menuPath: '/masterdata/discharge-point',
  fields: [
    { ...sortColumn, idefinedSort: true, sortMethod: 'asc' },
    { fieldName: 'pointCode', fieldExplain: '地点编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.point_code', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 100 },
    { fieldName: 'title', fieldExplain: '地点名称', fieldExplainEn: 'Title', fieldType: 'TEXT', columnSql: 't.title', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 180 },
    warehouseName, enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});
const resourceTemplate = defineTemplate({
  formatCode: 'masterdata.discharge-point.resource', formatName: '选择卸货地点', formatNameEn: 'Select discharge point', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'md_discharge_point', resMethod: 'POST', resUrl: '/api/masterdata/discharge-point/v2/list', valueResourceSubName: 'pointCode', viewResourceSubName: 'title',
  fields: listTemplate.fields.filter((f) => ['pointCode', 'title', 'wareName'].includes(f.fieldName)),
});
const [createForm, updateForm] = formTemplates({ formatCode: 'masterdata.discharge-point', formatName: '排队卸货地点', formatNameEn: 'discharge point', prefix: 'md_discharge_point', mainTable: 'md_discharge_point' }, [
  { fieldName: 'pointCode', fieldExplain: '地点编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.point_code', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
  { fieldName: 'title', fieldExplain: '地点名称', fieldExplainEn: 'Title', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.title', irequired: true },
  { ...sortColumn, formSubmitType: 'NUMBER' },
  { ...warehouseName, formSubmitType: 'RESOURCE_CONTROLS', irequired: true, resource: { formatCode: 'masterdata.warehouse.resource', map: [
    { masterTable: 'md_discharge_point', fieldName: 'warehouseId', from: 'id' }, { masterTable: 'md_discharge_point', fieldName: 'wareName', from: 'wareName' }] } },
  { fieldName: 'warehouseId', fieldExplain: 'warehouseId', fieldExplainEn: 'Warehouse id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.warehouse_id::text', ishow: false, ihidden: true },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
]);

export const dischargePointFamily: DocumentFamily = {
  label: '卸货地点', base: '/api/masterdata/discharge-point', permissionPrefix: 'md_discharge_point', table: 'md_discharge_point', scope: { kind: 'org' },
  code: { field: 'pointCode', column: 'point_code' },
  numbering: { docKind: 'md.discharge-point', fallback: { prefix: 'XH', datePattern: null, serialWidth: 3, resetPeriod: 'NEVER' } },
  fields: [
    { name: 'pointCode', column: 'point_code', label: '地点编码', type: 'text', updatable: false, unique: true, maxLength: 20 },
    { name: 'title', column: 'title', label: '地点名称', type: 'text', required: true, maxLength: 60 },
    { name: 'sort', column: 'sort', label: '排序', type: 'integer', default: 0, min: 0, below: 1e6 },
    { name: 'warehouseId', column: 'warehouse_id', label: '所属仓库', type: 'id', required: true,
      byCode: { name: 'wareCode', label: '仓库编码', table: 'md_warehouse', codeColumn: 'ware_code', scope: 'org' } },
    enabledField, remarkField,
  ],
  lifecycle: switchLifecycle, listTemplate, resourceTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
};
