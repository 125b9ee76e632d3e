import {
  DISPLAY_DEFAULTS, EXCEL_MONEY_FORMAT, excelUnitPriceFormat, excelWeightFormat, toDecimal, weightInUnit,
  type DisplayParams, type ReportDefinition, type ReportField, type ReportFieldType, type ReportHead,
} from '@wb/protocol';
import Decimal from 'decimal.js';
import type { ReportDataset } from './dataset';

/**
 * How a report becomes a sheet (pure: no I/O): which columns, their Excel widths and number
 * formats, the style heads as merged header rows, and the cell value of each field kind. The
 * writer (export.ts) streams rows through these.
 */

export type TotalKind = 'sum' | 'avg' | 'count' | 'min' | 'max';

export interface ExportColumn {
  field: string;
  title: string;
  kind: ReportFieldType;
  /** Excel width in characters */
  width: number;
  numFmt?: string;
  align?: 'left' | 'center' | 'right';
  head?: string;
  /** what its totals row and subtotal rows hold; none: left blank */
  total?: TotalKind;
}

const NUMERIC: ReadonlySet<ReportFieldType> = new Set(['int', 'number', 'weight', 'money', 'price', 'percent']);
/** a screen pixel is about a seventh of an Excel character width (Calibri 11) */
const PX_PER_CHAR = 7;
const DEFAULT_WIDTH: Record<ReportFieldType, number> = {
  text: 18, int: 10, number: 12, weight: 12, money: 14, price: 12, percent: 10, date: 12, datetime: 20,
};

/** The Excel number format of a kind: the screens' money, unit price and weight (protocol display.ts), dates as dates. */
export function excelNumberFormat(kind: ReportFieldType, display: DisplayParams = DISPLAY_DEFAULTS): string | undefined {
  switch (kind) {
    case 'money': return EXCEL_MONEY_FORMAT;
    case 'price': return excelUnitPriceFormat(display);
    case 'weight': return excelWeightFormat(display);
    case 'int': return '#,##0';
    case 'percent': return '0.00"%"';
    case 'date': return 'yyyy-mm-dd';
    case 'datetime': return 'yyyy-mm-dd hh:mm:ss';
    default: return undefined;
  }
}

/**
 * The sheet's columns: the definition's shown columns on fields the dataset has, each with its
 * kind (the column's format, else the field's type), width and total (the column's, else a sum
 * where the field says so; a sum or an average of numbers only; never of a grouping field, whose
 * subtotal row names the group instead).
 */
export function exportColumns(
  dataset: Pick<ReportDataset, 'fields'>,
  definition: Pick<ReportDefinition, 'columns' | 'groupBy'>,
  display: DisplayParams = DISPLAY_DEFAULTS,
): ExportColumn[] {
  const fields = new Map<string, ReportField>(dataset.fields.map((f) => [f.key, f]));
  const grouped = new Set(definition.groupBy);
  const out: ExportColumn[] = [];
  for (const c of definition.columns) {
    const f = fields.get(c.field);
    if (!f || c.hidden) continue;
    const kind = c.format ?? f.type;
    let total: TotalKind | undefined;
    const asked = c.total ?? (f.total && NUMERIC.has(f.type) ? 'sum' : 'none');
    if (asked !== 'none' && !grouped.has(c.field) && (NUMERIC.has(f.type) || asked === 'count' || asked === 'min' || asked === 'max')) total = asked;
    const numFmt = excelNumberFormat(kind, display);
    out.push({
      field: c.field, title: c.title, kind,
      width: c.width ? Math.max(4, Math.round(c.width / PX_PER_CHAR)) : DEFAULT_WIDTH[kind],
      ...(numFmt ? { numFmt } : {}), ...(c.align ? { align: c.align } : {}), ...(c.head ? { head: c.head } : {}), ...(total ? { total } : {}),
    });
  }
  return out;
}

export interface HeaderMerge { top: number; left: number; bottom: number; right: number }
export interface HeaderLayout {
  /** the header rows, top first, one cell per column ('' under a merge) */
  rows: string[][];
  /** 1-based sheet coordinates of the merged header cells */
  merges: HeaderMerge[];
}

/** A head's chain from the top level down to itself; an unknown parent or a loop ends it. */
function headChain(id: string | undefined, heads: Map<string, ReportHead>): ReportHead[] {
  const chain: ReportHead[] = [];
  const seen = new Set<string>();
  let at = id ? heads.get(id) : undefined;
  while (at && !seen.has(at.id)) {
    seen.add(at.id);
    chain.unshift(at);
    at = at.parent ? heads.get(at.parent) : undefined;
  }
  return chain;
}

/**
 * The multi-level heads as header rows: a style head spans the adjacent columns under it (merged
 * across), a column's own title fills the rows below its heads (merged down), as the viewer shows it.
 */
export function headerLayout(columns: Pick<ExportColumn, 'title' | 'head'>[], heads: ReportHead[]): HeaderLayout {
  const byId = new Map(heads.map((h) => [h.id, h]));
  const chains = columns.map((c) => headChain(c.head, byId));
  const depth = Math.max(0, ...chains.map((ch) => ch.length)) + 1;
  const rows: string[][] = Array.from({ length: depth }, () => columns.map(() => ''));
  const merges: HeaderMerge[] = [];
  for (let level = 0; level < depth - 1; level++) {
    let c = 0;
    while (c < columns.length) {
      const h = chains[c]![level];
      if (!h) { c++; continue; }
      let end = c;
      while (end + 1 < columns.length && chains[end + 1]![level]?.id === h.id) end++;
      rows[level]![c] = h.title;
      if (end > c) merges.push({ top: level + 1, left: c + 1, bottom: level + 1, right: end + 1 });
      c = end + 1;
    }
  }
  columns.forEach((col, c) => {
    const top = chains[c]!.length;
    rows[top]![c] = col.title;
    if (top < depth - 1) merges.push({ top: top + 1, left: c + 1, bottom: depth, right: c + 1 });
  });
  return { rows, merges };
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let f = wallClockFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    wallClockFormats.set(timeZone, f);
  }
  return f;
}

