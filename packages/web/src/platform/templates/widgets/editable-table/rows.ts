import { columnSum, formatMoney } from '@wb/protocol';

/**
 * The editable table's row rules (spec sections 2, 5): rows carry a client key; seq is the
 * 1-based order a user sees; every change returns new rows.
 */
export type Row = Record<string, unknown> & { _key: string };

let counter = 0;
export const newRowKey = () => `row-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Stored rows get a client key; seq follows their order. */
export function keyRows(rows: Record<string, unknown>[]): Row[] {
  return rows.map((r) => ({ ...r, _key: typeof r._key === 'string' ? r._key : newRowKey() }));
}

/** seq renumbered from 1 in the order shown (spec: drag reordering renumbers seq from 1). */
export function renumber(rows: Row[]): Row[] {
  return rows.map((r, i) => (r.seq === i + 1 ? r : { ...r, seq: i + 1 }));
}

/** Single-row mode allows a row to be added only while the table is empty. */
export function canAdd(rows: Row[], singleRow: boolean): boolean {
  return !singleRow || rows.length === 0;
}

export function addRow(rows: Row[], blank: Record<string, unknown>, at: 'top' | 'end'): Row[] {
  const row: Row = { ...blank, _key: newRowKey() };
  return renumber(at === 'top' ? [row, ...rows] : [...rows, row]);
}

/** Copies go right after their originals, without the stored id. */
export function copyRows(rows: Row[], keys: string[]): Row[] {
  const out: Row[] = [];
  for (const r of rows) {
    out.push(r);
    if (keys.includes(r._key)) {
      const { id: _id, ...rest } = r;
      out.push({ ...rest, _key: newRowKey() });
    }
  }
  return renumber(out);
}

export function deleteRows(rows: Row[], keys: string[]): Row[] {
  return renumber(rows.filter((r) => !keys.includes(r._key)));
}

/** Moves the row at `from` to position `to` (0-based, clamped), renumbering seq. */
export function moveRow(rows: Row[], from: number, to: number): Row[] {
  if (from < 0 || from >= rows.length) return rows;
  const target = clampOrder(to, rows.length);
  if (target === from) return rows;
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved);
  return renumber(next);
}

/** The sort-order input takes 0 to rows minus one (spec section 5). */
export function clampOrder(value: number, rowCount: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(Math.max(0, Math.round(value)), Math.max(0, rowCount - 1));
}

/** Modes in which deleting child rows asks no confirmation (spec section 5). */
export const NO_DELETE_CONFIRM_MODES = ['xjkyEx', 'xjky', 'xjkyTest'] as const;
export const deleteNeedsConfirm = (mode: string | null | undefined) => !(NO_DELETE_CONFIRM_MODES as readonly string[]).includes(mode ?? '');

/**
 * A column's 合计: the sum (scaled by 1000 and back), shown through the column's format; a format
 * that cannot be applied shows the raw sum (spec section 5). Empty gives 0.
 */
export function columnSummary(rows: Row[], fieldName: string, format: string | null | undefined): string {
  const sum = columnSum(rows.map((r) => r[fieldName]));
  return formatNumber(sum, format);
}

/**
 * Column formats a template may name (cgValFormat.valFormatFun): 'fixed:N' (N decimals),
 * 'thousands' (grouped), 'money' (the one money format: ¥, grouped, 2 decimals), 'percent'. Anything else shows the value
 * as it is, as the spec has a failing format do.
 */
export function formatNumber(value: number, format: string | null | undefined): string {
  const f = (format ?? '').trim();
  const fixed = /^fixed:(\d)$/.exec(f);
  if (fixed) return value.toFixed(Number(fixed[1]));
  if (f === 'thousands') return value.toLocaleString('en-US', { maximumFractionDigits: 3 });
  if (f === 'money') return formatMoney(value);
  if (f === 'percent') return `${(value * 100).toFixed(2)}%`;
  return String(value);
}

/** Booleans read 是 or 否 in a table. */
export function booleanText(value: unknown): string {
  if (value === true || value === 'true' || value === 1) return '是';
  if (value === false || value === 'false' || value === 0) return '否';
  return '';
}
