import { useState, type ComponentType, type ReactNode } from 'react';
import { FORMAT_STYLE } from '@wb/protocol';
import { columnsOf, type FormColumns } from '../form/rules/layout';
import { UnknownStyle } from './UnknownStyle';
import { AnnouncementBoard } from '../widgets/announcement/AnnouncementBoard';
import { MenuTiles } from '../widgets/menu-configuration/MenuTiles';

/*
 * One layout per formatStyle (DESIGN section 4), keyed by the template's value, as the field
 * widgets are keyed by formSubmitType. A layout arranges the parts its container hands it; the
 * container keeps the parts, so each keeps its code in its own chunk (a list page does not load the
 * form's widgets, nor the resource popup's table).
 */

/** A list screen's parts: the tree of nodes beside it and the buttons, search and table. */
export interface ListParts {
  tree: ReactNode;
  main: ReactNode;
  /** the rows of the page shown (the table modes show them their own way beside the table) */
  rows?: readonly Record<string, unknown>[];
}

/** A form's parts: its fields in a number of columns; the main fields above the child table, when it has one. */
export interface FormParts {
  fields(columns: FormColumns): ReactNode;
  childTable?: ReactNode;
}

/** A detail popup's parts: the record's fields, the child rows, and the record with its rows on tabs. */
export interface DetailParts {
  fields(columns: number): ReactNode;
  rows: ReactNode;
  tabs: ReactNode;
}

/** A resource popup's parts: the tree and the table to choose from, and a tree that narrows the table. */
export interface ResourceParts {
  choiceTree: ReactNode;
  choiceTable(treeId: string | null): ReactNode;
  narrowingTree(onNode: (treeId: string | null) => void): ReactNode;
}

interface Containers {
  list: ListParts;
  form: FormParts;
  detail: DetailParts;
  resource: ResourceParts;
}
export type Container = keyof Containers;

/** A layout gets its container's parts and the style it was chosen for. */
export type Layout<C extends Container> = ComponentType<Containers[C] & { style: string }>;

interface StyleLayouts {
  list?: Layout<'list'>;
  form?: Layout<'form'>;
  detail?: Layout<'detail'>;
  resource?: Layout<'resource'>;
  /** the width of the dialog a form or a resource popup of this style opens in (spec section 9) */
  width?: string;
}

const PlainList: Layout<'list'> = ({ main }) => main;
// table mode Announcement: the page's announcements as the home page's board shows them, above the table
const AnnouncementList: Layout<'list'> = ({ main, rows }) => (
  <>
    <div className="wb-list-board">
      <AnnouncementBoard rows={rows ?? []} preview />
    </div>
    {main}
  </>
);
// table mode Menu_Configuration: the rows are menu pages, shown as the tiles they make, above the table
const MenuConfigurationList: Layout<'list'> = ({ main, rows }) => (
  <>
    <MenuTiles rows={rows ?? []} />
    {main}
  </>
);
const TreeList: Layout<'list'> = ({ tree, main }) => (
  <>
    {tree}
    {main}
  </>
);

// "4 columns" counts labels and inputs: two fields on a row of a four-column form, four on an eight
const FieldsForm: Layout<'form'> = ({ style, fields }) => fields(columnsOf(style));
// a container without a child table (the tree-with-form page) shows every field in eight columns
const MasterChildForm: Layout<'form'> = ({ style, fields, childTable }) => childTable ?? fields(columnsOf(style));

const FieldsDetail: Layout<'detail'> = ({ style, fields }) => fields(columnsOf(style));
const MasterChildDetail: Layout<'detail'> = ({ style, fields, rows }) => (
  <>
    {fields(columnsOf(style))}
    {rows}
  </>
);
const TabDetail: Layout<'detail'> = ({ tabs }) => tabs;

const TreeResource: Layout<'resource'> = ({ choiceTree }) => choiceTree;
const QueryResource: Layout<'resource'> = ({ choiceTable }) => choiceTable(null);
function TreeQueryResource({ choiceTable, narrowingTree }: ResourceParts) {
  // the tree narrows the table; the table's rows are what is chosen
  const [treeId, setTreeId] = useState<string | null>(null);
  return (
    <div className="wb-resource-split">
      {narrowingTree(setTreeId)}
      {choiceTable(treeId)}
    </div>
  );
}

export const LAYOUTS: Record<(typeof FORMAT_STYLE)[keyof typeof FORMAT_STYLE], StyleLayouts> = {
  FORMAT_LIST_BASE: { list: PlainList },
  FORMAT_TREE_LIST: { list: TreeList },
  FORMAT_LIST_ANNOUNCEMENT: { list: AnnouncementList },
  FORMAT_LIST_MENU_CONFIGURATION: { list: MenuConfigurationList },
  FORMAT_FOUR_COLUMN_FROM: { form: FieldsForm, detail: FieldsDetail, width: '60%' },
  FORMAT_EIGHT_COLUMN_FROM: { form: FieldsForm, detail: FieldsDetail, width: '80%' },
  FORMAT_MASTER_CHILD_FROM: { form: MasterChildForm, detail: MasterChildDetail, width: '80%' },
  FORMAT_TAB_FROM: { form: FieldsForm, detail: TabDetail, width: '80%' },
  FORMAT_RESOURCE_QUERY_DATALIST: { resource: QueryResource, width: '75%' },
  FORMAT_RESOURCE_TREE: { resource: TreeResource, width: '35%' },
  FORMAT_RESOURCE_TREE_QUERY_DATALIST: { resource: TreeQueryResource, width: '75%' },
};

const Unknown: Layout<Container> = ({ style }) => <UnknownStyle style={style} />;

/**
 * What a container shows for a style it has no layout for: a list its plain table and a form its
 * fields in four columns, as they always have; a popup says the style is not supported.
 */
const FALLBACK: { [C in Container]: Layout<C> } = { list: PlainList, form: FieldsForm, detail: Unknown, resource: Unknown };
const FALLBACK_WIDTH = { form: '80%', resource: '75%' };

const known = (style: string | null | undefined): StyleLayouts | undefined =>
  style && Object.hasOwn(LAYOUTS, style) ? LAYOUTS[style as keyof typeof LAYOUTS] : undefined;

export function layoutOf<C extends Container>(container: C, style: string | null | undefined): Layout<C> {
  return (known(style)?.[container] as Layout<C> | undefined) ?? FALLBACK[container];
}

/** The width of the dialog a form or a resource popup of this style opens in. */
export function dialogWidthOf(container: 'form' | 'resource', style: string | null | undefined): string {
  return known(style)?.width ?? FALLBACK_WIDTH[container];
}
