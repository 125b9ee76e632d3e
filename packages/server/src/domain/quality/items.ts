import type { DocField, DocumentFamily, EntityValues } from '../../platform/documents/define';
import { switchLifecycle } from '../../platform/documents/lifecycle';
import { defineListTemplate } from '../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../masterdata/shared/fields';
import { enabledInput, number, remarkInput, searchable, text } from './fields';

/**
 * 化验项目: what the lab measures, kept once per group as the seeded defaults (water, Si, S, C,
 * strength, codes 001 to 005) are. Precision and the valid range bound what the lab may enter;
 * the code is how a format's formula names the item, so it is letters, digits and _ only.
 */
export const ITEM_BASE = '/api/quality/item';
export const ITEM_PREFIX = 'quality_item';
const VALUE_BELOW = 1e15;

const CODE = /^[A-Za-z0-9_]{1,20}$/;

const FIELDS: DocField[] = [
  { name: 'itemCode', column: 'item_code', label: '项目编码', type: 'text', required: true, updatable: false, unique: true, maxLength: 20,
    check: (v) => (CODE.test(v) ? null : '项目编码只能由字母、数字和下划线组成') },
  { name: 'itemName', column: 'item_name', label: '项目名称', type: 'text', required: true, maxLength: 40 },
  { name: 'unit', column: 'unit', label: '单位', type: 'text', maxLength: 20 },
  { name: 'precisionDigits', column: 'precision_digits', label: '小数位数', type: 'integer', min: 0, below: 5, default: 2 },
  { name: 'minValue', column: 'min_value', label: '最小值', type: 'number', scale: 4, min: -VALUE_BELOW + 1, below: VALUE_BELOW },
  { name: 'maxValue', column: 'max_value', label: '最大值', type: 'number', scale: 4, min: -VALUE_BELOW + 1, below: VALUE_BELOW },
  { name: 'method', column: 'method', label: '检测方法', type: 'text', maxLength: 200 },
  { name: 'sort', column: 'sort', label: '排序', type: 'integer', min: 0, below: 100000, default: 0 },
  enabledField,
  remarkField,
];

const listTemplate = defineListTemplate({
  formatCode: 'quality.item.list', formatName: '化验项目', formatNameEn: 'Assay items', mainTable: 'qm_assay_item_in_org', orgColumn: 'alloc_org_id',
  resUrl: `${ITEM_BASE}/v2/list`, menuPath: '/quality/item',
  fields: [
    text('itemCode', '项目编码', 'Code', 't.item_code', { ...searchable, isortField: true, idefinedSort: true, sortMethod: 'asc', columnWidth: 100 }),
    text('itemName', '项目名称', 'Name', 't.item_name', { ...searchable, columnWidth: 140 }),
    text('unit', '单位', 'Unit', 't.unit', { columnWidth: 70 }),
    number('precisionDigits', '小数位数', 'Decimals', 't.precision_digits', { columnWidth: 80 }),
    number('minValue', '最小值', 'Minimum', 'trim_scale(t.min_value)'),
    number('maxValue', '最大值', 'Maximum', 'trim_scale(t.max_value)'),
    text('method', '检测方法', 'Method', 't.method', { columnWidth: 180 }),
    number('sort', '排序', 'Order', 't.sort', { isortField: true, columnWidth: 70 }),
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

const [createForm, updateForm] = formTemplates({ formatCode: 'quality.item', formatName: '化验项目', formatNameEn: 'assay item', prefix: ITEM_PREFIX, mainTable: 'qm_assay_item' }, [
  { fieldName: 'itemCode', fieldExplain: '项目编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.item_code', irequired: true, iupdate: false, tipsMessage: '公式中以 [编码] 引用，如 [001]' },
  { fieldName: 'itemName', fieldExplain: '项目名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.item_name', irequired: true },
  { fieldName: 'unit', fieldExplain: '单位', fieldExplainEn: 'Unit', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.unit' },
  { fieldName: 'precisionDigits', fieldExplain: '小数位数', fieldExplainEn: 'Decimals', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.precision_digits', defaultValue: '2' },
  { fieldName: 'minValue', fieldExplain: '最小值', fieldExplainEn: 'Minimum', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 'trim_scale(t.min_value)' },
  { fieldName: 'maxValue', fieldExplain: '最大值', fieldExplainEn: 'Maximum', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 'trim_scale(t.max_value)' },
  { fieldName: 'method', fieldExplain: '检测方法', fieldExplainEn: 'Method', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.method', tipsMessage: '如 GB/T 211 煤中全水分的测定' },
  { fieldName: 'sort', fieldExplain: '排序', fieldExplainEn: 'Order', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.sort', defaultValue: '0' },
  remarkInput,
  enabledInput,
]);

export const itemFamily: DocumentFamily = {
  label: '化验项目', base: ITEM_BASE, permissionPrefix: ITEM_PREFIX, table: 'qm_assay_item', scope: { kind: 'shared' },
  code: { field: 'itemCode', column: 'item_code' }, fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'none',
  validate: (v: EntityValues) => {
    const min = v.minValue, max = v.maxValue;
    return min !== null && min !== undefined && max !== null && max !== undefined && Number(min) > Number(max)
      ? [{ field: 'maxValue', message: '最大值不能小于最小值' }] : [];
  },
  constraintMessages: { qm_assay_item_range: { field: 'maxValue', message: '最大值不能小于最小值' } },
};
