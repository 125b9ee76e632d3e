import type { Caller } from '../auth/guard';
import type { Insertable } from 'kysely';
import type { Database } from '../db/pool';
import type { DB } from '../db/schema';

export interface LogEntry {
  orgId: string | null;
  userId: string | null;
  username: string | null;
  action: string;
  /** the family's word (供应商, 采购磅单) when the entry is about a document */
  family?: string | null;
  /** the document's number (or code), so "who changed this ticket" is one search */
  docNo?: string | null;
  /** what changed: a short before/after of the figures, a reason */
  detail?: string | null;
  ip?: string | null;
}

/** Who did it, as the log records them: a request's caller, or a bare user in a test or a job. */
export type Actor = Pick<Caller, 'orgId' | 'userId'> & Partial<Pick<Caller, 'username' | 'ip'>>;

/** What a change says of itself; the actor and the time are added by whoever writes it. */
export interface ChangeNote {
  action: string;
  family?: string;
  docNo?: string | null;
  detail?: string | null;
}

/** The log keeps a short account: a long list of changes is cut, never the entry. */
const DETAIL_LIMIT = 2000;

export const entryOf = (who: Actor, note: ChangeNote): LogEntry => ({
  orgId: who.orgId,
  userId: who.userId,
  username: who.username ?? null,
  ip: who.ip ?? null,
  action: note.action,
  family: note.family ?? null,
  docNo: note.docNo ?? null,
  detail: note.detail == null ? null : note.detail.length > DETAIL_LIMIT ? `${note.detail.slice(0, DETAIL_LIMIT - 1)}…` : note.detail,
});

/**
 * Appends to the operation log; the caller's organisation scopes who may read it. Pass the
 * change's own transaction, so a change that rolls back leaves no entry.
 */
export async function writeLog(db: Database, entry: LogEntry): Promise<void> {
  await writeLogs(db, [entry]);
}

/** Several entries in one statement (a batch action: one entry per document). */
export async function writeLogs(db: Database, entries: LogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insertInto('sys_log').values(entries.map(logRow)).execute();
}

/** An entry as its sys_log row: for a change that folds its entry into a statement it writes anyway (a weighing). */
export const logRow = (entry: LogEntry): Insertable<DB['sys_log']> => ({
  org_id: entry.orgId,
  user_id: entry.userId,
  username: entry.username,
  action: entry.action,
  family: entry.family ?? null,
  doc_no: entry.docNo ?? null,
  detail: entry.detail ?? null,
  ip: entry.ip ?? null,
});
