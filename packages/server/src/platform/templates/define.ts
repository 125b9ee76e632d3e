import { opsForFieldType, type DisplayKind } from '@wb/protocol';
import type { FieldOption } from '../db/schema';
import type { FieldType, FormatStyle, FormatType, FormSubmitType, SearchType } from './vocabulary';

/**
 * A field as a family declares it: the spec's field-definition properties (section 3), in its
 * camelCase names, plus columnSql, the expression the list engine reads (relative to the main
 * table aliased t). Flags left out take the migration's defaults.
 */
export interface FieldDef {
  fieldName: string;
  fieldExplain: string;
  fieldExplainEn?: string;
  fieldType: FieldType;
  columnSql?: string;
  formSubmitType?: FormSubmitType;
  options?: FieldOption[];
  defaultValue?: string;
  tipsMessage?: string;
  ishow?: boolean;
  ihidden?: boolean;
  iupdate?: boolean;
  irequired?: boolean;
  iallowQuery?: boolean;
  iallowAdvanceQuery?: boolean;
  itotal?: boolean;
  imerge?: boolean;
  isortField?: boolean;
  idefinedSort?: boolean;
  sortMethod?: 'asc' | 'desc';
  columnWidth?: number;
  fixed?: 'left' | 'right';
  calculate?: string;
  customTable?: string;
  classType?: string;
  validateMethod?: string;
  validateTitle?: string;
  valFormatFun?: string;
  controlValue?: string;
  rows?: number;
  searchType?: SearchType;
  /**
   * What the figure is: money (yuan), a unit price (yuan per unit) or a weight (held in tons). Every
   * screen formats the column by it (protocol display.ts); a money, price or weight column must
   * declare it (domain/display-kinds.test.ts).
   */
  displayKind?: DisplayKind;
  /** the popup this field opens (by format code) and what a chosen row fills in */
  resource?: { formatCode: string; map: { masterTable: string; fieldName: string; from: string }[] };
}

export interface TemplateDef {
  formatCode: string;
  formatName: string;
  /** the name in English (the web's English mode) */
  formatNameEn?: string;
  formatType: FormatType;
  formatStyle: FormatStyle;
  mainTable?: string;
  sonTable?: string;
  orgColumn?: string;
  /**
   * The main table's column holding the user who created the row: a role scoped to its own or its
   * department's rows is narrowed by it. Without one the list is not narrowed (a balance has no creator).
   */
  ownerColumn?: string;
  resMethod?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  resUrl?: string;
  treeResUrl?: string;
  treeResMethod?: 'GET' | 'POST';
  ps?: number;
  remark?: string;
  valueResourceSubName?: string;
  viewResourceSubName?: string;
  /** the detail template a row opens, by format code */
  detailCode?: string;
  /** path of the menu entry a list is bound to */
  menuPath?: string;
  /** permission key of the button entry a form is bound to */
  buttonPermission?: string;
  /** the search panel's parameter list */
  params?: unknown[];
  fields: FieldDef[];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Refuses a declaration the list engine could not serve safely or the web could not render: a
 * mistake in a family's templates fails at start, not on a user's screen.
 */
export function checkTemplate(t: TemplateDef): void {
  const where = `template ${t.formatCode}`;
  if (t.formatType === 'LIST' && !t.mainTable) throw new Error(`${where}: a list needs mainTable`);
  for (const name of [t.mainTable, t.sonTable, t.orgColumn, t.ownerColumn]) {
    if (name !== undefined && !IDENTIFIER.test(name)) throw new Error(`${where}: ${name} is not a plain table or column name`);
  }
  const seen = new Set<string>();
  for (const f of t.fields) {
    const at = `${where}, field ${f.fieldName}`;
    if (!FIELD_NAME.test(f.fieldName)) throw new Error(`${at}: not a plain name`);
    if (seen.has(f.fieldName)) throw new Error(`${at}: declared twice`);
    seen.add(f.fieldName);
    const reads = f.iallowQuery || f.iallowAdvanceQuery || f.isortField || f.itotal || f.idefinedSort;
    if (reads && !f.columnSql) throw new Error(`${at}: searched, sorted or totalled but has no columnSql`);
    if ((f.iallowQuery || f.iallowAdvanceQuery) && opsForFieldType(f.fieldType).length === 0) {
      throw new Error(`${at}: a ${f.fieldType} field cannot be searched`);
    }
    if (f.displayKind && f.fieldType !== 'NUMBER') throw new Error(`${at}: only a NUMBER field has a display kind`);
    if (f.itotal && f.fieldType !== 'NUMBER') throw new Error(`${at}: only a NUMBER field can be totalled`);
    if (f.idefinedSort && !f.isortField) throw new Error(`${at}: a default sort field must be sortable`);
  }
}

export function defineTemplate(t: TemplateDef): TemplateDef {
  checkTemplate(t);
  return t;
}

/** A list screen: read through the list engine from mainTable, bound to its menu. */
export function defineListTemplate(
  t: Omit<TemplateDef, 'formatType' | 'formatStyle' | 'resMethod'> & { formatStyle?: 'FORMAT_LIST_BASE' | 'FORMAT_TREE_LIST' | 'FORMAT_LIST_ANNOUNCEMENT' | 'FORMAT_LIST_MENU_CONFIGURATION' },
): TemplateDef {
  return defineTemplate({ formatStyle: 'FORMAT_LIST_BASE', ...t, formatType: 'LIST', resMethod: 'POST' });
}
