import type { DocField } from '../../../platform/documents/define';
import type { FieldDef, TemplateDef } from '../../../platform/templates/define';
import { defineTemplate } from '../../../platform/templates/define';

/** Pieces every master-data family's templates and definitions share. */

export const STATUS_OPTIONS = [
  { value: 'FREE', label: '自由', labelEn: 'Free', color: 'default' },
  { value: 'AUDITED', label: '已审核', labelEn: 'Audited', color: 'green' },
  { value: 'OBSOLETE', label: '已作废', labelEn: 'Void', color: 'red' },
];

export const ENABLED_OPTIONS = [{ value: true, label: '启用', labelEn: 'Enabled', color: 'green' }, { value: false, label: '停用', labelEn: 'Disabled', color: 'red' }];

export const RESOURCE_TYPES = [
  { value: 'LOCAL', label: '本地', labelEn: 'Local' },
  { value: 'NC', label: 'NC同步', labelEn: 'NC sync' },
  { value: 'ORGANIZATION', label: '组织', labelEn: 'Organisation' },
  { value: 'OTHER', label: '其他', labelEn: 'Other' },
];

/** Money below 1e15 with up to 4 decimals (spec section 5: currency). */
export const MONEY_BELOW = 1e15;

/** An enum field's options as the document engine takes them (value and label), from a list that also carries English words and colours. */
export const fieldOptions = (list: readonly { value: string; label: string }[]) => list.map(({ value, label }) => ({ value, label }));

const MOBILE = /^1\d{10}$/;
const PHONE = /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;
/** Unified social credit code (GB 32100): 18 characters without I, O, S, V, Z. */
const CREDIT_CODE = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

export const checkMobile = (label: string) => (v: string) => (MOBILE.test(v) ? null : `${label}应为11位手机号`);
export const checkPhone = (label: string) => (v: string) => (PHONE.test(v) ? null : `${label}应为手机号或固定电话`);
export const checkCreditCode = (v: string) => (CREDIT_CODE.test(v) ? null : '统一社会信用代码应为18位数字或大写字母');

/** A yes/no switch of a form, off until set. */
export const switchField = (name: string, column: string, label: string): DocField => ({ name, column, label, type: 'boolean', default: false });
export const remarkField: DocField = { name: 'remark', column: 'remark', label: '备注', type: 'text', maxLength: 500 };
export const enabledField: DocField = { name: 'enabled', column: 'enabled', label: '启用', type: 'boolean', default: true, updatable: false };

// List columns every family shows the same way.
export const enabledColumn: FieldDef = {
  fieldName: 'enabled', fieldExplain: '启用状态', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', columnSql: 't.enabled',
  options: ENABLED_OPTIONS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90,
};
export const statusColumn: FieldDef = {
  fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', columnSql: 't.doc_status',
  options: STATUS_OPTIONS, iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90,
};
export const createDateColumn: FieldDef = {
  fieldName: 'createDate', fieldExplain: '创建时间', fieldExplainEn: 'Created', fieldType: 'DATE', columnSql: 't.created_at',
  iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170,
};
export const versionColumn: FieldDef = {
  fieldName: 'version', fieldExplain: '版本', fieldExplainEn: 'Version', fieldType: 'NUMBER', columnSql: 't.version', ishow: false, ihidden: true,
};
export const remarkColumn: FieldDef = {
  fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', columnSql: 't.remark', columnWidth: 200,
};

/** A form field in the spec's vocabulary; columnSql is what get/{id} reads for it. */
export const formField = (f: FieldDef): FieldDef => f;

/**
 * The create and update forms of a family: one field list, bound to the two button entries (a
 * format is bound to one button); in the update form the fields written on create only are
 * read-only (iupdate false).
 */
export function formTemplates(
  base: { formatCode: string; formatName: string; formatNameEn?: string; prefix: string; mainTable: string; style?: 'FORMAT_FOUR_COLUMN_FROM' | 'FORMAT_EIGHT_COLUMN_FROM' },
  fields: FieldDef[],
): [TemplateDef, TemplateDef] {
  const common = { formatType: 'FORM' as const, formatStyle: base.style ?? 'FORMAT_FOUR_COLUMN_FROM', mainTable: base.mainTable };
  return [
    defineTemplate({
      ...common, formatCode: `${base.formatCode}.create`, formatName: `新增${base.formatName}`, formatNameEn: base.formatNameEn && `New ${base.formatNameEn}`, buttonPermission: `${base.prefix}_create`,
      fields: fields.map(({ iupdate: _createOnly, ...f }) => f),
    }),
    defineTemplate({ ...common, formatCode: `${base.formatCode}.update`, formatName: `修改${base.formatName}`, formatNameEn: base.formatNameEn && `Edit ${base.formatNameEn}`, buttonPermission: `${base.prefix}_update`, fields }),
  ];
}

/** What get/{id} answers: the form's fields that read a column. */
export const readFieldsOf = (form: TemplateDef) =>
  form.fields.filter((f) => f.columnSql).map((f) => ({ name: f.fieldName, sql: f.columnSql as string }));

/** The companies a group archive is allocated to, as the allocate dialog's user reads them. */
export const allocatedColumn = (allocTable: string): FieldDef => ({
  fieldName: 'allocOrgNames', fieldExplain: '已分配公司', fieldExplainEn: 'Allocated to', fieldType: 'TEXT', columnWidth: 260,
  columnSql: `(SELECT string_agg(o.org_name, '、' ORDER BY o.id) FROM ${allocTable} a JOIN sys_org o ON o.id = a.org_id WHERE a.archive_id = t.id)`,
});
