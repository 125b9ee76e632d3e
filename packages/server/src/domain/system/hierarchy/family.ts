import type { DocField, DocumentFamily } from '../../../platform/documents/define';
import { switchLifecycle } from '../../../platform/documents/lifecycle';
import { defineListTemplate } from '../../../platform/templates/define';
import {
  createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn,
} from '../../masterdata/shared/fields';
import { HIERARCHY_TARGETS, LEVELS_MESSAGE, parseLevels } from './rules';

export const HIERARCHY_LIST_CODE = 'system.hierarchy-rule.list';
const targets = HIERARCHY_TARGETS.map((t) => ({ ...t }));

const listTemplate = defineListTemplate({
  formatCode: HIERARCHY_LIST_CODE, formatName: '层级编码规则', formatNameEn: 'Hierarchy code rules', mainTable: 'sys_hierarchy_rule',
  resUrl: '/api/system/hierarchy-rule/v2/list', menuPath: '/system/hierarchy-rule',
  fields: [
    { fieldName: 'target', fieldExplain: '适用档案', fieldExplainEn: 'Applies to', fieldType: 'ENUM', columnSql: 't.target', options: targets,
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'comboxSingle', columnWidth: 120 },
    { fieldName: 'ruleName', fieldExplain: '规则名称', fieldExplainEn: 'Name', fieldType: 'TEXT', columnSql: 't.rule_name', iallowQuery: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'levels', fieldExplain: '各级位数', fieldExplainEn: 'Level widths', fieldType: 'TEXT', columnSql: 't.levels', columnWidth: 120 },
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

const [createForm, updateForm] = formTemplates({ formatCode: 'system.hierarchy-rule', formatName: '层级编码规则', formatNameEn: 'hierarchy code rule', prefix: 'sys_hierarchy_rule', mainTable: 'sys_hierarchy_rule' }, [
  { fieldName: 'target', fieldExplain: '适用档案', fieldExplainEn: 'Applies to', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.target', options: targets, irequired: true, iupdate: false },
  { fieldName: 'ruleName', fieldExplain: '规则名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.rule_name', irequired: true },
  { fieldName: 'levels', fieldExplain: '各级位数', fieldExplainEn: 'Level widths', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.levels', irequired: true,
    tipsMessage: '如 2-2-3：一级 2 位，二级为上级编码加 2 位，三级再加 3 位' },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
]);

const FIELDS: DocField[] = [
  { name: 'target', column: 'target', label: '适用档案', type: 'enum', required: true, updatable: false, unique: true, options: targets },
  { name: 'ruleName', column: 'rule_name', label: '规则名称', type: 'text', required: true, maxLength: 40 },
  { name: 'levels', column: 'levels', label: '各级位数', type: 'text', required: true, maxLength: 40, normalise: (v) => v.replace(/\s+/g, ''),
    check: (v) => (parseLevels(v) ? null : LEVELS_MESSAGE) },
  enabledField, remarkField,
];

/** 层级编码规则: one per company and tree; the tree's create and update check codes against it (rules.ts). */
export const hierarchyRuleFamily: DocumentFamily = {
  label: '层级编码规则', base: '/api/system/hierarchy-rule', permissionPrefix: 'sys_hierarchy_rule', table: 'sys_hierarchy_rule', scope: { kind: 'org' },
  code: { field: 'target', column: 'target' }, fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none', import: false, datax: false,
};
