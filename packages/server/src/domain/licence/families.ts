import { normaliseIdNumber, validateIdNumber } from '@wb/protocol';
import type { DocField, DocumentFamily, EntityValues } from '../../platform/documents/define';
import { switchLifecycle } from '../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate, type FieldDef, type TemplateDef } from '../../platform/templates/define';
import { checkMobile, createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../masterdata/shared/fields';
import { divisionProblems } from './checks';
import { col, customerNameSql, dateInput, divisionNameSql, input, pick, query, standProductNameSql } from './fields';

/**
 * The licence control's archives, each a company document on the engine with the enabled switch:
 * 标准产品 (the authority's list: controlled or not), 自定义产品 (a material of the company mapped
 * to a standard product), 单位/部门 (a customer's divisions), 授权提货人 (the people a customer
 * authorises to collect) and 销售类型.
 */
const textField = (name: string, column: string, label: string, extra: Partial<DocField> = {}): DocField => ({ name, column, label, type: 'text', maxLength: 60, ...extra });
const codeField = (name: string, column: string, label: string): DocField => textField(name, column, label, { updatable: false, unique: true, maxLength: 40 });
const idField = (name: string, column: string, label: string, byCode: DocField['byCode'], extra: Partial<DocField> = {}): DocField => ({ name, column, label, type: 'id', byCode, ...extra });
export const customerByCode = { name: 'customerCode', label: '客户编码', table: 'md_customer', codeColumn: 'customer_code', scope: 'group' } as const;
export const standProductByCode = { name: 'standProductCode', label: '标准产品编码', table: 'mgp_stand_product', codeColumn: 'product_code', scope: 'org' } as const;
export const divisionByCode = { name: 'divisionCode', label: '部门编码', table: 'mgp_division', codeColumn: 'division_code', scope: 'org' } as const;
export const saleTypeByCode = { name: 'saleTypeCode', label: '销售类型编码', table: 'mgp_sale_type', codeColumn: 'type_code', scope: 'org' } as const;

const enabledForm: FieldDef = { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false };
const remarkForm: FieldDef = { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 };
const tail = [enabledColumn, remarkColumn, { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' as const }, versionColumn];

interface Simple {
  key: string; menuPath?: string; label: string; labelEn: string; pluralEn: string; table: string; prefix: string;
  code: { field: string; column: string }; numberPrefix: string;
  fields: DocField[]; list: FieldDef[]; form: FieldDef[]; popup: { fields: string[]; value: string; view: string };
  validate?: (v: EntityValues) => { field: string; message: string }[];
  checkWrite?: DocumentFamily['checkWrite'];
  constraintMessages?: DocumentFamily['constraintMessages'];
}

export const licenceBase = (key: string) => `/api/mgp/${key}`;

function simpleFamily(s: Simple): DocumentFamily {
  const base = licenceBase(s.key);
  const listTemplate = defineListTemplate({
    formatCode: `licence.${s.key}.list`, formatName: s.label, formatNameEn: s.pluralEn, mainTable: s.table, ownerColumn: 'created_by',
    resUrl: `${base}/v2/list`, menuPath: s.menuPath ?? `/mgp/${s.key}`, fields: [...s.list, ...tail],
  });
  const resourceTemplate = defineTemplate({
    formatCode: `licence.${s.key}.resource`, formatName: `选择${s.label}`, formatNameEn: `Select ${s.labelEn.toLowerCase()}`, formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
    mainTable: s.table, resMethod: 'POST', resUrl: `${base}/v2/list`, valueResourceSubName: s.popup.value, viewResourceSubName: s.popup.view,
    fields: [...s.list.filter((f) => s.popup.fields.includes(f.fieldName)), col('id', '编号', 'Id', 't.id::text', { ishow: false, ihidden: true })],
  });
  const [createForm, updateForm] = formTemplates({ formatCode: `licence.${s.key}`, formatName: s.label, formatNameEn: s.labelEn.toLowerCase(), prefix: s.prefix, mainTable: s.table }, [...s.form, remarkForm, enabledForm]);
  return {
    label: s.label, base, permissionPrefix: s.prefix, table: s.table, scope: { kind: 'org' }, code: s.code,
    numbering: { docKind: `licence.${s.key}`, fallback: { prefix: s.numberPrefix, datePattern: null, serialWidth: 4, resetPeriod: 'NEVER' } },
    fields: [...s.fields, enabledField, remarkField], lifecycle: switchLifecycle,
    listTemplate, resourceTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
    validate: s.validate, checkWrite: s.checkWrite, constraintMessages: s.constraintMessages,
  };
}

const UNITS = [{ value: '吨', label: '吨', labelEn: 'Tons' }, { value: '千克', label: '千克', labelEn: 'Kilograms' }];
const YES_NO = [{ value: true, label: '是', labelEn: 'Yes', color: 'red' }, { value: false, label: '否', labelEn: 'No', color: 'default' }];

export const standProductFamily = simpleFamily({
  key: 'stand-product', label: '标准产品', labelEn: 'Standard product', pluralEn: 'Standard products', table: 'mgp_stand_product', prefix: 'mgp_stand_product',
  code: { field: 'productCode', column: 'product_code' }, numberPrefix: 'BZCP',
  fields: [
    codeField('productCode', 'product_code', '标准产品编码'), textField('productName', 'product_name', '标准产品名称', { required: true }),
    { name: 'controlled', column: 'controlled', label: '管控', type: 'boolean', default: true },
    { name: 'unit', column: 'unit', label: '计量单位', type: 'enum', options: UNITS, default: '吨' },
  ],
  list: [
    col('productCode', '标准产品编码', 'Code', 't.product_code', { ...query, isortField: true, fixed: 'left' }),
    col('productName', '标准产品名称', 'Name', 't.product_name', { ...query, columnWidth: 200 }),
    col('controlled', '管控', 'Controlled', 't.controlled', { fieldType: 'BOOLEAN', options: YES_NO, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 80 }),
    col('unit', '计量单位', 'Unit', 't.unit', { fieldType: 'ENUM', options: UNITS, columnWidth: 80 }),
  ],
  form: [
    input('productCode', '标准产品编码', 'Code', 't.product_code', { iupdate: false, tipsMessage: '留空则按编码规则自动生成' }),
    input('productName', '标准产品名称', 'Name', 't.product_name', { irequired: true }),
    { fieldName: 'controlled', fieldExplain: '管控', fieldExplainEn: 'Controlled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.controlled', defaultValue: 'true' },
    { fieldName: 'unit', fieldExplain: '计量单位', fieldExplainEn: 'Unit', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.unit', options: UNITS, defaultValue: '吨' },
  ],
  popup: { fields: ['productCode', 'productName', 'controlled', 'unit'], value: 'productCode', view: 'productName' },
});

const materialNameSql = '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)';
export const customProductFamily = simpleFamily({
  key: 'custom-product', menuPath: '/mgp/product', label: '自定义产品', labelEn: 'Plant product', pluralEn: 'Plant products', table: 'mgp_custom_product', prefix: 'mgp_custom_product',
  code: { field: 'customCode', column: 'custom_code' }, numberPrefix: 'ZDCP',
  fields: [
    codeField('customCode', 'custom_code', '自定义产品编码'),
    idField('materialId', 'material_id', '物料', { name: 'materialCode', label: '物料编码', table: 'md_material', codeColumn: 'inv_code', scope: 'group' }, { required: true }),
    idField('standProductId', 'stand_product_id', '标准产品', standProductByCode, { required: true }),
  ],
  list: [
    col('customCode', '自定义产品编码', 'Code', 't.custom_code', { ...query, isortField: true, fixed: 'left' }),
    col('materialCode', '物料编码', 'Material code', '(SELECT m.inv_code FROM md_material m WHERE m.id = t.material_id)', query),
    col('materialName', '物料', 'Material', materialNameSql, { ...query, columnWidth: 200 }),
    col('standProductName', '标准产品', 'Standard product', standProductNameSql, { ...query, columnWidth: 160 }),
    col('controlled', '管控', 'Controlled', '(SELECT s.controlled FROM mgp_stand_product s WHERE s.id = t.stand_product_id)', { fieldType: 'BOOLEAN', options: YES_NO, columnWidth: 80 }),
  ],
  form: [
    input('customCode', '自定义产品编码', 'Code', 't.custom_code', { iupdate: false, tipsMessage: '留空则按编码规则自动生成' }),
    ...pick('mgp_custom_product', { name: 'materialName', idName: 'materialId', label: '物料', labelEn: 'Material', nameSql: materialNameSql, idColumn: 'material_id', formatCode: 'masterdata.inventory.resource', from: 'invName', irequired: true }),
    ...pick('mgp_custom_product', { name: 'standProductName', idName: 'standProductId', label: '标准产品', labelEn: 'Standard product', nameSql: standProductNameSql, idColumn: 'stand_product_id', formatCode: 'licence.stand-product.resource', from: 'productName', irequired: true }),
  ],
  popup: { fields: ['customCode', 'materialName', 'standProductName'], value: 'customCode', view: 'materialName' },
  constraintMessages: { mgp_custom_product_material_uq: { field: 'materialId', message: '该物料已对应标准产品' } },
});

const customerPick = (table: string) => pick(table, { name: 'customerName', idName: 'customerId', label: '客户', labelEn: 'Customer', nameSql: customerNameSql, idColumn: 'customer_id', formatCode: 'masterdata.customer.resource', from: 'customerName', irequired: true });
export const divisionPick = (table: string, irequired = false) => pick(table, { name: 'divisionName', idName: 'divisionId', label: '部门', labelEn: 'Division', nameSql: divisionNameSql, idColumn: 'division_id', formatCode: 'licence.division.resource', from: 'divisionName', irequired });

export const divisionFamily = simpleFamily({
  key: 'division', label: '单位部门', labelEn: 'Division', pluralEn: 'Divisions', table: 'mgp_division', prefix: 'mgp_division',
  code: { field: 'divisionCode', column: 'division_code' }, numberPrefix: 'BM',
  fields: [
    codeField('divisionCode', 'division_code', '部门编码'), textField('divisionName', 'division_name', '部门名称', { required: true }),
    idField('customerId', 'customer_id', '客户', customerByCode, { required: true }),
  ],
  list: [
    col('divisionCode', '部门编码', 'Code', 't.division_code', { ...query, isortField: true, fixed: 'left' }),
    col('divisionName', '部门名称', 'Name', 't.division_name', { ...query, columnWidth: 180 }),
    col('customerName', '客户', 'Customer', customerNameSql, { ...query, columnWidth: 200 }),
  ],
  form: [
    input('divisionCode', '部门编码', 'Code', 't.division_code', { iupdate: false, tipsMessage: '留空则按编码规则自动生成' }),
    input('divisionName', '部门名称', 'Name', 't.division_name', { irequired: true }),
    ...customerPick('mgp_division'),
  ],
  popup: { fields: ['divisionCode', 'divisionName', 'customerName'], value: 'divisionCode', view: 'divisionName' },
});

const validity = (v: EntityValues) => (v.validFrom && v.validTo && String(v.validTo) < String(v.validFrom) ? [{ field: 'validTo', message: '有效期至不能早于有效期自' }] : []);

export const employeeFamily = simpleFamily({
  key: 'employee', label: '授权提货人', labelEn: 'Authorised collector', pluralEn: 'Authorised collectors', table: 'mgp_employee', prefix: 'mgp_employee',
  code: { field: 'employeeCode', column: 'employee_code' }, numberPrefix: 'SQR',
  fields: [
    codeField('employeeCode', 'employee_code', '人员编码'), textField('employeeName', 'employee_name', '姓名', { required: true, maxLength: 40 }),
    { name: 'idNumber', column: 'id_number', label: '身份证号', type: 'text', required: true, normalise: normaliseIdNumber, check: (v) => validateIdNumber(v) },
    { name: 'mobile', column: 'mobile', label: '手机号', type: 'text', check: checkMobile('手机号') },
    idField('customerId', 'customer_id', '客户', customerByCode, { required: true }),
    idField('divisionId', 'division_id', '部门', divisionByCode),
    { name: 'validFrom', column: 'valid_from', label: '有效期自', type: 'date', required: true },
    { name: 'validTo', column: 'valid_to', label: '有效期至', type: 'date', required: true },
  ],
  list: [
    col('employeeCode', '人员编码', 'Code', 't.employee_code', { ...query, isortField: true, fixed: 'left' }),
    col('employeeName', '姓名', 'Name', 't.employee_name', query),
    col('idNumber', '身份证号', 'ID number', 't.id_number', { ...query, columnWidth: 180 }),
    col('mobile', '手机号', 'Mobile', 't.mobile'),
    col('customerName', '客户', 'Customer', customerNameSql, { ...query, columnWidth: 200 }),
    col('divisionName', '部门', 'Division', divisionNameSql),
    col('validFrom', '有效期自', 'Valid from', 't.valid_from', { fieldType: 'DATE', columnWidth: 110 }),
    col('validTo', '有效期至', 'Valid to', 't.valid_to', { fieldType: 'DATE', columnWidth: 110, isortField: true }),
  ],
  form: [
    input('employeeCode', '人员编码', 'Code', 't.employee_code', { iupdate: false, tipsMessage: '留空则按编码规则自动生成' }),
    input('employeeName', '姓名', 'Name', 't.employee_name', { irequired: true }),
    input('idNumber', '身份证号', 'ID number', 't.id_number', { irequired: true, classType: 'idNumber' }),
    input('mobile', '手机号', 'Mobile', 't.mobile', { validateMethod: '^1\\d{10}$', validateTitle: '手机号应为11位' }),
    ...customerPick('mgp_employee'),
    ...divisionPick('mgp_employee'),
    dateInput('validFrom', '有效期自', 'Valid from', 't.valid_from::text', { irequired: true }),
    dateInput('validTo', '有效期至', 'Valid to', 't.valid_to::text', { irequired: true }),
  ],
  popup: { fields: ['employeeCode', 'employeeName', 'idNumber', 'customerName', 'divisionName', 'validTo'], value: 'employeeCode', view: 'employeeName' },
  validate: validity,
  checkWrite: (tx, who, _id, values) => divisionProblems(tx, who.orgId, values),
  constraintMessages: { mgp_employee_validity: { field: 'validTo', message: '有效期至不能早于有效期自' } },
});

export const saleTypeFamily = simpleFamily({
  key: 'sale-type', label: '销售类型', labelEn: 'Sale type', pluralEn: 'Sale types', table: 'mgp_sale_type', prefix: 'mgp_sale_type',
  code: { field: 'typeCode', column: 'type_code' }, numberPrefix: 'XSLX',
  fields: [codeField('typeCode', 'type_code', '销售类型编码'), textField('typeName', 'type_name', '销售类型名称', { required: true })],
  list: [
    col('typeCode', '销售类型编码', 'Code', 't.type_code', { ...query, isortField: true, fixed: 'left' }),
    col('typeName', '销售类型名称', 'Name', 't.type_name', { ...query, columnWidth: 180 }),
  ],
  form: [
    input('typeCode', '销售类型编码', 'Code', 't.type_code', { iupdate: false, tipsMessage: '留空则按编码规则自动生成' }),
    input('typeName', '销售类型名称', 'Name', 't.type_name', { irequired: true }),
  ],
  popup: { fields: ['typeCode', 'typeName'], value: 'typeCode', view: 'typeName' },
});

export const ARCHIVE_FAMILIES: DocumentFamily[] = [standProductFamily, customProductFamily, divisionFamily, employeeFamily, saleTypeFamily];
export const popupsOf = (families: DocumentFamily[]): TemplateDef[] => families.flatMap((f) => (f.resourceTemplate ? [f.resourceTemplate] : []));