/** Excel has no zone: a cell holds the plant's wall clock, as a Date whose UTC fields are it. */
export function plantWallClock(at: Date, timeZone: string, dayOnly = false): Date {
  const p: Record<string, number> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return dayOnly ? new Date(Date.UTC(p.year!, p.month! - 1, p.day!)) : new Date(Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!));
}

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What a cell holds for a field's value: a number for figures (a weight in the plant's unit), a date for dates, words as words. */
export function excelCellValue(kind: ReportFieldType, v: unknown, timeZone: string, display: DisplayParams = DISPLAY_DEFAULTS): string | number | Date | null {
  if (v === null || v === undefined || v === '') return null;
  if (kind === 'weight') return weightInUnit(v, display) ?? String(v);
  if (NUMERIC.has(kind)) {
    const d = toDecimal(v);
    return d ? d.toNumber() : String(v);
  }
  if (kind === 'date' || kind === 'datetime') {
    // a plant day ('yyyy-mm-dd', how a date column arrives) is that day whatever the zone
    if (typeof v === 'string' && PLAIN_DAY.test(v)) return new Date(`${v}T00:00:00Z`);
    const at = v instanceof Date ? v : new Date(String(v));
    return Number.isNaN(at.getTime()) ? String(v) : plantWallClock(at, timeZone, kind === 'date');
  }
  return v instanceof Date ? v.toISOString() : String(v);
}

/** One column's running total over the rows of a group or of the whole report. */
interface Accumulator { sum: Decimal; count: number; min: Decimal | null; max: Decimal | null; minText: string | null; maxText: string | null }

const fresh = (): Accumulator => ({ sum: new Decimal(0), count: 0, min: null, max: null, minText: null, maxText: null });

function add(acc: Accumulator, v: unknown): void {
  if (v === null || v === undefined || v === '') return;
  acc.count++;
  const d = toDecimal(v);
  if (d) {
    acc.sum = acc.sum.plus(d);
    if (!acc.min || d.lessThan(acc.min)) acc.min = d;
    if (!acc.max || d.greaterThan(acc.max)) acc.max = d;
  } else {
    const t = v instanceof Date ? v.toISOString() : String(v);
    if (acc.minText === null || t < acc.minText) acc.minText = t;
    if (acc.maxText === null || t > acc.maxText) acc.maxText = t;
  }
}

function result(acc: Accumulator, kind: TotalKind): unknown {
  switch (kind) {
    case 'sum': return acc.sum.toString();
    case 'count': return acc.count;
    case 'avg': return acc.count ? acc.sum.dividedBy(acc.count).toString() : null;
    case 'min': return acc.min?.toString() ?? acc.minText;
    case 'max': return acc.max?.toString() ?? acc.maxText;
  }
}

export interface TotalRow {
  /** 0: the report's totals row; 1..n: a subtotal of the first n grouping fields */
  level: number;
  /** 合计, or the group's values and 小计 */
  label: string;
  values: Record<string, unknown>;
}

const valueText = (v: unknown) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v));

/**
 * Subtotals and totals while rows stream past in group order: `push(row)` answers the subtotal
 * rows that close before this row (deepest group first), `finish()` the last groups' and the
 * totals row. Holds one accumulator per column and level, whatever the row count.
 */
export class StreamingTotals {
  private readonly levels: Accumulator[][];
  private current: string[] | null = null;
  private firstOfGroup: Record<string, unknown> | null = null;

  constructor(private readonly columns: ExportColumn[], private readonly groupBy: string[]) {
    this.levels = Array.from({ length: groupBy.length + 1 }, () => columns.map(fresh));
  }

  get wanted(): boolean {
    return this.columns.some((c) => c.total) || this.groupBy.length > 0;
  }

  push(row: Record<string, unknown>): TotalRow[] {
    const keys = this.groupBy.map((g) => valueText(row[g]));
    const closed: TotalRow[] = [];
    if (this.current) {
      const changedAt = keys.findIndex((k, i) => k !== this.current![i]);
      if (changedAt >= 0) {
        for (let level = this.groupBy.length; level > changedAt; level--) closed.push(this.close(level));
      }
    }
    if (!this.current || closed.length) this.firstOfGroup = row;
    this.current = keys;
    this.columns.forEach((c, i) => {
      if (c.total) for (const acc of this.levels) add(acc[i]!, row[c.field]);
    });
    return closed;
  }

  finish(): TotalRow[] {
    const out: TotalRow[] = [];
    if (this.current) for (let level = this.groupBy.length; level >= 1; level--) out.push(this.close(level));
    if (this.columns.some((c) => c.total)) out.push({ level: 0, label: '合计', values: this.values(0) });
    return out;
  }

  private close(level: number): TotalRow {
    const label = `${this.current!.slice(0, level).map((k) => k || '（空）').join(' / ')} 小计`;
    const values = this.values(level);
    // a subtotal row keeps its group's own values in the grouping columns
    for (const g of this.groupBy.slice(0, level)) values[g] = this.firstOfGroup?.[g] ?? null;
    this.levels[level] = this.columns.map(fresh);
    return { level, label, values };
  }

  private values(level: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.columns.forEach((c, i) => {
      if (c.total) out[c.field] = result(this.levels[level]![i]!, c.total);
    });
    return out;
  }
}
