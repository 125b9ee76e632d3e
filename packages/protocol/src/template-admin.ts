import { z } from 'zod';
import { idSchema } from './id';
import { LIST_OPS } from './list';

/**
 * Template administration (spec: screens section 2, /custom/format/form/*; calls section 7,
 * Template engine and Form builder): what an administrator may change in a template, and how.
 * Only presentation and whitelist flags: how a list reads its table (column_sql, main_table,
 * org_column) is written by code alone, so these bodies are strict and refuse any other key.
 */

/** The button permission every template administration call needs. */
export const TEMPLATE_EDIT_PERMISSION = 'sys_template_edit';

/** The words an edit may use, as the server's migration allows them (spec section 3). */
export const ADMIN_FORM_SUBMIT_TYPES = [
  'ONE_TXT', 'MORE_TXT', 'TEXTAREA', 'TEXTAREA_SENTENCE', 'NUMBER', 'SELECT', 'SELECT_MORE', 'SELECT_ONE_TXT',
  'SINGLE_ELECTION', 'MULTIPLE_SELECTION', 'BOOLEAN', 'AUTO_COMPLETE', 'SEARCH_AUTOMATIC', 'RESOURCE_CONTROLS',
  'RESOURCE_CONTROLS_MORE', 'RESOURCE_CONTROLS_MORE_FOLD', 'RESOURCE_NONE', 'DETAIL_RESOURCE_CONTROLS', 'CALCULATE',
  'DATA_BOX', 'DATA_BOX_TIM', 'DATA_RANGE_BOX', 'DATA_RANGE_BOX_TIM', 'TIME_BOX_TIM', 'TIME_RANGE_BOX',
  'DEFAULT_VALUE', 'IMG_VIEW',
] as const;
export const ADMIN_SEARCH_TYPES = [
  'input', 'comboxSingle', 'comboxMultiline', 'datePicker', 'dateTimePicker', 'datePickerRange', 'dateTimePickerRange',
] as const;
export const ADMIN_FORMAT_TYPES = ['LIST', 'FORM', 'RESOURCE', 'SEARCH'] as const;

const numericId = idSchema;
/** The row version the editor read (PostgreSQL's row version): a stale one answers 409. */
const version = z.string().regex(/^\d{1,12}$/, '应为读取时的版本号');
const text = (max: number) => z.string().max(max, `最多${max}个字符`).nullable().optional();
const flag = z.boolean().optional();

export const fieldOptionBody = z.strictObject({
  value: z.union([z.string().max(100), z.number(), z.boolean()]),
  label: z.string().trim().min(1, '选项名称不能为空').max(100),
  labelEn: z.string().trim().max(100).optional(),
  color: z.string().max(30).optional(),
  disabled: z.boolean().optional(),
});

/** POST /api/cg-format/select: the paged format list with search by code, name and type. */
export const formatSelectBody = z.strictObject({
  formatCode: z.string().max(100).optional(),
  formatName: z.string().max(100).optional(),
  /** what a person types in a picker: matched against the code or the name */
  keyword: z.string().max(100).optional(),
  formatType: z.enum(ADMIN_FORMAT_TYPES).optional(),
  limit: z.strictObject({ pn: z.number().int().min(1).max(100_000), ps: z.number().int().min(1).max(100) }).optional(),
});
export type FormatSelectBody = z.infer<typeof formatSelectBody>;

/** PUT /api/cg-format/update/{id}: a format's presentation properties. */
export const formatEditBody = z.strictObject({
  version,
  formatName: z.string().trim().min(1, '模板名称不能为空').max(100).optional(),
  formatNameEn: text(100),
  ps: z.number().int().min(1).max(100).nullable().optional(),
  remark: text(500),
  valueResourceSubName: text(100),
  viewResourceSubName: text(100),
});
export type FormatEditBody = z.infer<typeof formatEditBody>;

/** PUT /api/cg-format-sub/update/{id}: one field's properties (spec section 3, field definition). */
export const fieldEditBody = z.strictObject({
  version,
  fieldExplain: z.string().trim().min(1, '字段名称不能为空').max(100).optional(),
  fieldExplainEn: text(100),
  seq: z.number().int().min(0).max(100_000).optional(),
  ishow: flag,
  ihidden: flag,
  iupdate: flag,
  irequired: flag,
  iallowQuery: flag,
  iallowAdvanceQuery: flag,
  itotal: flag,
  isortField: flag,
  idefinedSort: flag,
  sortMethod: z.enum(['asc', 'desc']).nullable().optional(),
  columnWidth: z.number().int().min(20).max(2000).nullable().optional(),
  fixed: z.enum(['left', 'right']).nullable().optional(),
  formSubmitType: z.enum(ADMIN_FORM_SUBMIT_TYPES).nullable().optional(),
  options: z.array(fieldOptionBody).max(200).optional(),
  defaultValue: text(500),
  tipsMessage: text(500),
  validateMethod: text(500),
  validateTitle: text(200),
  valFormatFun: text(200),
  controlValue: text(500),
  rows: z.number().int().min(1).max(20).nullable().optional(),
  searchType: z.enum(ADMIN_SEARCH_TYPES).nullable().optional(),
  cgFormatResId: numericId.nullable().optional(),
  /** a CALCULATE field's formula (the 计算方式 dialog): an expression over the form's fields, or SUM(table.field) */
  calculate: text(500),
});
export type FieldEditBody = z.infer<typeof fieldEditBody>;

