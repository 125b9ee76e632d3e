import type { ReportDataset } from '../../platform/reports/dataset';
import type { ReportDefinition, ReportFieldType } from '@wb/protocol';
import type { CellKind, DocColumn, DocRow, TableDocument } from '../../platform/print/document';
import type { ReportResult } from '../../platform/reports/run';
import type { ReportRow } from '../../platform/reports/rules';

/** The report centre's pure rules: widths asked for, the print document of a run. */

export const WIDTH_MIN = 40;
export const WIDTH_MAX = 800;

/** A reader's width for a column: one of the report's shown columns, 40 to 800 px. */
export function widthRefusal(definition: Pick<ReportDefinition, 'columns'>, body: unknown): { message: string; field: string } | { field: string; width: number } {
  const { field, width } = (body ?? {}) as { field?: unknown; width?: unknown };
  if (typeof field !== 'string' || !field) return { message: '列 field 不能为空', field: 'field' };
  if (!definition.columns.some((c) => c.field === field)) return { message: `报表没有「${field.slice(0, 40)}」这一列`, field: 'field' };
  if (typeof width !== 'number' || !Number.isInteger(width) || width < WIDTH_MIN || width > WIDTH_MAX) {
    return { message: `列宽 width 应为 ${WIDTH_MIN} 至 ${WIDTH_MAX} 之间的整数`, field: 'width' };
  }
  return { field, width };
}

const KIND: Record<ReportFieldType, CellKind> = {
  text: 'text', int: 'number', number: 'number', weight: 'weight', money: 'money', price: 'price', percent: 'number', date: 'date', datetime: 'time',
};

/** The columns a report prints: its shown columns, typed by their format or their field's type, under their heads. */
export function printColumns(dataset: Pick<ReportDataset, 'fields'>, definition: Pick<ReportDefinition, 'columns' | 'heads'>, widths: Record<string, number> = {}): DocColumn[] {
  const fields = new Map(dataset.fields.map((f) => [f.key, f]));
  const heads = new Map(definition.heads.map((h) => [h.id, h]));
  const headPath = (id: string | undefined): string[] => {
    const path: string[] = [];
    for (let h = id ? heads.get(id) : undefined, n = 0; h && n < 10; h = h.parent ? heads.get(h.parent) : undefined, n++) path.unshift(h.title);
    return path;
  };
  return definition.columns.filter((c) => !c.hidden && fields.has(c.field)).map((c) => ({
    key: c.field,
    // a multi-level head prints as its path: 本日/净重
    header: [...headPath(c.head), c.title].join('/'),
    kind: KIND[c.format ?? fields.get(c.field)!.type],
    width: Math.max(12, Math.round((widths[c.field] ?? c.width ?? 100) / 4)),
  }));
}

/** A run as a print document: title, parameters as facts, rows with subtotal rows, totals row. */
export function reportDocument(args: {
  definition: ReportDefinition;
  columns: DocColumn[];
  result: ReportResult;
  facts: [string, string][];
  letterhead: TableDocument['letterhead'];
  display: TableDocument['display'];
  footer?: string;
  /** the rows were cut at the print's limit */
  cut?: boolean;
}): TableDocument {
  const { definition, columns, result } = args;
  const first = columns[0]?.key;
  const strong = new Set<number>();
  const rows: DocRow[] = result.list.map((r: ReportRow, i) => {
    const row: DocRow = {};
    for (const c of columns) row[c.key] = r[c.key] as DocRow[string];
    if (r.__group) {
      strong.add(i);
      if (first) row[first] = `小计 ${r.__group.key}`;
    }
    return row;
  });
  const totals: DocRow = {};
  for (const c of columns) totals[c.key] = result.totals[c.key] as DocRow[string];
  if (first) totals[first] = `合计（${result.total} 行）`;
  return {
    title: definition.name,
    subtitle: definition.page.subtitle,
    letterhead: args.letterhead,
    facts: args.facts,
    columns,
    rows,
    strongRows: strong,
    totals,
    notes: [
      ...(args.cut ? [['说明', `仅打印前 ${result.list.filter((r) => !r.__group).length} 行，共 ${result.total} 行；请导出 Excel 查看全部`] as [string, string]] : []),
      ...(result.truncated ? [['数据已截断', `数据源报表最多读取 ${result.rowCap} 行，超出的行未列入`] as [string, string]] : []),
    ],
    signatures: [],
    page: { size: definition.page.size, orientation: definition.page.orientation },
    footer: args.footer,
    display: args.display,
  };
}
