/** One announcement as the board shows it, read from a board row or a list row. */
export interface BoardEntry {
  id: string;
  title: string;
  body: string;
  level: string | null;
  publisher: string;
  publishFrom: string;
  publishTo: string;
  pinned: boolean;
  /** undefined where the rows carry no read state (the administrator's list) */
  read?: boolean;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Rows of the board call or of the announcement list (the list names the window publishFrom / publishTo too). */
export function toBoardEntries(rows: readonly Record<string, unknown>[]): BoardEntry[] {
  return rows
    .filter((r) => r.id !== undefined && r.id !== null)
    .map((r) => ({
      id: text(r.id),
      title: text(r.title),
      body: text(r.body),
      level: r.level === undefined || r.level === null ? null : text(r.level),
      publisher: text(r.publisher),
      publishFrom: text(r.publishFrom),
      publishTo: text(r.publishTo),
      pinned: r.pinned === true || r.pinned === 'true',
      ...(typeof r.read === 'boolean' ? { read: r.read } : {}),
    }));
}

const COLORS: Record<string, string> = { URGENT: 'red', IMPORTANT: 'orange', NORMAL: 'default' };
export const levelColor = (level: string) => COLORS[level] ?? 'default';

/** How many of the entries the user has not read: the board's badge. */
export const unreadCount = (entries: readonly BoardEntry[]) => entries.filter((e) => e.read === false).length;
