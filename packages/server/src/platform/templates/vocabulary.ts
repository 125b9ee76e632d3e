import { ADMIN_FORM_SUBMIT_TYPES, ADMIN_FORMAT_TYPES, ADMIN_SEARCH_TYPES } from '@wb/protocol';

/**
 * The words a template is made of (spec section 3), as the migration's CHECK constraints allow
 * them. The web renders one component per formatStyle and per formSubmitType, keyed by these.
 */
export const FORMAT_TYPES = ADMIN_FORMAT_TYPES;
export type FormatType = (typeof FORMAT_TYPES)[number];

export const FORMAT_STYLES = [
  'FORMAT_LIST_BASE', 'FORMAT_TREE_LIST', 'FORMAT_FOUR_COLUMN_FROM', 'FORMAT_EIGHT_COLUMN_FROM',
  'FORMAT_MASTER_CHILD_FROM', 'FORMAT_TAB_FROM', 'FORMAT_RESOURCE_QUERY_DATALIST', 'FORMAT_RESOURCE_TREE',
  'FORMAT_RESOURCE_TREE_QUERY_DATALIST',
  // the list screen's table modes (spec section 3): the announcement board and the menu configuration
  'FORMAT_LIST_ANNOUNCEMENT', 'FORMAT_LIST_MENU_CONFIGURATION',
] as const;
export type FormatStyle = (typeof FORMAT_STYLES)[number];

export const FIELD_TYPES = ['TEXT', 'DATE', 'TIME', 'LINK', 'BUTTON', 'TAG', 'BOOLEAN', 'ENUM', 'NUMBER', 'CHAR', 'TXT', 'JSON'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FORM_SUBMIT_TYPES = ADMIN_FORM_SUBMIT_TYPES;
export type FormSubmitType = (typeof FORM_SUBMIT_TYPES)[number];

export const SEARCH_TYPES = ADMIN_SEARCH_TYPES;
export type SearchType = (typeof SEARCH_TYPES)[number];