/** PUT /api/cg-format/type/subs/{id}/order: the fields in their new order (drag to reorder). */
export const fieldOrderBody = z.strictObject({ version, fieldIds: z.array(numericId).min(1).max(500) });

/** A search parameter: a fixed condition of the template's search (spec: paramList). */
export const searchParam = z.strictObject({
  key: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '应为字段名'),
  op: z.enum(LIST_OPS),
  val: z.union([z.string().max(500), z.number(), z.boolean(), z.null(), z.array(z.union([z.string().max(500), z.number(), z.boolean()])).max(100)]),
});
export type SearchParam = z.infer<typeof searchParam>;

/** POST /api/cg-form-sub-param/create: a template's search parameter list, replaced whole. */
export const paramSaveBody = z.strictObject({
  formatId: numericId,
  /** the version of the list read; null when the template had none */
  version: version.nullable(),
  paramList: z.array(searchParam).max(50),
});

/** PUT /api/cg-format-sub/res-map/{fieldId}: what a popup fills in (fieldSub1 target <- fieldSub2 source). */
export const resourceMapBody = z.strictObject({
  version,
  pairs: z
    .array(
      z.strictObject({
        fieldSub1: z.strictObject({ masterTable: z.string().trim().min(1, '目标表不能为空').max(100), fieldName: z.string().trim().min(1, '目标字段不能为空').max(100) }),
        fieldSub2: z.strictObject({ fieldName: z.string().trim().min(1, '来源字段不能为空').max(100) }),
      }),
    )
    .max(100),
});

/** POST /api/cg-format-allot/create: bind a format to a menu entry (list) or button entry (form). */
export const formatAllotBody = z.strictObject({ version, formatId: numericId, menuId: numericId.nullable() });
export const formatAllotFindBody = z.strictObject({ formatId: numericId.optional(), menuId: numericId.optional() });

/** A format as the administration list shows it. */
export interface FormatSummary {
  id: string;
  formatCode: string;
  formatName: string;
  formatType: string;
  formatStyle: string;
  source: 'code' | 'admin';
  /** whether code declares this template, so that restoring it is possible */
  declared: boolean;
  menuId: string | null;
  buttonMenuId: string | null;
  menuName: string | null;
  fieldCount: number;
  updatedAt: string;
}

/** A field as the editor reads it: the served definition plus what the checks need. */
export interface AdminField {
  id: string;
  /** the format the field belongs to */
  formatId: string;
  version: string;
  fieldName: string;
  fieldExplain: string;
  fieldExplainEn: string | null;
  fieldType: string;
  /** whether the list engine can read this field (it has code's column); searched, sorted and totalled fields need it */
  readable: boolean;
  seq: number;
  ishow: boolean;
  ihidden: boolean;
  iupdate: boolean;
  irequired: boolean;
  iallowQuery: boolean;
  iallowAdvanceQuery: boolean;
  itotal: boolean;
  isortField: boolean;
  idefinedSort: boolean;
  sortMethod: 'asc' | 'desc' | null;
  columnWidth: number | null;
  fixed: 'left' | 'right' | null;
  formSubmitType: string | null;
  options: { value: string | number | boolean; label: string; color?: string; disabled?: boolean }[];
  defaultValue: string | null;
  tipsMessage: string | null;
  validateMethod: string | null;
  validateTitle: string | null;
  valFormatFun: string | null;
  controlValue: string | null;
  rows: number | null;
  searchType: string | null;
  cgFormatResId: string | null;
  calculate: string | null;
  /** the child table a master-child form's field belongs to (null: the main table) */
  customTable: string | null;
  /** operators a search on this field may use (empty: the field cannot be searched) */
  ops: readonly string[];
}

/** GET /api/cg-format/type/subs/{id}. */
export interface AdminFormat extends FormatSummary {
  version: string;
  formatNameEn: string | null;
  ps: number | null;
  remark: string | null;
  valueResourceSubName: string | null;
  viewResourceSubName: string | null;
  fields: AdminField[];
}

/** POST /api/cg-format-allot/findList: a format's binding to a menu or button entry. */
export interface FormatAllot {
  formatId: string;
  formatCode: string;
  formatName: string;
  formatType: string;
  menuId: string;
  menuName: string;
  menuPath: string | null;
  kind: 'menu' | 'button';
}
