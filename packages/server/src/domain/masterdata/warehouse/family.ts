import type { DocField, DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate } from '../../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../shared/fields';

/** 仓库: where goods are held; the kind decides whether areas or silos apply. */
const KINDS = [
  { value: 'YARD', label: '露天堆场', labelEn: 'Open yard' }, { value: 'SHED', label: '堆棚', labelEn: 'Shed' }, { value: 'SILO', label: '筒仓', labelEn: 'Silo' },
  { value: 'HOUSE', label: '库房', labelEn: 'Warehouse' }, { value: 'TANK', label: '储罐区', labelEn: 'Tank farm' }, { value: 'VIRTUAL', label: '虚拟库', labelEn: 'Virtual' },
];

const listTemplate = defineListTemplate({
  formatCode: 'masterdata.warehouse.list', formatName: '仓库', formatNameEn: 'Warehouses', mainTable: 'md_warehouse', resUrl: '/api/masterdata/warehouse/v2/list', menuPath: '/masterdata/warehouse',
  fields: [
    { fieldName: 'wareCode', fieldExplain: '仓库编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.ware_code',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', fixed: 'left', columnWidth: 100 },
    { fieldName: 'wareName', fieldExplain: '仓库名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.ware_name', iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'kind', fieldExplain: '仓库类型', fieldExplainEn: 'Kind', fieldType: 'ENUM', columnSql: 't.kind', options: KINDS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 100 },
    { fieldName: 'address', fieldExplain: '地址', fieldExplainEn: 'Address', fieldType: 'TEXT', columnSql: 't.address', columnWidth: 200 },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

const resourceTemplate = defineTemplate({
  formatCode: 'masterdata.warehouse.resource', formatName: '选择仓库', formatNameEn: 'Select warehouse', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'md_warehouse', resMethod: 'POST', resUrl: '/api/masterdata/warehouse/v2/list', valueResourceSubName: 'wareCode', viewResourceSubName: 'wareName',
  fields: listTemplate.fields.filter((f) => ['wareCode', 'wareName', 'kind'].includes(f.fieldName)),
});

const [createForm, updateForm] = formTemplates({ formatCode: 'masterdata.warehouse', formatName: '仓库', formatNameEn: 'warehouse', prefix: 'md_warehouse', mainTable: 'md_warehouse' }, [
  { fieldName: 'wareCode', fieldExplain: '仓库编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.ware_code', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
  { fieldName: 'wareName', fieldExplain: '仓库名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.ware_name', irequired: true },
  { fieldName: 'kind', fieldExplain: '仓库类型', fieldExplainEn: 'Kind', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.kind', options: KINDS, irequired: true },
  { fieldName: 'address', fieldExplain: '地址', fieldExplainEn: 'Address', fieldType: 'TEXT', formSubmitType: 'MORE_TXT', columnSql: 't.address' },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
]);

const FIELDS: DocField[] = [
  { name: 'wareCode', column: 'ware_code', label: '仓库编码', type: 'text', updatable: false, unique: true, maxLength: 20 },
  { name: 'wareName', column: 'ware_name', label: '仓库名称', type: 'text', required: true, maxLength: 60 },
  { name: 'kind', column: 'kind', label: '仓库类型', type: 'enum', required: true, options: KINDS },
  { name: 'address', column: 'address', label: '地址', type: 'text', maxLength: 200 },
  enabledField,
  remarkField,
];

export const warehouseFamily: DocumentFamily = {
  label: '仓库', base: '/api/masterdata/warehouse', permissionPrefix: 'md_warehouse', table: 'md_warehouse', scope: { kind: 'org' },
  code: { field: 'wareCode', column: 'ware_code' },
  numbering: { docKind: 'md.warehouse', fallback: { prefix: 'CK', datePattern: null, serialWidth: 2, resetPeriod: 'NEVER' } },
  fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate, resourceTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'one',
};
