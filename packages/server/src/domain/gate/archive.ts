import type { DocField, DocumentFamily } from '../../platform/documents/define';
import { switchLifecycle } from '../../platform/documents/lifecycle';
import { documentButtons, menuLeaf, type MenuButtonSeed, type MenuSeed } from '../../platform/menu/define';
import { defineListTemplate, defineTemplate, type FieldDef } from '../../platform/templates/define';
import { createDateColumn, enabledColumn, enabledField, formTemplates, readFieldsOf, remarkColumn, remarkField, versionColumn } from '../masterdata/shared/fields';

/**
 * The gate's and the yard's small archives share one shape: a company's rows with a code, a few
 * plain fields, the enable switch and a remark, a LIST template, a popup and two forms. This turns
 * a short description into the engine's family, its templates and its menu leaf.
 */
export interface ArchiveField {
  name: string;
  column: string;
  label: string;
  en: string;
  type: 'text' | 'integer' | 'number' | 'enum' | 'date' | 'datetime' | 'timeRange' | 'time' | 'dateRange';
  required?: boolean;
  maxLength?: number;
  min?: number;
  below?: number;
  scale?: number;
  options?: readonly { value: string; label: string; labelEn: string }[];
  tips?: string;
  width?: number;
  /** searchable in the list */
  query?: boolean;
  normalise?: (text: string) => string;
  check?: (text: string) => string | null;
  default?: string | number;
  /** how a figure shows (protocol display.ts): a weight in the plant's unit and decimals */
  display?: 'weight';
  /** text: several values kept comma-joined (a multi-select's list) */
  list?: boolean;
  /** the form's own widget for it (a popup picker) over the type's plain one */
  form?: Partial<FieldDef>;
  /** a form-only field right after it, keeping no column (a picker that fills this field) */
  formAfter?: FieldDef;
}

export interface ArchiveSpec {
  /** the path's last word and the template codes' middle: handset -> masterdata.handset.list */
  key: string;
  /** '/masterdata' or '/gate' */
  area: '/masterdata' | '/gate';
  label: string;
  en: string;
  table: string;
  permissionPrefix: string;
  code: { name: string; column: string; label: string; en: string; maxLength: number; numbering?: string };
  fields: ArchiveField[];
  roles: string[];
  viewers?: string[];
  /** the menu leaf is an app (handset) page: kept off the web's sidebar */
  app?: boolean;
  /** list columns read from elsewhere (a batch's shipped and remaining quantity), shown only */
  extraColumns?: FieldDef[];
  /** the leaf's buttons beyond the archive's own (another module's calls on these rows) */
  extraButtons?: MenuButtonSeed[];
  /** checks of a write against other rows (codes of the company's archives), as the document engine takes them */
  checkWrite?: DocumentFamily['checkWrite'];
}

const LIST_TYPES: Record<ArchiveField['type'], FieldDef['fieldType']> = {
  text: 'TEXT', integer: 'NUMBER', number: 'NUMBER', enum: 'ENUM', date: 'DATE', datetime: 'DATE', timeRange: 'TEXT', time: 'TEXT', dateRange: 'TEXT',
};
const FORM_TYPES: Record<ArchiveField['type'], NonNullable<FieldDef['formSubmitType']>> = {
  text: 'ONE_TXT', integer: 'NUMBER', number: 'NUMBER', enum: 'SELECT', date: 'DATA_BOX', datetime: 'DATA_BOX_TIM', timeRange: 'TIME_RANGE_BOX', time: 'TIME_BOX_TIM', dateRange: 'DATA_RANGE_BOX',
};

const colSql = (f: ArchiveField) => (f.type === 'number' ? `t.${f.column}::text` : `t.${f.column}`);

function listColumn(f: ArchiveField): FieldDef {
  return {
    fieldName: f.name, fieldExplain: f.label, fieldExplainEn: f.en, fieldType: LIST_TYPES[f.type], columnSql: colSql(f), columnWidth: f.width ?? 140,
    ...(f.options ? { options: [...f.options] } : {}),
    ...(f.query ? { iallowQuery: true, searchType: f.type === 'enum' ? 'comboxSingle' : 'input' } : {}),
    ...(f.display ? { displayKind: f.display } : {}),
  } as FieldDef;
}

function formField(f: ArchiveField): FieldDef {
  return {
    fieldName: f.name, fieldExplain: f.label, fieldExplainEn: f.en, fieldType: LIST_TYPES[f.type], formSubmitType: FORM_TYPES[f.type], columnSql: colSql(f),
    ...(f.required ? { irequired: true } : {}), ...(f.options ? { options: [...f.options] } : {}), ...(f.tips ? { tipsMessage: f.tips } : {}),
    ...(f.default !== undefined ? { defaultValue: String(f.default) } : {}),
    ...(f.display ? { displayKind: f.display } : {}),
    ...f.form,
  } as FieldDef;
}

