/**
 * Row selection that survives page changes: the table reports what is ticked on the page it
 * shows; rows of other pages keep their ticks.
 */
export interface Selection<R> {
  keys: string[];
  rows: Record<string, R>;
}

export const EMPTY_SELECTION: Selection<never> = { keys: [], rows: {} };

export function selectOnPage<R>(prev: Selection<R>, pageRows: readonly R[], keyOf: (row: R) => string, tickedKeys: readonly string[]): Selection<R> {
  const onPage = new Set(pageRows.map(keyOf));
  const ticked = new Set(tickedKeys);
  const keys = prev.keys.filter((k) => !onPage.has(k) || ticked.has(k));
  const rows: Record<string, R> = {};
  for (const k of keys) rows[k] = prev.rows[k];
  for (const row of pageRows) {
    const k = keyOf(row);
    if (!ticked.has(k)) continue;
    if (!(k in rows)) keys.push(k);
    rows[k] = row;
  }
  return { keys, rows };
}

export const selectedRows = <R>(s: Selection<R>): R[] => s.keys.map((k) => s.rows[k]);
