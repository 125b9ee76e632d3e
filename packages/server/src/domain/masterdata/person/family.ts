import { normaliseIdNumber, validateIdNumber } from '@wb/protocol';
import type { DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate } from '../../../platform/templates/define';
import { checkMobile, createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../shared/fields';

/** 人员: the company's staff (samplers, gatekeepers, confirmers) that documents name as a person. */
const listTemplate = defineListTemplate({
  formatCode: 'masterdata.person.list', formatName: '人员', formatNameEn: 'Persons', mainTable: 'md_person', resUrl: '/api/masterdata/person/v2/list', menuPath: '/masterdata/person',
  fields: [
    { fieldName: 'personCode', fieldExplain: '人员编码', fieldExplainEn: 'Code', fieldType: 'TEXT', columnSql: 't.person_code',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', fixed: 'left', columnWidth: 100 },
    { fieldName: 'personName', fieldExplain: '姓名', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.person_name', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 100 },
    { fieldName: 'mobile', fieldExplain: '手机号', fieldExplainEn: 'Mobile', fieldType: 'TEXT', columnSql: 't.mobile', iallowQuery: true, searchType: 'input', columnWidth: 120 },
    { fieldName: 'idNumber', fieldExplain: '身份证号', fieldExplainEn: 'ID number', fieldType: 'TEXT', columnSql: 't.id_number', iallowQuery: true, searchType: 'input', columnWidth: 180 },
    { fieldName: 'department', fieldExplain: '部门', fieldExplainEn: 'Department', fieldType: 'TEXT', columnSql: 't.department', iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 120 },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});
const resourceTemplate = defineTemplate({
  formatCode: 'masterdata.person.resource', formatName: '选择人员', formatNameEn: 'Select person', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'md_person', resMethod: 'POST', resUrl: '/api/masterdata/person/v2/list', valueResourceSubName: 'personCode', viewResourceSubName: 'personName',
  fields: listTemplate.fields.filter((f) => ['personCode', 'personName', 'department'].includes(f.fieldName)),
});
const [createForm, updateForm] = formTemplates({ formatCode: 'masterdata.person', formatName: '人员', formatNameEn: 'person', prefix: 'md_person', mainTable: 'md_person' }, [
  { fieldName: 'personCode', fieldExplain: '人员编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.person_code', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
  { fieldName: 'personName', fieldExplain: '姓名', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.person_name', irequired: true },
  { fieldName: 'mobile', fieldExplain: '手机号', fieldExplainEn: 'Mobile', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.mobile', validateMethod: '^1\\d{10}$', validateTitle: '手机号应为11位' },
  { fieldName: 'idNumber', fieldExplain: '身份证号', fieldExplainEn: 'ID number', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.id_number', classType: 'idNumber' },
  { fieldName: 'department', fieldExplain: '部门', fieldExplainEn: 'Department', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.department' },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
]);

export const personFamily: DocumentFamily = {
  label: '人员', base: '/api/masterdata/person', permissionPrefix: 'md_person', table: 'md_person', scope: { kind: 'org' },
  code: { field: 'personCode', column: 'person_code' },
  numbering: { docKind: 'md.person', fallback: { prefix: 'RY', datePattern: null, serialWidth: 4, resetPeriod: 'NEVER' } },
  fields: [
    { name: 'personCode', column: 'person_code', label: '人员编码', type: 'text', updatable: false, unique: true, maxLength: 20 },
    { name: 'personName', column: 'person_name', label: '姓名', type: 'text', required: true, maxLength: 40 },
    { name: 'mobile', column: 'mobile', label: '手机号', type: 'text', check: checkMobile('手机号') },
    // the spec's four id-number messages, in their order (protocol's validateIdNumber)
    { name: 'idNumber', column: 'id_number', label: '身份证号', type: 'text', unique: true, normalise: normaliseIdNumber, check: (v) => validateIdNumber(v) },
    { name: 'department', column: 'department', label: '部门', type: 'text', maxLength: 60 },
    enabledField, remarkField,
  ],
  lifecycle: switchLifecycle, listTemplate, resourceTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm),
  copy: 'one', copyClears: ['id_number'],
};
