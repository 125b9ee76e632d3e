import { normaliseIdNumber, validateIdNumber } from '@wb/protocol';
import type { DocField, DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../../platform/templates/define';
import { checkMobile, createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../shared/fields';

/** 司机: a company's drivers, found by id number at registration (one row per person and company). */
const LICENSE_CLASSES = ['A1', 'A2', 'A3', 'B1', 'B2', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6'].map((c) => ({ value: c, label: c, labelEn: c }));

const carrierName: FieldDef = {
  fieldName: 'carrierName', fieldExplain: '承运商', fieldExplainEn: 'Carrier', fieldType: 'TEXT',
  columnSql: '(SELECT c.carrier_name FROM md_carrier c WHERE c.id = t.carrier_id)', columnWidth: 200,
};

const listTemplate = defineListTemplate({
  formatCode: 'masterdata.driver.list', formatName: '司机', formatNameEn: 'Drivers', mainTable: 'md_driver', resUrl: '/api/masterdata/driver/v2/list', menuPath: '/masterdata/driver',
  fields: [
    { fieldName: 'driverName', fieldExplain: '姓名', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.driver_name',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 100 },
    { fieldName: 'idNumber', fieldExplain: '身份证号', fieldExplainEn: 'ID number', fieldType: 'TEXT', columnSql: 't.id_number',
      iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 180 },
    { fieldName: 'mobile', fieldExplain: '手机号', fieldExplainEn: 'Mobile', fieldType: 'TEXT', columnSql: 't.mobile', iallowQuery: true, searchType: 'input', columnWidth: 120 },
    carrierName,
    { fieldName: 'licenseClass', fieldExplain: '准驾车型', fieldExplainEn: 'Licence class', fieldType: 'ENUM', columnSql: 't.license_class', options: LICENSE_CLASSES, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'licenseValidTo', fieldExplain: '驾驶证有效期至', fieldExplainEn: 'Licence valid to', fieldType: 'DATE', columnSql: 't.license_valid_to', iallowAdvanceQuery: true, isortField: true, searchType: 'datePickerRange', columnWidth: 130 },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

const resourceTemplate = defineTemplate({
  formatCode: 'masterdata.driver.resource', formatName: '选择司机', formatNameEn: 'Select driver', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'md_driver', resMethod: 'POST', resUrl: '/api/masterdata/driver/v2/list', valueResourceSubName: 'idNumber', viewResourceSubName: 'driverName',
  fields: listTemplate.fields.filter((f) => ['driverName', 'idNumber', 'mobile', 'carrierName'].includes(f.fieldName)),
});

const [createForm, updateForm] = formTemplates({ formatCode: 'masterdata.driver', formatName: '司机', formatNameEn: 'driver', prefix: 'md_driver', mainTable: 'md_driver' }, [
  { fieldName: 'driverName', fieldExplain: '姓名', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.driver_name', irequired: true },
  { fieldName: 'idNumber', fieldExplain: '身份证号', fieldExplainEn: 'ID number', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.id_number', irequired: true, classType: 'idNumber' },
  { fieldName: 'mobile', fieldExplain: '手机号', fieldExplainEn: 'Mobile', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.mobile', validateMethod: '^1\\d{10}$', validateTitle: '手机号应为11位' },
  { ...carrierName, formSubmitType: 'RESOURCE_CONTROLS', resource: { formatCode: 'masterdata.carrier.resource', map: [
    { masterTable: 'md_driver', fieldName: 'carrierId', from: 'id' }, { masterTable: 'md_driver', fieldName: 'carrierName', from: 'carrierName' }] } },
  { fieldName: 'carrierId', fieldExplain: '承运商编号', fieldExplainEn: 'Carrier id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.carrier_id::text', ishow: false, ihidden: true },
  { fieldName: 'licenseNo', fieldExplain: '驾驶证号', fieldExplainEn: 'Driving licence no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.license_no' },
  { fieldName: 'licenseClass', fieldExplain: '准驾车型', fieldExplainEn: 'Licence class', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.license_class', options: LICENSE_CLASSES },
  { fieldName: 'licenseValidTo', fieldExplain: '驾驶证有效期至', fieldExplainEn: 'Licence valid to', fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: 't.license_valid_to' },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
]);

const FIELDS: DocField[] = [
  { name: 'driverName', column: 'driver_name', label: '姓名', type: 'text', required: true, maxLength: 40 },
  // the spec's four id-number messages, in their order (protocol's validateIdNumber)
  { name: 'idNumber', column: 'id_number', label: '身份证号', type: 'text', required: true, unique: true, normalise: normaliseIdNumber, check: (v) => validateIdNumber(v) },
  { name: 'mobile', column: 'mobile', label: '手机号', type: 'text', check: checkMobile('手机号') },
  { name: 'carrierId', column: 'carrier_id', label: '承运商', type: 'id',
    byCode: { name: 'carrierCode', label: '承运商编码', table: 'md_carrier', codeColumn: 'carrier_code', scope: 'group' } },
  { name: 'licenseNo', column: 'license_no', label: '驾驶证号', type: 'text', maxLength: 30 },
  { name: 'licenseClass', column: 'license_class', label: '准驾车型', type: 'enum', options: LICENSE_CLASSES },
  { name: 'licenseValidTo', column: 'license_valid_to', label: '驾驶证有效期至', type: 'date' },
  enabledField,
  remarkField,
];

export const driverFamily: DocumentFamily = {
  label: '司机', base: '/api/masterdata/driver', permissionPrefix: 'md_driver', table: 'md_driver', scope: { kind: 'org' },
  code: { field: 'idNumber', column: 'id_number' }, fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate, resourceTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
};
