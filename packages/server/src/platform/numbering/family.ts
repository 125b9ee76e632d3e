import type { DocField, DocumentFamily, EntityValues } from '../documents/define';
import { switchLifecycle } from '../documents/lifecycle';
import { defineListTemplate } from '../templates/define';
import { defineTemplate } from '../templates/define';

/**
 * 编码规则: a company's numbering of one kind of document, kept on the system menu's code-rule
 * screen. A kind without a rule numbers by its family's default (GYS0001, CK01, ...).
 */
const DATE_PATTERNS = ['yyyy', 'yyyyMM', 'yyyyMMdd', 'yyMM', 'yyMMdd'].map((p) => ({ value: p, label: p, labelEn: p }));
const RESETS = [
  { value: 'NEVER', label: '不重置', labelEn: 'Never' }, { value: 'DAILY', label: '按日', labelEn: 'Daily' }, { value: 'MONTHLY', label: '按月', labelEn: 'Monthly' }, { value: 'YEARLY', label: '按年', labelEn: 'Yearly' },
];
const DAILY_PARTS = ['yyyyMMdd', 'yyMMdd'];
const MONTHLY_PARTS = ['yyyyMM', 'yyMM', ...DAILY_PARTS];

/** A serial that restarts more often than the date part changes would repeat numbers. */
export function validateCodeRule(v: EntityValues): { field: string; message: string }[] {
  const part = v.datePattern as string | null;
  const fits = v.resetPeriod === 'NEVER' || v.resetPeriod === undefined
    || (v.resetPeriod === 'DAILY' && DAILY_PARTS.includes(part ?? ''))
    || (v.resetPeriod === 'MONTHLY' && MONTHLY_PARTS.includes(part ?? ''))
    || (v.resetPeriod === 'YEARLY' && part !== null);
  return fits ? [] : [{ field: 'resetPeriod', message: '流水号按日/按月/按年重置时，日期格式须包含对应的日/月/年，否则编号会重复' }];
}

