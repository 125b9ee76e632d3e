import type { Selectable } from 'kysely';
import type { FieldDefinition, FormatDefinition } from '@wb/protocol';
import type { CgFormat, CgFormatField } from '../db/schema';

/**
 * Templates as the web reads them (the shapes live in the protocol, shared with the web).
 * column_sql and org_column stay on the server: they are how the engine reads the table, not what
 * a screen shows.
 */
export type { FieldDefinition, FormatDefinition } from '@wb/protocol';

export function toFieldDefinition(f: Selectable<CgFormatField>): FieldDefinition {
  return {
    id: f.id, fieldName: f.field_name, fieldExplain: f.field_explain, fieldExplainEn: f.field_explain_en,
    fieldType: f.field_type, formSubmitType: f.form_submit_type, options: f.options, defaultValue: f.default_value,
    tipsMessage: f.tips_message, seq: f.seq, ishow: f.ishow, ihidden: f.ihidden, iupdate: f.iupdate, irequired: f.irequired,
    iallowQuery: f.iallow_query, iallowAdvanceQuery: f.iallow_advance_query, itotal: f.itotal, imerge: f.imerge,
    isortField: f.isort_field, idefinedSort: f.idefined_sort, sortMethod: f.sort_method, columnWidth: f.column_width,
    fixed: f.fixed, calculate: f.calculate, customTable: f.custom_table, classType: f.class_type,
    cgValidate: f.validate_method ? { validateMethod: f.validate_method, validateTitle: f.validate_title } : null,
    cgValFormat: f.val_format_fun ? { valFormatFun: f.val_format_fun } : null,
    cgFormatResId: f.cg_format_res_id, controlValue: f.control_value, rows: f.rows, searchType: f.search_type,
    displayKind: f.display_kind,
  };
}

/** A form's fields are its formSubList; a list's, a popup's or a search's are its listSubList. */
export function toFormatDefinition(format: Selectable<CgFormat>, fields: Selectable<CgFormatField>[]): FormatDefinition {
  const defs = fields.map(toFieldDefinition);
  const isForm = format.format_type === 'FORM';
  return {
    id: format.id, formatCode: format.format_code, formatName: format.format_name, formatNameEn: format.format_name_en, formatType: format.format_type,
    formatStyle: format.format_style, opations: { main: format.main_table, son: format.son_table },
    resMethod: format.res_method, resUrl: format.res_url, treeResUrl: format.tree_res_url, treeResMethod: format.tree_res_method,
    ps: format.ps, remark: format.remark, valueResourceSubName: format.value_resource_sub_name,
    viewResourceSubName: format.view_resource_sub_name, detail_id: format.detail_id, menuId: format.menu_id,
    buttonMenuId: format.button_menu_id, formSubList: isForm ? defs : [], listSubList: isForm ? [] : defs,
  };
}
