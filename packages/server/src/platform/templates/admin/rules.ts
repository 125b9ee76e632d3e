import { evaluateExpression, expressionFields, type FieldEditBody, type FormatEditBody, type ListRequest, opsForFieldType, type SearchParam } from '@wb/protocol';
import { type ListTemplate, planList } from '../../list/rules';
import { checkTemplate, type FieldDef, type TemplateDef } from '../define';
import type { FieldRow, FormatRow } from '../repo';
import type { FieldType, FormatStyle, FormatType } from '../vocabulary';

/** Why an edit is refused: the property it concerns (the spec's name) and a message for the administrator. */
export interface Refusal {
  field: string;
  message: string;
}

/** The columns an administrator's field edit writes: never column_sql, which code alone owns. */
export type FieldChanges = Partial<Omit<FieldRow, 'id' | 'format_id' | 'field_name' | 'field_type' | 'column_sql'>>;
export type FormatChanges = Partial<Pick<FormatRow, 'format_name' | 'format_name_en' | 'ps' | 'remark' | 'value_resource_sub_name' | 'view_resource_sub_name'>>;

const FIELD_COLUMNS = {
  fieldExplain: 'field_explain', fieldExplainEn: 'field_explain_en', seq: 'seq', ishow: 'ishow', ihidden: 'ihidden',
  iupdate: 'iupdate', irequired: 'irequired', iallowQuery: 'iallow_query', iallowAdvanceQuery: 'iallow_advance_query',
  itotal: 'itotal', isortField: 'isort_field', idefinedSort: 'idefined_sort', sortMethod: 'sort_method',
  columnWidth: 'column_width', fixed: 'fixed', formSubmitType: 'form_submit_type', options: 'options',
  defaultValue: 'default_value', tipsMessage: 'tips_message', validateMethod: 'validate_method',
  validateTitle: 'validate_title', valFormatFun: 'val_format_fun', controlValue: 'control_value', rows: 'rows',
  searchType: 'search_type', cgFormatResId: 'cg_format_res_id', calculate: 'calculate',
} as const satisfies Record<Exclude<keyof FieldEditBody, 'version'>, keyof FieldChanges>;

const FORMAT_COLUMNS = {
  formatName: 'format_name', formatNameEn: 'format_name_en', ps: 'ps', remark: 'remark', valueResourceSubName: 'value_resource_sub_name',
  viewResourceSubName: 'view_resource_sub_name',
} as const satisfies Record<Exclude<keyof FormatEditBody, 'version'>, keyof FormatChanges>;

/** The columns a field edit sets: only the properties the body names (undefined leaves one as it is). */
export function fieldChanges(edit: FieldEditBody): FieldChanges {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(FIELD_COLUMNS)) {
    const value = edit[key as keyof typeof FIELD_COLUMNS];
    if (value !== undefined) out[column] = value;
  }
  return out as FieldChanges;
}

export function formatChanges(edit: FormatEditBody): FormatChanges {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(FORMAT_COLUMNS)) {
    const value = edit[key as keyof typeof FORMAT_COLUMNS];
    if (value !== undefined) out[column] = value;
  }
  return out as FormatChanges;
}

const SPEC_NAME: Record<string, string> = Object.fromEntries(Object.entries(FIELD_COLUMNS).map(([k, c]) => [c, k]));

/**
 * The checks a family's own declaration passes (define.ts checkTemplate), said in the
 * administrator's words and naming the property: an edit that passes them cannot make a list fail.
 */
export function fieldRefusal(f: FieldRow): Refusal | null {
  const name = `字段 ${f.field_name}`;
  const readable = f.column_sql !== null;
  if (!readable) {
    for (const column of ['iallow_query', 'iallow_advance_query', 'isort_field', 'idefined_sort', 'itotal'] as const) {
      if (f[column]) return { field: SPEC_NAME[column], message: `${name} 不是数据库列，不能查询、排序或合计` };
    }
  }
  if ((f.iallow_query || f.iallow_advance_query) && opsForFieldType(f.field_type).length === 0) {
    return { field: f.iallow_query ? 'iallowQuery' : 'iallowAdvanceQuery', message: `${name} 是 ${f.field_type} 类型，不能查询` };
  }
  if (f.itotal && f.field_type !== 'NUMBER') return { field: 'itotal', message: `${name} 不是数字，不能合计` };
  if (f.idefined_sort && !f.isort_field) return { field: 'idefinedSort', message: `${name} 作为默认排序时必须允许排序` };
  if (f.validate_method && !compiles(f.validate_method)) return { field: 'validateMethod', message: `${name} 的校验正则无效` };
  if (f.validate_method && !f.validate_title) return { field: 'validateTitle', message: `${name} 设置了校验正则，需填写校验提示` };
  const values = f.options.map((o) => String(o.value));
  if (new Set(values).size !== values.length) return { field: 'options', message: `${name} 的选项值重复` };
  return null;
}

