/**
 * The words a template is made of (spec section 3), as the migration's CHECK constraints allow
 * them. The web renders one component per formatStyle and per formSubmitType, keyed by these.
 */
export const FORMAT_TYPES = ['LIST', 'FORM', 'RESOURCE', 'SEARCH'] as const;
export type FormatType = (typeof FORMAT_TYPES)[number];

export const FORMAT_STYLES = [
  'FORMAT_LIST_BASE', 'FORMAT_TREE_LIST', 'FORMAT_FOUR_COLUMN_FROM', 'FORMAT_EIGHT_COLUMN_FROM',
  'FORMAT_MASTER_CHILD_FROM', 'FORMAT_TAB_FROM', 'FORMAT_RESOURCE_QUERY_DATALIST', 'FORMAT_RESOURCE_TREE',
  'FORMAT_RESOURCE_TREE_QUERY_DATALIST',
] as const;
export type FormatStyle = (typeof FORMAT_STYLES)[number];

export const FIELD_TYPES = ['TEXT', 'DATE', 'TIME', 'LINK', 'BUTTON', 'TAG', 'BOOLEAN', 'ENUM', 'NUMBER', 'CHAR', 'TXT', 'JSON'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FORM_SUBMIT_TYPES = [
  'ONE_TXT', 'MORE_TXT', 'TEXTAREA', 'TEXTAREA_SENTENCE', 'NUMBER', 'SELECT', 'SELECT_MORE', 'SELECT_ONE_TXT',
  'SINGLE_ELECTION', 'MULTIPLE_SELECTION', 'BOOLEAN', 'AUTO_COMPLETE', 'SEARCH_AUTOMATIC', 'RESOURCE_CONTROLS',
  'RESOURCE_CONTROLS_MORE', 'RESOURCE_CONTROLS_MORE_FOLD', 'RESOURCE_NONE', 'DETAIL_RESOURCE_CONTROLS', 'CALCULATE',
  'DATA_BOX', 'DATA_BOX_TIM', 'DATA_RANGE_BOX', 'DATA_RANGE_BOX_TIM', 'TIME_BOX_TIM', 'TIME_RANGE_BOX',
  'DEFAULT_VALUE', 'IMG_VIEW',
] as const;
export type FormSubmitType = (typeof FORM_SUBMIT_TYPES)[number];

export const SEARCH_TYPES = [
  'input', 'comboxSingle', 'comboxMultiline', 'datePicker', 'dateTimePicker', 'datePickerRange', 'dateTimePickerRange',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
