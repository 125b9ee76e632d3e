import type { DocField, DocumentFamily } from '../../../platform/documents/define';
import { archiveLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../../platform/templates/define';
import {
  allocatedColumn, checkCreditCode, checkPhone, createDateColumn, ENABLED_OPTIONS, STATUS_OPTIONS, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn,
  remarkField, RESOURCE_TYPES, statusColumn, versionColumn,
} from '../shared/fields';

/**
 * Trading partners kept as group archives (vendors, customers, carriers): one shape, three
 * tables. A company sees those allocated to it (the *_in_org views), creates them for the group,
 * allocates them to its sister companies and withdraws them while nothing there uses them.
 */
export interface PartnerKind {
  /** path segment and permission word: vendor -> /api/masterdata/vendor, md_vendor_* */
  kind: 'vendor' | 'customer' | 'carrier';
  label: string;
  labelEn: string;
  /** numbering: GYS0013 */
  codePrefix: string;
}

export const PARTNER_KINDS: PartnerKind[] = [
  { kind: 'vendor', label: '供应商', labelEn: 'Vendor', codePrefix: 'GYS' },
  { kind: 'customer', label: '客户', labelEn: 'Customer', codePrefix: 'KH' },
  { kind: 'carrier', label: '承运商', labelEn: 'Carrier', codePrefix: 'CYS' },
];

function writable(k: PartnerKind): DocField[] {
  const fields: DocField[] = [
    { name: `${k.kind}Code`, column: `${k.kind}_code`, label: `${k.label}编码`, type: 'text', maxLength: 40, updatable: false, unique: true },
    { name: `${k.kind}Name`, column: `${k.kind}_name`, label: `${k.label}名称`, type: 'text', maxLength: 100, required: true, unique: true },
    { name: 'shortName', column: 'short_name', label: '简称', type: 'text', maxLength: 40 },
    { name: 'creditCode', column: 'credit_code', label: '统一社会信用代码', type: 'text', normalise: (v) => v.toUpperCase(), check: checkCreditCode, unique: true },
    { name: 'contactPerson', column: 'contact_person', label: '联系人', type: 'text', maxLength: 40 },
    { name: 'contactPhone', column: 'contact_phone', label: '联系电话', type: 'text', maxLength: 30, check: checkPhone('联系电话') },
    { name: 'address', column: 'address', label: '地址', type: 'text', maxLength: 200 },
    { name: 'resourceType', column: 'resource_type', label: '来源', type: 'enum', options: RESOURCE_TYPES, default: 'LOCAL' },
  ];
  if (k.kind === 'carrier') {
    fields.push({ name: 'transportPermitNo', column: 'transport_permit_no', label: '道路运输经营许可证号', type: 'text', maxLength: 60 });
  }
  return [...fields, enabledField, remarkField];
}

function listFields(k: PartnerKind): FieldDef[] {
  const code = `${k.kind}Code`;
  const name = `${k.kind}Name`;
  return [
    { fieldName: code, fieldExplain: `${k.label}编码`, fieldExplainEn: `${k.labelEn} code`, fieldType: 'TEXT', columnSql: `t.${k.kind}_code`,
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', fixed: 'left', columnWidth: 120 },
    { fieldName: name, fieldExplain: `${k.label}名称`, fieldExplainEn: `${k.labelEn} name`, fieldType: 'TEXT', columnSql: `t.${k.kind}_name`,
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', columnWidth: 240 },
    { fieldName: 'shortName', fieldExplain: '简称', fieldExplainEn: 'Short name', fieldType: 'TEXT', columnSql: 't.short_name', iallowQuery: true, searchType: 'input', columnWidth: 120 },
    { fieldName: 'creditCode', fieldExplain: '统一社会信用代码', fieldExplainEn: 'Credit code', fieldType: 'TEXT', columnSql: 't.credit_code', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 190 },
    { fieldName: 'contactPerson', fieldExplain: '联系人', fieldExplainEn: 'Contact', fieldType: 'TEXT', columnSql: 't.contact_person', iallowAdvanceQuery: true, columnWidth: 90 },
    { fieldName: 'contactPhone', fieldExplain: '联系电话', fieldExplainEn: 'Phone', fieldType: 'TEXT', columnSql: 't.contact_phone', iallowAdvanceQuery: true, columnWidth: 130 },
    ...(k.kind === 'carrier'
      ? [{ fieldName: 'transportPermitNo', fieldExplain: '道路运输经营许可证号', fieldExplainEn: 'Transport permit', fieldType: 'TEXT' as const, columnSql: 't.transport_permit_no', columnWidth: 220 }]
      : []),
    { fieldName: 'address', fieldExplain: '地址', fieldExplainEn: 'Address', fieldType: 'TEXT', columnSql: 't.address', columnWidth: 240 },
    { fieldName: 'resourceType', fieldExplain: '来源', fieldExplainEn: 'Source', fieldType: 'ENUM', columnSql: 't.resource_type', options: RESOURCE_TYPES, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 80 },
    statusColumn,
    enabledColumn,
    { fieldName: 'createOrgName', fieldExplain: '创建公司', fieldExplainEn: 'Created by company', fieldType: 'TEXT',
      columnSql: '(SELECT o.org_name FROM sys_org o WHERE o.id = t.org_id)', columnWidth: 180 },
    allocatedColumn(`md_${k.kind}_alloc`),
    remarkColumn,
    createDateColumn,
    versionColumn,
  ];
}

function formFields(k: PartnerKind): FieldDef[] {
  const fields: FieldDef[] = [
    { fieldName: `${k.kind}Code`, fieldExplain: `${k.label}编码`, fieldExplainEn: `${k.labelEn} code`, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: `t.${k.kind}_code`,
      iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
    { fieldName: `${k.kind}Name`, fieldExplain: `${k.label}名称`, fieldExplainEn: `${k.labelEn} name`, fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: `t.${k.kind}_name`, irequired: true },
    { fieldName: 'shortName', fieldExplain: '简称', fieldExplainEn: 'Short name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.short_name' },
    { fieldName: 'creditCode', fieldExplain: '统一社会信用代码', fieldExplainEn: 'Credit code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.credit_code',
      validateMethod: '^[0-9A-HJ-NPQRTUWXY]{18}$', validateTitle: '统一社会信用代码应为18位数字或大写字母' },
    { fieldName: 'contactPerson', fieldExplain: '联系人', fieldExplainEn: 'Contact', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.contact_person' },
    { fieldName: 'contactPhone', fieldExplain: '联系电话', fieldExplainEn: 'Phone', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.contact_phone' },
    { fieldName: 'resourceType', fieldExplain: '来源', fieldExplainEn: 'Source', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.resource_type', options: RESOURCE_TYPES, defaultValue: 'LOCAL' },
  ];
  if (k.kind === 'carrier') {
    fields.push({ fieldName: 'transportPermitNo', fieldExplain: '道路运输经营许可证号', fieldExplainEn: 'Transport permit', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.transport_permit_no' });
  }
  fields.push(
    { fieldName: 'address', fieldExplain: '地址', fieldExplainEn: 'Address', fieldType: 'TEXT', formSubmitType: 'MORE_TXT', columnSql: 't.address' },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.doc_status', options: STATUS_OPTIONS, iupdate: false, ishow: false },
    { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', options: ENABLED_OPTIONS, iupdate: false, ishow: false },
  );
  return fields;
}

export function partnerFamily(k: PartnerKind): DocumentFamily {
  const base = `/api/masterdata/${k.kind}`;
  const code = `masterdata.${k.kind}`;
  const prefix = `md_${k.kind}`;
  const listTemplate = defineListTemplate({
    formatCode: `${code}.list`, formatName: k.label, formatNameEn: `${k.labelEn}s`, mainTable: `md_${k.kind}_in_org`, orgColumn: 'alloc_org_id',
    resUrl: `${base}/v2/list`, menuPath: `/masterdata/${k.kind}`, fields: listFields(k),
  });
  const resourceTemplate = defineTemplate({
    formatCode: `${code}.resource`, formatName: `选择${k.label}`, formatNameEn: `Select ${k.labelEn.toLowerCase()}`, formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
    mainTable: `md_${k.kind}_in_org`, orgColumn: 'alloc_org_id', resMethod: 'POST', resUrl: `${base}/v2/list`,
    valueResourceSubName: `${k.kind}Code`, viewResourceSubName: `${k.kind}Name`,
    fields: listFields(k).filter((f) => [`${k.kind}Code`, `${k.kind}Name`, 'shortName', 'contactPerson', 'contactPhone'].includes(f.fieldName)),
  });
  const [createForm, updateForm] = formTemplates({ formatCode: code, formatName: k.label, formatNameEn: k.labelEn.toLowerCase(), prefix, mainTable: `md_${k.kind}` }, formFields(k));
  return {
    label: k.label, base, permissionPrefix: prefix, table: `md_${k.kind}`,
    scope: { kind: 'group', allocTable: `md_${k.kind}_alloc` },
    code: { field: `${k.kind}Code`, column: `${k.kind}_code` },
    numbering: { docKind: `md.${k.kind}`, fallback: { prefix: k.codePrefix, datePattern: null, serialWidth: 4, resetPeriod: 'NEVER' } },
    fields: writable(k),
    lifecycle: archiveLifecycle, statusColumn: 'doc_status',
    listTemplate, resourceTemplate, forms: [createForm, updateForm],
    readFields: readFieldsOf(createForm),
    copy: 'many', copyClears: ['credit_code'], copyMarks: `${k.kind}_name`,
  };
}

export const partnerFamilies = PARTNER_KINDS.map(partnerFamily);