const listTemplate = defineListTemplate({
  formatCode: 'system.code-rule.list', formatName: '编码规则', formatNameEn: 'Numbering rules', mainTable: 'sys_code_rule', resUrl: '/api/system/code-rule/v2/list', menuPath: '/system/code-rule',
  fields: [
    { fieldName: 'docKind', fieldExplain: '单据类型', fieldExplainEn: 'Document kind', fieldType: 'TEXT', columnSql: 't.doc_kind',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', columnWidth: 140 },
    { fieldName: 'ruleName', fieldExplain: '规则名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.rule_name', iallowQuery: true, searchType: 'input', columnWidth: 140 },
    { fieldName: 'prefix', fieldExplain: '前缀', fieldExplainEn: 'Prefix', fieldType: 'TEXT', columnSql: 't.prefix', columnWidth: 90 },
    { fieldName: 'datePattern', fieldExplain: '日期格式', fieldExplainEn: 'Date part', fieldType: 'ENUM', columnSql: 't.date_pattern', options: DATE_PATTERNS, columnWidth: 100 },
    { fieldName: 'serialWidth', fieldExplain: '流水号位数', fieldExplainEn: 'Serial width', fieldType: 'NUMBER', columnSql: 't.serial_width', columnWidth: 100 },
    { fieldName: 'resetPeriod', fieldExplain: '流水号重置', fieldExplainEn: 'Reset', fieldType: 'ENUM', columnSql: 't.reset_period', options: RESETS, columnWidth: 100 },
    { fieldName: 'enabled', fieldExplain: '启用状态', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', columnSql: 't.enabled', options: [{ value: true, label: '启用', labelEn: 'Enabled' }, { value: false, label: '停用', labelEn: 'Disabled' }], iallowQuery: true, columnWidth: 90 },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', columnSql: 't.remark', columnWidth: 200 },
    { fieldName: 'createDate', fieldExplain: '创建时间', fieldExplainEn: 'Created', fieldType: 'DATE', columnSql: 't.created_at', isortField: true, columnWidth: 170 },
    { fieldName: 'version', fieldExplain: '版本', fieldExplainEn: 'Version', fieldType: 'NUMBER', columnSql: 't.version', ishow: false, ihidden: true },
  ],
});

const formFields = [
  { fieldName: 'docKind', fieldExplain: '单据类型', fieldExplainEn: 'Document kind', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.doc_kind', irequired: true, iupdate: false,
    tipsMessage: '如 weigh.pu（采购磅单）、notice.sa（销售通知单）、registry.sa、settlement.pu、md.vendor（供应商）、md.warehouse' },
  { fieldName: 'ruleName', fieldExplain: '规则名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.rule_name', irequired: true },
  { fieldName: 'prefix', fieldExplain: '前缀', fieldExplainEn: 'Prefix', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.prefix' },
  { fieldName: 'datePattern', fieldExplain: '日期格式', fieldExplainEn: 'Date part', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.date_pattern', options: DATE_PATTERNS },
  { fieldName: 'serialWidth', fieldExplain: '流水号位数', fieldExplainEn: 'Serial width', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.serial_width', defaultValue: '4' },
  { fieldName: 'resetPeriod', fieldExplain: '流水号重置', fieldExplainEn: 'Reset', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.reset_period', options: RESETS, defaultValue: 'NEVER' },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
] as const;

const form = (kind: 'create' | 'update') => defineTemplate({
  formatCode: `system.code-rule.${kind}`, formatName: kind === 'create' ? '新增编码规则' : '修改编码规则', formatNameEn: kind === 'create' ? 'New numbering rule' : 'Edit numbering rule', formatType: 'FORM',
  formatStyle: 'FORMAT_FOUR_COLUMN_FROM', mainTable: 'sys_code_rule', buttonPermission: `sys_code_rule_${kind}`,
  fields: formFields.map((f) => (kind === 'create' ? { ...f, iupdate: true } : { ...f })),
});
const createForm = form('create');

const FIELDS: DocField[] = [
  { name: 'docKind', column: 'doc_kind', label: '单据类型', type: 'text', required: true, updatable: false, unique: true, maxLength: 40,
    check: (v) => (/^[a-z][a-z0-9_.-]*$/.test(v) ? null : '单据类型应为小写字母开头的编码，如 md.vendor') },
  { name: 'ruleName', column: 'rule_name', label: '规则名称', type: 'text', required: true, maxLength: 40 },
  { name: 'prefix', column: 'prefix', label: '前缀', type: 'text', maxLength: 20, default: '', check: (v) => (/\s/.test(v) ? '前缀不能含空格' : null) },
  { name: 'datePattern', column: 'date_pattern', label: '日期格式', type: 'enum', options: DATE_PATTERNS },
  { name: 'serialWidth', column: 'serial_width', label: '流水号位数', type: 'integer', min: 1, below: 13, default: 4 },
  { name: 'resetPeriod', column: 'reset_period', label: '流水号重置', type: 'enum', options: RESETS, default: 'NEVER' },
  { name: 'enabled', column: 'enabled', label: '启用', type: 'boolean', default: true, updatable: false },
  { name: 'remark', column: 'remark', label: '备注', type: 'text', maxLength: 200 },
];

export const codeRuleFamily: DocumentFamily = {
  label: '编码规则', base: '/api/system/code-rule', permissionPrefix: 'sys_code_rule', table: 'sys_code_rule', scope: { kind: 'org' },
  code: { field: 'docKind', column: 'doc_kind' }, fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate, forms: [createForm, form('update')], readFields: createForm.fields.map((f) => ({ name: f.fieldName, sql: f.columnSql as string })),
  copy: 'none', validate: validateCodeRule, import: false,
  // a blank prefix is an empty string: the column is NOT NULL
  normalise: (v) => ({ ...v, prefix: v.prefix ?? '' }),
};
