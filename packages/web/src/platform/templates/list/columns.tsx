import type { ColumnType } from 'antd/es/table';
import { DISPLAY_DEFAULTS, weightUnitLabel, type DisplayParams, type FieldDefinition, type SortKey } from '@wb/protocol';
import { displayKindOf, withUnit } from '../../display/format';
import { cellText } from './cell-value';
import { CellTag } from './CellTag';
import { fieldLabel, withOptionLabels } from './field-label';

export type Row = Record<string, unknown>;

/** Columns the table shows: ishow and not ihidden, in seq order. */
export const shownFields = (fields: readonly FieldDefinition[]) =>
  fields.filter((f) => f.ishow && !f.ihidden).sort((a, b) => a.seq - b.seq);

const ORDER = { asc: 'ascend', desc: 'descend' } as const;

/**
 * The table's columns from the template (built once per template, language and sort: a page of
 * 100 rows must render quickly, so cells do no work beyond a lookup).
 */
/** A column the template gives no width. */
export const DEFAULT_COLUMN_WIDTH = 120;
/** The selection column. */
export const SELECTION_WIDTH = 40;

/**
 * The table's full width from the template's column widths. With it the layout is fixed: column
 * widths no longer follow a page's content, so new rows do not make the table measure and render twice.
 */
export function tableWidth(fields: readonly FieldDefinition[]): number {
  return shownFields(fields).reduce((sum, f) => sum + (f.columnWidth ?? DEFAULT_COLUMN_WIDTH), SELECTION_WIDTH);
}

/** What a LINK cell does when clicked: opens the row's detail (the list's detail template). */
export type OpenLink = (field: FieldDefinition, row: Row) => void;

export function buildColumns(fields: readonly FieldDefinition[], english: boolean, sort: SortKey | null, yesNo: { yes: string; no: string }, onLink?: OpenLink, display?: DisplayParams): ColumnType<Row>[] {
  return shownFields(fields).map((shown) => withOptionLabels(shown, english)).map((f) => ({
    key: f.fieldName,
    dataIndex: f.fieldName,
    // a weight's title names the plant's unit (净重(千克) where the plant weighs in kg)
    title: displayKindOf(f) === 'weight' ? withUnit(fieldLabel(f, english), { unitLabel: weightUnitLabel(display ?? DISPLAY_DEFAULTS, english ? 'en' : 'zh') }) : fieldLabel(f, english),
    width: f.columnWidth ?? DEFAULT_COLUMN_WIDTH,
    fixed: f.fixed ?? undefined,
    ellipsis: true,
    align: f.fieldType === 'NUMBER' ? ('right' as const) : undefined,
    sorter: f.isortField,
    // default sort direction desc (spec section 9): the first click sorts newest or largest first
    sortDirections: f.isortField ? (['descend', 'ascend'] as const).slice() : undefined,
    sortOrder: sort?.key === f.fieldName ? ORDER[sort.dir] : null,
    render: (value: unknown, row: Row) => {
      const shown = cellText(f, value, yesNo, display);
      if (shown.kind === 'tag') return <CellTag label={shown.label} color={shown.color} />;
      // a plain anchor, like the other cells: a page of 100 rows must render quickly
      if (f.fieldType === 'LINK' && onLink && shown.text) return <a className="wb-cell-link" data-link={f.fieldName} onClick={() => onLink(f, row)}>{shown.text}</a>;
      return shown.text;
    },
  }));
}
