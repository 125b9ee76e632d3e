import type { Database } from '../db/pool';

export interface LogEntry {
  orgId: string | null;
  userId: string | null;
  username: string | null;
  action: string;
  detail?: string | null;
  ip?: string | null;
}

/** Appends to the operation log; the caller's organisation scopes who may read it. */
export async function writeLog(db: Database, entry: LogEntry): Promise<void> {
  await db
    .insertInto('sys_log')
    .values({
      org_id: entry.orgId,
      user_id: entry.userId,
      username: entry.username,
      action: entry.action,
      detail: entry.detail ?? null,
      ip: entry.ip ?? null,
    })
    .execute();
}
