import { sql } from 'kysely';
import type { DocField, DocumentChildren, DocumentFamily } from '../../platform/documents/define';
import { switchLifecycle } from '../../platform/documents/lifecycle';
import { masterChildForm } from '../../platform/documents/master-child-form';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../masterdata/shared/fields';
import { enabledInput, number, remarkInput, searchable, text } from './fields';
import { checkFormatLines } from './rules';

/**
 * 化验模板: the items a material's assay carries, in order, each entered by the lab or derived by
 * a formula over the others (rules.ts checks the set: formulas parse, name items of the format,
 * never loop). The format also says what a recheck does with the first result and how many
 * trucks make one sample.
 */
export const FORMAT_BASE = '/api/quality/format';
export const FORMAT_PREFIX = 'quality_format';
const LINE_TABLE = 'qm_format_item';

export const RECHECK_OPTIONS = [
  { value: 'REPLACE', label: '复检替换初检', labelEn: 'Recheck replaces' },
  { value: 'AVERAGE', label: '初检复检取平均', labelEn: 'Average of both' },
];

const FIELDS: DocField[] = [
  { name: 'formatCode', column: 'format_code', label: '模板编码', type: 'text', updatable: false, unique: true, maxLength: 40 },
  { name: 'formatName', column: 'format_name', label: '模板名称', type: 'text', required: true, maxLength: 60 },
  { name: 'recheckMode', column: 'recheck_mode', label: '复检方式', type: 'enum', required: true, default: 'REPLACE', options: RECHECK_OPTIONS },
  { name: 'batchTrucks', column: 'batch_trucks', label: '每样车数', type: 'integer', min: 0, below: 501, default: 1 },
  enabledField,
  remarkField,
];

