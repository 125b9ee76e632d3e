import type { DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate } from '../../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../shared/fields';

/** 工厂: a company's plants (a cement works, its grinding station), picked where a document names its plant. */
const listTemplate = defineListTemplate({
  formatCode: 'masterdata.factory.list', formatName: '工厂', formatNameEn: 'Factories', mainTable: 'md_factory', resUrl: '/api/masterdata/factory/v2/list', menuPath: '/masterdata/factory',
  fields: [
    { fieldName: 'factoryCode', fieldExplain: '工厂编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.factory_code',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', fixed: 'left', columnWidth: 100 },
    { fieldName: 'factoryName', fieldExplain: '工厂名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.factory_name', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 180 },
    { fieldName: 'address', fieldExplain: '地址', fieldExplainEn: 'Address', fieldType: 'TEXT', columnSql: 't.address', columnWidth: 220 },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});
const resourceTemplate = defineTemplate({
  formatCode: 'masterdata.factory.resource', formatName: '选择工厂', formatNameEn: 'Select factory', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'md_factory', resMethod: 'POST', resUrl: '/api/masterdata/factory/v2/list', valueResourceSubName: 'factoryCode', viewResourceSubName: 'factoryName',
  fields: listTemplate.fields.filter((f) => ['factoryCode', 'factoryName'].includes(f.fieldName)),
});
const [createForm, updateForm] = formTemplates({ formatCode: 'masterdata.factory', formatName: '工厂', formatNameEn: 'factory', prefix: 'md_factory', mainTable: 'md_factory' }, [
  { fieldName: 'factoryCode', fieldExplain: '工厂编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.factory_code', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
  { fieldName: 'factoryName', fieldExplain: '工厂名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.factory_name', irequired: true },
  { fieldName: 'address', fieldExplain: '地址', fieldExplainEn: 'Address', fieldType: 'TEXT', formSubmitType: 'MORE_TXT', columnSql: 't.address' },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
]);

export const factoryFamily: DocumentFamily = {
  label: '工厂', base: '/api/masterdata/factory', permissionPrefix: 'md_factory', table: 'md_factory', scope: { kind: 'org' },
  code: { field: 'factoryCode', column: 'factory_code' },
  numbering: { docKind: 'md.factory', fallback: { prefix: 'GC', datePattern: null, serialWidth: 2, resetPeriod: 'NEVER' } },
  fields: [
    { name: 'factoryCode', column: 'factory_code', label: '工厂编码', type: 'text', updatable: false, unique: true, maxLength: 20 },
    { name: 'factoryName', column: 'factory_name', label: '工厂名称', type: 'text', required: true, maxLength: 60 },
    { name: 'address', column: 'address', label: '地址', type: 'text', maxLength: 200 },
    enabledField, remarkField,
  ],
  lifecycle: switchLifecycle, listTemplate, resourceTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'one',
};
