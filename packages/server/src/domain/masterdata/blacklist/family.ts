import { isValidPlate, normaliseIdNumber, normalisePlate, validateIdNumber } from '@wb/protocol';
import type { DocField, DocumentFamily, EntityValues } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate } from '../../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../shared/fields';

/**
 * 适用业务: the businesses (registry kinds) an entry bars; none chosen bars them all. A carrier
 * caught overloading on sales may still deliver raw material, so a plant bars the one business.
 */
export const BLACKLIST_BUSINESSES = [
  { value: 'pu', label: '采购', labelEn: 'Purchase' }, { value: 'sa', label: '销售', labelEn: 'Sales' },
  { value: 'al', label: '调拨', labelEn: 'Allot' }, { value: 'tr', label: '移库', labelEn: 'Transfer' },
  { value: 'pr', label: '生产', labelEn: 'Production' }, { value: 'st', label: '其他', labelEn: 'Other' },
];
const BUSINESS_CODES = BLACKLIST_BUSINESSES.map((b) => b.value);
const businessLabels = `coalesce((SELECT string_agg(CASE k ${BLACKLIST_BUSINESSES.map((b) => `WHEN '${b.value}' THEN '${b.label}'`).join(' ')} END, '、' ORDER BY n)
  FROM unnest(string_to_array(t.business_kinds, ',')) WITH ORDINALITY AS u(k, n)), '全部业务')`;

/**
 * The form's choices as stored: the codes once each, in the options' order (an unknown one kept,
 * for the field's check to name); none chosen is null, every business.
 */
export function storedBusinesses(chosen: readonly unknown[]): string | null {
  const list = chosen.map(String);
  const ordered = [...BUSINESS_CODES.filter((c) => list.includes(c)), ...new Set(list.filter((c) => !BUSINESS_CODES.includes(c)))];
  return ordered.length ? ordered.join(',') : null;
}

/** 黑名单: refused at gate-in by plate, by driver id number, or both, for a period or until lifted. */
const listTemplate = defineListTemplate({
  formatCode: 'masterdata.blacklist.list', formatName: '黑名单', formatNameEn: 'Blacklist', mainTable: 'md_blacklist', resUrl: '/api/masterdata/blacklist/v2/list', menuPath: '/masterdata/blacklist',
  fields: [
    { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate', fieldType: 'TEXT', columnSql: 't.plate_number', iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 110 },
    { fieldName: 'idNumber', fieldExplain: '身份证号', fieldExplainEn: 'ID number', fieldType: 'TEXT', columnSql: 't.id_number', iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 180 },
    { fieldName: 'reason', fieldExplain: '原因', fieldExplainEn: 'Reason', fieldType: 'TEXT', columnSql: 't.reason', iallowQuery: true, searchType: 'input', columnWidth: 260 },
    { fieldName: 'validFrom', fieldExplain: '生效时间', fieldExplainEn: 'From', fieldType: 'DATE', columnSql: 't.valid_from', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'validUntil', fieldExplain: '截止时间', fieldExplainEn: 'Until', fieldType: 'DATE', columnSql: 't.valid_until', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'businessKinds', fieldExplain: '适用业务', fieldExplainEn: 'Businesses', fieldType: 'TEXT', columnSql: businessLabels, columnWidth: 160 },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

const [createForm, updateForm] = formTemplates({ formatCode: 'masterdata.blacklist', formatName: '黑名单', formatNameEn: 'blacklist entry', prefix: 'md_blacklist', mainTable: 'md_blacklist' }, [
  { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate number', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.plate_number', tipsMessage: '车牌号与身份证号至少填一项' },
  { fieldName: 'idNumber', fieldExplain: '身份证号', fieldExplainEn: 'ID number', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.id_number', classType: 'idNumber' },
  { fieldName: 'reason', fieldExplain: '原因', fieldExplainEn: 'Reason', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.reason', irequired: true, rows: 2 },
  { fieldName: 'validFrom', fieldExplain: '生效时间', fieldExplainEn: 'From', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.valid_from' },
  { fieldName: 'validUntil', fieldExplain: '截止时间', fieldExplainEn: 'Until', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', columnSql: 't.valid_until', tipsMessage: '留空则长期有效' },
  { fieldName: 'businessKinds', fieldExplain: '适用业务', fieldExplainEn: 'Businesses', fieldType: 'ENUM', formSubmitType: 'MULTIPLE_SELECTION',
    columnSql: "string_to_array(t.business_kinds, ',')", options: BLACKLIST_BUSINESSES, tipsMessage: '不选则所有业务都不能入厂' },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
]);

const FIELDS: DocField[] = [
  { name: 'plateNumber', column: 'plate_number', label: '车牌号', type: 'text', maxLength: 12, normalise: normalisePlate, check: (v) => (isValidPlate(v) ? null : `车牌号 ${v} 格式不正确`) },
  { name: 'idNumber', column: 'id_number', label: '身份证号', type: 'text', normalise: normaliseIdNumber, check: (v) => validateIdNumber(v) },
  { name: 'reason', column: 'reason', label: '原因', type: 'text', required: true, maxLength: 500 },
  { name: 'validFrom', column: 'valid_from', label: '生效时间', type: 'datetime' },
  { name: 'validUntil', column: 'valid_until', label: '截止时间', type: 'datetime' },
  { name: 'businessKinds', column: 'business_kinds', label: '适用业务', type: 'text', maxLength: 60,
    check: (v) => (v.split(',').every((c) => BUSINESS_CODES.includes(c)) ? null : `适用业务 ${v} 不正确，应为 ${BUSINESS_CODES.join('、')} 中的几项`) },
  enabledField,
  remarkField,
];

export function validateBlacklist(v: EntityValues): { field: string; message: string }[] {
  if (!v.plateNumber && !v.idNumber) return [{ field: 'plateNumber', message: '车牌号与身份证号至少填一项' }];
  if (v.validFrom && v.validUntil && new Date(String(v.validUntil)) <= new Date(String(v.validFrom))) {
    return [{ field: 'validUntil', message: '截止时间应晚于生效时间' }];
  }
  return [];
}

export const blacklistFamily: DocumentFamily = {
  label: '黑名单', base: '/api/masterdata/blacklist', permissionPrefix: 'md_blacklist', table: 'md_blacklist', scope: { kind: 'org' },
  code: { field: 'plateNumber', column: 'plate_number' }, fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
  // valid_from is NOT NULL DEFAULT now(): a blank start means from now
  normalise: (v) => ({ ...v, validFrom: v.validFrom ?? new Date().toISOString() }),
  // another system (the group's security platform) pushes an entry by what it refuses: the plate and
  // the id number together; an entry pushed again with other dates or reason is updated, not doubled
  validate: validateBlacklist, dataxKey: ['plateNumber', 'idNumber'],
  // the form's checkboxes answer a list: stored as the codes the gate reads, comma-separated
  prepare: async (_db, _who, entity) => {
    if (Array.isArray(entity.businessKinds)) entity.businessKinds = storedBusinesses(entity.businessKinds);
  },
  // a push without a start: in force from the push that made the entry, not moved by the next one
  dataxBlankKeeps: { validFrom: 'now()' },
};