function docField(f: ArchiveField): DocField {
  return {
    name: f.name, column: f.column, label: f.label, type: f.type, ...(f.required ? { required: true } : {}),
    ...(f.maxLength ? { maxLength: f.maxLength } : {}), ...(f.min !== undefined ? { min: f.min } : {}), ...(f.below !== undefined ? { below: f.below } : {}),
    ...(f.scale !== undefined ? { scale: f.scale } : {}), ...(f.options ? { options: f.options.map(({ value, label }) => ({ value, label })) } : {}),
    ...(f.normalise ? { normalise: f.normalise } : {}), ...(f.check ? { check: f.check } : {}), ...(f.default !== undefined ? { default: f.default } : {}),
    ...(f.list ? { list: true } : {}),
  };
}

export interface Archive { family: DocumentFamily; leaf: MenuSeed; path: string }

export function archive(s: ArchiveSpec): Archive {
  const area = s.area.slice(1);
  const base = `/api/${area}/${s.key}`;
  const path = `${s.area}/${s.key}`;
  const code: ArchiveField = { name: s.code.name, column: s.code.column, label: s.code.label, en: s.code.en, type: 'text', maxLength: s.code.maxLength, query: true, width: 130 };
  const listTemplate = defineListTemplate({
    formatCode: `${area}.${s.key}.list`, formatName: s.label, formatNameEn: s.en, mainTable: s.table, resUrl: `${base}/v2/list`, menuPath: path,
    fields: [
      { ...listColumn(code), isortField: true, idefinedSort: true, sortMethod: 'asc', fixed: 'left' },
      ...s.fields.map(listColumn), ...(s.extraColumns ?? []), enabledColumn, remarkColumn, createDateColumn, versionColumn,
    ],
  });
  const nameField = s.fields[0];
  const resourceTemplate = defineTemplate({
    formatCode: `${area}.${s.key}.resource`, formatName: `选择${s.label}`, formatNameEn: `Select ${s.en.toLowerCase()}`, formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
    mainTable: s.table, resMethod: 'POST', resUrl: `${base}/v2/list`, valueResourceSubName: code.name, viewResourceSubName: nameField.name,
    fields: listTemplate.fields.filter((f) => [code.name, nameField.name].includes(f.fieldName)),
  });
  const [createForm, updateForm] = formTemplates({ formatCode: `${area}.${s.key}`, formatName: s.label, formatNameEn: s.en.toLowerCase(), prefix: s.permissionPrefix, mainTable: s.table }, [
    { ...formField(code), iupdate: false, ...(s.code.numbering ? { tipsMessage: '留空则按编码规则自动生成' } : { irequired: true }) },
    ...s.fields.flatMap((f) => [formField(f), ...(f.formAfter ? [f.formAfter] : [])]),
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
    { fieldName: 'enabled', fieldExplain: '启用', fieldExplainEn: 'Enabled', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', columnSql: 't.enabled', iupdate: false, ishow: false },
  ]);
  const family: DocumentFamily = {
    label: s.label, base, permissionPrefix: s.permissionPrefix, table: s.table, scope: { kind: 'org' },
    code: { field: code.name, column: code.column },
    ...(s.code.numbering ? { numbering: { docKind: `${area}.${s.key}`, fallback: { prefix: s.code.numbering, datePattern: null, serialWidth: 4, resetPeriod: 'NEVER' as const } } } : {}),
    fields: [
      { ...docField(code), updatable: false, unique: true, ...(s.code.numbering ? {} : { required: true }) },
      ...s.fields.map(docField), enabledField, remarkField,
    ],
    lifecycle: switchLifecycle, listTemplate, resourceTemplate, forms: [createForm, updateForm], readFields: readFieldsOf(createForm), copy: 'one',
    ...(s.checkWrite ? { checkWrite: s.checkWrite } : {}),
  };
  const leaf = menuLeaf(s.label, s.en, path, [...s.roles, ...(s.viewers ?? [])], {
    ...(s.app ? { app: true } : {}),
    buttons: [...documentButtons(s.permissionPrefix, ['create', 'update', 'delList', 'enable', 'disable', 'copy', 'export', 'import'], s.roles, s.viewers ?? []), ...(s.extraButtons ?? [])],
  });
  return { family, leaf, path };
}