const SUM_FORMULA = /^SUM\(([A-Za-z_][A-Za-z0-9_]*)(\.[A-Za-z_][A-Za-z0-9_]*)?\)$/;

/**
 * A calculated field's formula (the 计算方式 dialog): the sum over a table, or an expression of
 * numbers and the template's other fields with + - * / and parentheses that the form can evaluate.
 */
export function calculateRefusal(f: FieldRow, fields: FieldRow[]): Refusal | null {
  const formula = f.calculate?.trim();
  if (!formula || SUM_FORMULA.test(formula)) return null;
  const name = `字段 ${f.field_name}`;
  // every name read as 1: a malformed expression evaluates to 0, a well-formed one to exactly 1
  if (evaluateExpression(`(${formula}) * 0 + 1`, () => 1) !== 1) return { field: 'calculate', message: `${name} 的计算公式不完整` };
  const others = new Set(fields.filter((x) => x.id !== f.id).map((x) => x.field_name));
  const unknown = expressionFields(formula).find((n) => !others.has(n));
  return unknown ? { field: 'calculate', message: `计算公式中的 ${unknown} 不是此模板的其他字段` } : null;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

function asFieldDef(f: FieldRow): FieldDef {
  return {
    fieldName: f.field_name, fieldExplain: f.field_explain, fieldType: f.field_type as FieldType, columnSql: f.column_sql ?? undefined,
    iallowQuery: f.iallow_query, iallowAdvanceQuery: f.iallow_advance_query, itotal: f.itotal, isortField: f.isort_field,
    idefinedSort: f.idefined_sort,
  };
}

/** The whole template after an edit, through the very check code's declarations pass at start. */
export function templateRefusal(format: FormatRow, fields: FieldRow[]): Refusal | null {
  const t: TemplateDef = {
    formatCode: format.format_code, formatName: format.format_name, formatType: format.format_type as FormatType,
    formatStyle: format.format_style as FormatStyle, mainTable: format.main_table ?? undefined, sonTable: format.son_table ?? undefined,
    orgColumn: format.org_column, fields: fields.map(asFieldDef),
  };
  try {
    checkTemplate(t);
    return null;
  } catch (e) {
    return { field: 'fields', message: `模板检查未通过: ${(e as Error).message}` };
  }
}

/** A popup's search and label fields name fields of the popup itself. */
export function formatRefusal(format: FormatRow, fields: FieldRow[]): Refusal | null {
  const names = new Set(fields.map((f) => f.field_name));
  if (format.value_resource_sub_name && !names.has(format.value_resource_sub_name)) {
    return { field: 'valueResourceSubName', message: `字段 ${format.value_resource_sub_name} 不是此模板的字段` };
  }
  if (format.view_resource_sub_name && !names.has(format.view_resource_sub_name)) {
    return { field: 'viewResourceSubName', message: `字段 ${format.view_resource_sub_name} 不是此模板的字段` };
  }
  return null;
}

/** A new order must name every field of the template exactly once. */
export function orderRefusal(current: Pick<FieldRow, 'id'>[], fieldIds: string[]): Refusal | null {
  const known = new Set(current.map((f) => f.id));
  const given = new Set(fieldIds);
  if (given.size !== fieldIds.length || given.size !== known.size || fieldIds.some((id) => !known.has(id))) {
    return { field: 'fieldIds', message: '排序须包含此模板的全部字段，且每个字段一次' };
  }
  return null;
}

/** Seq in steps of ten, as seeding writes it, so a single field can later be moved between two. */
export function seqOf(position: number): number {
  return (position + 1) * 10;
}

/**
 * A search parameter the list engine would refuse is refused here instead: its key must be a
 * searchable field the engine reads, and the operator one its type allows.
 */
export function paramRefusal(fields: FieldRow[], params: SearchParam[]): Refusal | null {
  for (const [i, p] of params.entries()) {
    const at = `paramList.${i}`;
    const f = fields.find((x) => x.field_name === p.key);
    if (!f) return { field: `${at}.key`, message: `查询参数 ${p.key} 不是此模板的字段` };
    if (!f.column_sql || !(f.iallow_query || f.iallow_advance_query)) return { field: `${at}.key`, message: `字段 ${p.key} 不允许查询` };
    if (!opsForFieldType(f.field_type).includes(p.op)) {
      return { field: `${at}.op`, message: `字段 ${p.key} (${f.field_type}) 不支持运算符 ${p.op}` };
    }
    if (Array.isArray(p.val) && p.op !== 'in') return { field: `${at}.val`, message: `字段 ${p.key} 的运算符 ${p.op} 只接受一个值` };
    const engine = engineRefusal(fields, p);
    if (engine) return { field: `${at}.val`, message: engine };
  }
  return null;
}

/** The list engine's own check of a condition (values converted by the field's type and options). */
function engineRefusal(fields: FieldRow[], p: SearchParam): string | null {
  const template: ListTemplate = {
    id: '0', mainTable: 't', orgColumn: 'org_id', ps: null,
    fields: fields.map((f) => ({
      fieldName: f.field_name, fieldType: f.field_type, columnSql: f.column_sql, options: f.options, iallowQuery: f.iallow_query,
      iallowAdvanceQuery: f.iallow_advance_query, isortField: f.isort_field, itotal: f.itotal, idefinedSort: f.idefined_sort, sortMethod: f.sort_method,
    })),
  };
  try {
    planList(template, { search: [p] } as ListRequest);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** A field the template's own search parameters name must stay searchable. */
export function paramsStillValid(fields: FieldRow[], params: SearchParam[], edited: FieldRow): Refusal | null {
  const refusal = paramRefusal(fields, params.filter((p) => p.key === edited.field_name));
  if (!refusal) return null;
  return { field: 'iallowQuery', message: `字段 ${edited.field_name} 是此模板查询参数的条件，须保持可查询 (${refusal.message})` };
}

export interface MappingPair {
  fieldSub1: { masterTable: string; fieldName: string };
  fieldSub2: { fieldName: string };
}

/** A mapping belongs to a field that opens a popup; each source is a field of that popup; each target once. */
export function mappingRefusal(field: Pick<FieldRow, 'field_name' | 'cg_format_res_id'>, popupFields: string[], pairs: MappingPair[]): Refusal | null {
  if (!field.cg_format_res_id && pairs.length > 0) return { field: 'cgFormatResId', message: `字段 ${field.field_name} 没有弹窗资源模板，不能配置映射` };
  const seen = new Set<string>();
  for (const [i, p] of pairs.entries()) {
    if (!popupFields.includes(p.fieldSub2.fieldName)) {
      return { field: `pairs.${i}.fieldSub2.fieldName`, message: `来源字段 ${p.fieldSub2.fieldName} 不是弹窗资源模板的字段` };
    }
    const target = `${p.fieldSub1.masterTable}.${p.fieldSub1.fieldName}`;
    if (seen.has(target)) return { field: `pairs.${i}.fieldSub1.fieldName`, message: `目标字段 ${target} 重复` };
    seen.add(target);
  }
  return null;
}

/** A list is bound to a menu entry, a form to a button entry; popups and searches are opened by fields. */
export function allotRefusal(formatType: string, menuKind: string | null): Refusal | null {
  if (formatType !== 'LIST' && formatType !== 'FORM') return { field: 'formatId', message: '只有列表模板和表单模板可以绑定菜单' };
  if (menuKind === null) return null;
  const wanted = formatType === 'LIST' ? 'menu' : 'button';
  if (menuKind !== wanted) return { field: 'menuId', message: formatType === 'LIST' ? '列表模板应绑定菜单' : '表单模板应绑定按钮' };
  return null;
}