const lineColumns: FieldDef[] = [
  { fieldName: 'itemCode', fieldExplain: '项目编码', fieldExplainEn: 'Item code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: '(SELECT i.item_code FROM qm_assay_item i WHERE i.id = t.item_id)', irequired: true, columnWidth: 100 },
  { fieldName: 'itemName', fieldExplain: '项目名称', fieldExplainEn: 'Item', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: '(SELECT i.item_name FROM qm_assay_item i WHERE i.id = t.item_id)', iupdate: false, columnWidth: 120 },
  { fieldName: 'formula', fieldExplain: '计算公式', fieldExplainEn: 'Formula', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.formula', columnWidth: 260,
    tipsMessage: '留空则由化验员录入；派生项目如 [003]*100/(100-[001])，除数为0时结果为0，保留3位小数' },
];

const listTemplate = defineListTemplate({
  formatCode: 'quality.format.list', formatName: '化验模板', formatNameEn: 'Assay formats', mainTable: 'qm_format', ownerColumn: 'created_by',
  resUrl: `${FORMAT_BASE}/v2/list`, menuPath: '/quality/format',
  fields: [
    text('formatCode', '模板编码', 'Code', 't.format_code', { ...searchable, isortField: true, idefinedSort: true, sortMethod: 'asc', columnWidth: 120 }),
    text('formatName', '模板名称', 'Name', 't.format_name', { ...searchable, columnWidth: 160 }),
    { fieldName: 'recheckMode', fieldExplain: '复检方式', fieldExplainEn: 'Recheck', fieldType: 'ENUM', columnSql: 't.recheck_mode', options: RECHECK_OPTIONS, columnWidth: 120 },
    number('batchTrucks', '每样车数', 'Trucks per sample', 't.batch_trucks'),
    text('itemNames', '化验项目', 'Items', `(SELECT string_agg(i.item_name || coalesce(' = ' || l.formula, ''), '、' ORDER BY l.seq) FROM qm_format_item l JOIN qm_assay_item i ON i.id = l.item_id WHERE l.format_id = t.id)`, { columnWidth: 320 }),
    enabledColumn, remarkColumn, createDateColumn, versionColumn,
  ],
});

/** The format picker: enabled formats of the company. */
export const formatResource = defineTemplate({
  formatCode: 'quality.format.resource', formatName: '选择化验模板', formatNameEn: 'Select assay format', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_TREE_QUERY_DATALIST',
  mainTable: 'qm_format', resMethod: 'POST', resUrl: `${FORMAT_BASE}/v2/list`, valueResourceSubName: 'formatCode', viewResourceSubName: 'formatName',
  fields: [
    text('formatCode', '模板编码', 'Code', 't.format_code', { ...searchable, isortField: true }),
    text('formatName', '模板名称', 'Name', 't.format_name', { ...searchable, columnWidth: 160 }),
  ],
});

const forms = formTemplates({ formatCode: 'quality.format', formatName: '化验模板', formatNameEn: 'assay format', prefix: FORMAT_PREFIX, mainTable: 'qm_format' }, [
  { fieldName: 'formatCode', fieldExplain: '模板编码', fieldExplainEn: 'Code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.format_code', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
  { fieldName: 'formatName', fieldExplain: '模板名称', fieldExplainEn: 'Name', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.format_name', irequired: true },
  { fieldName: 'recheckMode', fieldExplain: '复检方式', fieldExplainEn: 'Recheck', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.recheck_mode', options: RECHECK_OPTIONS, irequired: true, defaultValue: 'REPLACE' },
  { fieldName: 'batchTrucks', fieldExplain: '每样车数', fieldExplainEn: 'Trucks per sample', fieldType: 'NUMBER', formSubmitType: 'NUMBER', columnSql: 't.batch_trucks', defaultValue: '1',
    tipsMessage: '1 为每车一样；N 为每N车一样；0 为同物料同供应商当日所有车辆一样' },
  remarkInput,
  enabledInput,
]);
const [createForm, updateForm] = forms.map((f) => masterChildForm(f, LINE_TABLE, lineColumns));

const lines: DocumentChildren = {
  label: '化验项目', table: LINE_TABLE, parentColumn: 'format_id',
  fields: [
    { name: 'itemId', column: 'item_id', label: '化验项目', type: 'id', required: true, byCode: { name: 'itemCode', label: '化验项目', table: 'qm_assay_item', codeColumn: 'item_code', scope: 'group' } },
    { name: 'formula', column: 'formula', label: '计算公式', type: 'text', maxLength: 500 },
    { name: 'lineSeq', column: 'seq', label: '行号', type: 'integer' },
  ],
  readFields: [
    ...readFieldsOf({ formatCode: '', formatName: '', formatType: 'FORM', formatStyle: 'FORMAT_MASTER_CHILD_FROM', fields: lineColumns }),
    { name: 'lineSeq', sql: 't.seq' }, { name: 'itemId', sql: 't.item_id::text' },
  ],
  seq: { field: 'lineSeq', column: 'seq' },
  checkWrite: async (tx, _who, _parentId, _header, rows) => {
    if (rows.length === 0) return [{ row: null, field: 'entitysub', message: '化验模板至少要有一个化验项目' }];
    const ids = rows.map((r) => String(r.values.itemId));
    const { rows: items } = await sql<{ id: string; code: string }>`SELECT id::text, item_code AS code FROM qm_assay_item WHERE id = ANY(${ids}::bigint[])`.execute(tx);
    const codeOf = new Map(items.map((i) => [i.id, i.code]));
    const seen = new Map<string, number>();
    const twice = rows.flatMap((r, i) => {
      const first = seen.get(String(r.values.itemId));
      if (first === undefined) { seen.set(String(r.values.itemId), i + 1); return []; }
      return [{ row: i + 1, field: 'itemCode', message: `第${i + 1}行与第${first}行的化验项目相同` }];
    });
    if (twice.length) return twice;
    const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
    return checkFormatLines(rows.map((r) => ({ itemId: String(r.values.itemId), code: codeOf.get(String(r.values.itemId)) ?? '', formula: blank(r.values.formula) ? null : String(r.values.formula) })));
  },
};

export const formatFamily: DocumentFamily = {
  label: '化验模板', base: FORMAT_BASE, permissionPrefix: FORMAT_PREFIX, table: 'qm_format', scope: { kind: 'org' },
  code: { field: 'formatCode', column: 'format_code' },
  // a blank code (a new format, a copy) is numbered
  numbering: { docKind: 'quality.format', fallback: { prefix: 'HYMB', datePattern: 'yyyyMMdd', serialWidth: 3, resetPeriod: 'DAILY' } },
  fields: FIELDS, lifecycle: switchLifecycle,
  listTemplate, resourceTemplate: formatResource, forms: [createForm, updateForm], readFields: readFieldsOf(forms[0]), copy: 'one', import: false, datax: false,
  children: lines,
};
