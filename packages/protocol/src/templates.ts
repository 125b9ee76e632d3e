import type { DisplayKind } from './display';

/**
 * Templates as the server sends them and the web renders them (spec section 3: format/template,
 * field definition, popup resource template): the spec's camelCase property names. How a list
 * reads its table (column_sql, org_column) stays on the server.
 */

/** One choice of an ENUM, TAG or BOOLEAN field; color is an antd tag colour. */
export interface FieldOption {
  value: string | number | boolean;
  label: string;
  /** the label in English (the web's English mode); the Chinese label stands in where there is none */
  labelEn?: string;
  color?: string;
  disabled?: boolean;
}

export interface FieldDefinition {
  id: string;
  fieldName: string;
  fieldExplain: string;
  fieldExplainEn: string | null;
  fieldType: string;
  formSubmitType: string | null;
  options: FieldOption[];
  defaultValue: string | null;
  tipsMessage: string | null;
  seq: number;
  ishow: boolean;
  ihidden: boolean;
  iupdate: boolean;
  irequired: boolean;
  iallowQuery: boolean;
  iallowAdvanceQuery: boolean;
  itotal: boolean;
  imerge: boolean;
  isortField: boolean;
  idefinedSort: boolean;
  sortMethod: 'asc' | 'desc' | null;
  columnWidth: number | null;
  fixed: 'left' | 'right' | null;
  calculate: string | null;
  customTable: string | null;
  classType: string | null;
  cgValidate: { validateMethod: string; validateTitle: string | null } | null;
  cgValFormat: { valFormatFun: string } | null;
  cgFormatResId: string | null;
  controlValue: string | null;
  rows: number | null;
  searchType: string | null;
  /** what the figure is (money, unit price, weight): how every screen formats it (display.ts formatByKind) */
  displayKind?: DisplayKind | null;
}

export interface FormatDefinition {
  id: string;
  formatCode: string;
  formatName: string;
  /** the name in English; null where none is set (the web then shows formatName) */
  formatNameEn?: string | null;
  formatType: string;
  formatStyle: string;
  /** the spec's spelling: main and child table names */
  opations: { main: string | null; son: string | null };
  resMethod: string | null;
  resUrl: string | null;
  treeResUrl: string | null;
  treeResMethod: string | null;
  ps: number | null;
  remark: string | null;
  valueResourceSubName: string | null;
  viewResourceSubName: string | null;
  detail_id: string | null;
  menuId: string | null;
  buttonMenuId: string | null;
  formSubList: FieldDefinition[];
  listSubList: FieldDefinition[];
}

/** A popup field mapping: the form's field fieldSub1 takes the chosen row's field fieldSub2. */
export interface FieldMapping {
  fieldSub1: { masterTable: string | null; fieldName: string };
  fieldSub2: { fieldName: string };
}

/** GET /api/cg-format/res/{cgFormatResId}: the popup's template, its mapping and its fixed search. */
export interface ResourceTemplate extends FormatDefinition {
  mapData: FieldMapping[];
  search: unknown[];
}

/** GET /api/cg-format/param/{tplId}. */
export interface TemplateParams {
  paramList: unknown[];
  cgFormatParamId: string | null;
}

/** Format styles (DESIGN section 4) the renderers key on. */
export const FORMAT_STYLE = {
  listBase: 'FORMAT_LIST_BASE',
  treeList: 'FORMAT_TREE_LIST',
  fourColumn: 'FORMAT_FOUR_COLUMN_FROM',
  eightColumn: 'FORMAT_EIGHT_COLUMN_FROM',
  masterChild: 'FORMAT_MASTER_CHILD_FROM',
  tab: 'FORMAT_TAB_FROM',
  resourceQuery: 'FORMAT_RESOURCE_QUERY_DATALIST',
  resourceTree: 'FORMAT_RESOURCE_TREE',
  resourceTreeQuery: 'FORMAT_RESOURCE_TREE_QUERY_DATALIST',
  /** table mode Announcement: the page's rows shown as the home page's board shows them, beside the table */
  announcement: 'FORMAT_LIST_ANNOUNCEMENT',
  /** table mode Menu_Configuration: the rows are menu pages, chosen in the menu's own tree */
  menuConfiguration: 'FORMAT_LIST_MENU_CONFIGURATION',
} as const;

/**
 * A FORMAT_TREE_LIST screen sends the chosen node of its tree (loaded from treeResUrl) as this
 * key of the list request's `param`; the family's list route reads it to narrow the rows to the
 * node and its descendants.
 */
export const TREE_NODE_PARAM = 'treeId';
