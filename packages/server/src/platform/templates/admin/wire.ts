import { type AdminField, type AdminFormat, type FormatSummary, opsForFieldType } from '@wb/protocol';
import type { FieldRow, FormatRow } from '../repo';
import type { FormatListRow, Versioned } from './repo';

/**
 * Templates as the administration screens read them: what is served plus each row's version and
 * whether the list engine reads the field. Never column_sql itself: that is code's business.
 */
export function toAdminField(f: Versioned<FieldRow>): AdminField {
  const readable = f.column_sql !== null;
  return {
    id: f.id, formatId: f.format_id, version: f.version, fieldName: f.field_name, fieldExplain: f.field_explain, fieldExplainEn: f.field_explain_en,
    fieldType: f.field_type, readable, seq: f.seq, ishow: f.ishow, ihidden: f.ihidden, iupdate: f.iupdate, irequired: f.irequired,
    iallowQuery: f.iallow_query, iallowAdvanceQuery: f.iallow_advance_query, itotal: f.itotal, isortField: f.isort_field,
    idefinedSort: f.idefined_sort, sortMethod: f.sort_method, columnWidth: f.column_width, fixed: f.fixed,
    formSubmitType: f.form_submit_type, options: f.options, defaultValue: f.default_value, tipsMessage: f.tips_message,
    validateMethod: f.validate_method, validateTitle: f.validate_title, valFormatFun: f.val_format_fun,
    controlValue: f.control_value, rows: f.rows, searchType: f.search_type, cgFormatResId: f.cg_format_res_id, calculate: f.calculate, customTable: f.custom_table,
    ops: readable ? opsForFieldType(f.field_type) : [],
  };
}

export function toFormatSummary(r: FormatListRow, declared: ReadonlySet<string>): FormatSummary {
  return {
    id: r.id, formatCode: r.format_code, formatName: r.format_name, formatType: r.format_type, formatStyle: r.format_style,
    source: r.source, declared: declared.has(r.format_code), menuId: r.menu_id, buttonMenuId: r.button_menu_id,
    menuName: r.menu_name, fieldCount: r.field_count, updatedAt: r.updated_at.toISOString(),
  };
}

export function toAdminFormat(
  f: Versioned<FormatRow>, fields: Versioned<FieldRow>[], menuName: string | null, declared: ReadonlySet<string>,
): AdminFormat {
  return {
    ...toFormatSummary({ ...f, menu_name: menuName, field_count: fields.length }, declared),
    version: f.version, formatNameEn: f.format_name_en, ps: f.ps, remark: f.remark, valueResourceSubName: f.value_resource_sub_name,
    viewResourceSubName: f.view_resource_sub_name, fields: fields.map(toAdminField),
  };
}
