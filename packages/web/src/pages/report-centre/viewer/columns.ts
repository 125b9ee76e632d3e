import type { ReportColumn, ReportDefinition, ReportField, ReportFieldType, ReportHead } from '@wb/protocol';
import type { Display } from '@/platform/display';
import { plantDateTimeText, plantDayText } from '@/platform/plant-time';
import type { ReportRow } from './api';

/**
 * The viewer's table from a report definition (pure): its shown columns under their multi-level
 * heads, each cell formatted by its kind through the shared display (money, weight in the plant's
 * unit and decimals, unit price, plant time), subtotal rows naming their group.
 */

export interface LeafColumn {
  field: string;
  title: string;
  kind: ReportFieldType;
  width: number;
  align: 'left' | 'center' | 'right';
}

export interface HeadNode { head: string; title: string; children: ColumnNode[] }
export type ColumnNode = LeafColumn | HeadNode;
export const isHead = (n: ColumnNode): n is HeadNode => 'head' in n;

const NUMERIC: ReadonlySet<ReportFieldType> = new Set(['int', 'number', 'weight', 'money', 'price', 'percent']);
export const DEFAULT_WIDTH = 120;

/** The shown columns in order, typed and sized (the reader's width before the report's). */
export function leafColumns(definition: Pick<ReportDefinition, 'columns'>, fields: ReportField[], widths: Record<string, number>, english: boolean): LeafColumn[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  return definition.columns.filter((c: ReportColumn) => !c.hidden && byKey.has(c.field)).map((c) => {
    const kind = c.format ?? byKey.get(c.field)!.type;
    return {
      field: c.field,
      title: english && c.titleEn ? c.titleEn : c.title,
      kind,
      width: widths[c.field] ?? c.width ?? DEFAULT_WIDTH,
      align: c.align ?? (NUMERIC.has(kind) ? 'right' : 'left'),
    };
  });
}

/**
 * The leaves under their heads: a column's head and the head's parents above it, neighbouring
 * columns under the same head sharing one header cell.
 */
export function headTree(leaves: LeafColumn[], definition: Pick<ReportDefinition, 'columns' | 'heads'>, english: boolean): ColumnNode[] {
  const heads = new Map(definition.heads.map((h: ReportHead) => [h.id, h]));
  const headOf = new Map(definition.columns.map((c) => [c.field, c.head]));
  const pathOf = (id: string | undefined): ReportHead[] => {
    const path: ReportHead[] = [];
    const seen = new Set<string>();
    for (let h = id ? heads.get(id) : undefined; h && !seen.has(h.id); h = h.parent ? heads.get(h.parent) : undefined) {
      seen.add(h.id);
      path.unshift(h);
    }
    return path;
  };
  const root: ColumnNode[] = [];
  for (const leaf of leaves) {
    let level = root;
    for (const h of pathOf(headOf.get(leaf.field))) {
      const last = level[level.length - 1];
      if (last && isHead(last) && last.head === h.id) level = last.children;
      else {
        const node: HeadNode = { head: h.id, title: english && h.titleEn ? h.titleEn : h.title, children: [] };
        level.push(node);
        level = node.children;
      }
    }
    level.push(leaf);
  }
  return root;
}

/** A cell's text by its kind. */
export function cellText(kind: ReportFieldType, value: unknown, display: Display): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money': return display.money(value);
    case 'weight': return display.weight(value);
    case 'price': return display.unitPrice(value);
    case 'date': return plantDayText(value);
    case 'datetime': return plantDateTimeText(value);
    case 'percent': return `${String(value)}%`;
    // a count or a plain number as the server computed it (exact decimals, no float rounding)
    default: return String(value);
  }
}

/** What a row's cell shows: a subtotal row's first column names its group. */
export function rowCellText(row: ReportRow, leaf: LeafColumn, first: boolean, display: Display, subtotalWord: string): string {
  if (row.__group && first) return `${subtotalWord} ${row.__group.key}`;
  return cellText(leaf.kind, row[leaf.field], display);
}
