import type { Database } from '../../../platform/db/pool';
import type { ClientLogEntry } from './rules';

type Who = { orgId: string; userId: string; username: string };

export async function insertClientLogs(db: Database, who: Who, at: { ip: string; userAgent: string | null }, entries: (ClientLogEntry & { type: string })[]): Promise<number> {
  const rows = await db.insertInto('sys_admin_log').values(entries.map((e) => ({
    org_id: who.orgId, user_id: who.userId, username: who.username, type: e.type, title: e.message, url: e.url ?? null,
    stack: e.stack ?? null, info: e.info ?? null, user_agent: at.userAgent?.slice(0, 500) ?? null, ip: at.ip, occurred_at: e.time ?? null,
  }))).returning('id').execute();
  return rows.length;
}

const columns = ['id', 'type', 'title', 'url', 'stack', 'info', 'user_agent as userAgent', 'username', 'ip', 'occurred_at as occurredAt', 'created_at as createDate'] as const;

/** The company's browser log, newest first, a page at a time (the existing client's page call). */
export async function clientLogPage(db: Database, orgId: string, q: { current: number; size: number; type?: string }) {
  let base = db.selectFrom('sys_admin_log').where('org_id', '=', orgId);
  if (q.type) base = base.where('type', '=', q.type);
  const [list, total] = await Promise.all([
    base.select(columns).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.size).offset((q.current - 1) * q.size).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(total.n), current: q.current, size: q.size };
}

export async function clientLogById(db: Database, orgId: string, id: string) {
  return db.selectFrom('sys_admin_log').select(columns).where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

/** Deletes the company's entries among ids, answering what was deleted (for the log entry). */
export async function deleteClientLogs(db: Database, orgId: string, ids: string[]): Promise<{ id: string; title: string }[]> {
  return db.deleteFrom('sys_admin_log').where('org_id', '=', orgId).where('id', 'in', ids).returning(['id', 'title']).execute();
}
