import { sql, type Kysely, type RawBuilder } from 'kysely';
import type {
  CcRow, DoneRow, InstanceStatus, MineRow, TodoRow, WorkflowAction, WorkflowCounts, WorkflowListBody, WorkflowNotification,
} from '@wb/protocol';
import type { DB } from '../../platform/db/schema';
import type { Registry } from './registry';

/**
 * 我的待办 / 我的已办 / 我发起的 / 抄送我的, their counts, and the in-app notifications: each the
 * caller's own rows in the session's company, newest first, paged.
 */
type Me = { userId: string; orgId: string };
type Page = { page: number; limit: number; docType?: string | null; keyword?: string | null };

interface BaseRow {
  instance_id: string; doc_type: string; doc_id: string; doc_no: string | null; title: string; initiator_name: string;
  started_at: Date; status: InstanceStatus; current_step_name: string | null; total: string;
}

const BASE = sql`i.id::text AS instance_id, i.doc_type, i.doc_id::text AS doc_id, i.doc_no, i.title, ini.real_name AS initiator_name,
  i.started_at, i.status, f.definition->'steps'->(i.current_step)->>'name' AS current_step_name, count(*) OVER () AS total`;
const JOINS = sql`JOIN sys_user ini ON ini.id = i.initiator_id JOIN wf_flow f ON f.id = i.flow_id`;

function filters(p: Page): RawBuilder<unknown> {
  const parts = [sql`TRUE`];
  if (p.docType) parts.push(sql`i.doc_type = ${p.docType}`);
  if (p.keyword) {
    const like = `%${p.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(i.title ILIKE ${like} OR i.doc_no ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

const iso = (d: Date) => d.toISOString();
const paging = (p: Page) => sql`LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`;

function base(registry: Registry, r: BaseRow) {
  const decl = registry.get(r.doc_type);
  return {
    instanceId: r.instance_id, docType: r.doc_type, docTypeName: decl?.name ?? r.doc_type, docTypeNameEn: decl?.nameEn ?? r.doc_type,
    docId: r.doc_id, docNo: r.doc_no, title: r.title, initiatorName: r.initiator_name, startedAt: iso(r.started_at), status: r.status,
    currentStepName: r.current_step_name,
  };
}

const reply = <T>(rows: BaseRow[], list: T[]) => ({ list, total: rows.length ? Number(rows[0].total) : 0 });

export async function todoList(db: Kysely<DB>, registry: Registry, me: Me, p: Page) {
  const { rows } = await sql<BaseRow & { task_id: string; step_name: string; waiting_since: Date }>`
    SELECT ${BASE}, t.id::text AS task_id, f.definition->'steps'->(t.step_idx)->>'name' AS step_name, t.created_at AS waiting_since
      FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id ${JOINS}
     WHERE t.user_id = ${me.userId} AND t.org_id = ${me.orgId} AND t.status = 'pending' AND i.status = 'running' AND ${filters(p)}
     ORDER BY t.created_at DESC, t.id DESC ${paging(p)}`.execute(db);
  return reply(rows, rows.map((r): TodoRow => ({ ...base(registry, r), taskId: r.task_id, stepName: r.step_name, waitingSince: iso(r.waiting_since) })));
}

const DONE_ACTIONS = sql`('approve', 'reject', 'transfer', 'addSigner')`;

export async function doneList(db: Kysely<DB>, registry: Registry, me: Me, p: Page) {
  const { rows } = await sql<BaseRow & { my_action: WorkflowAction; my_action_at: Date; my_comment: string | null }>`
    WITH mine AS (
      SELECT DISTINCT ON (a.instance_id) a.instance_id, a.action, a.at, a.comment FROM wf_action a
       WHERE a.user_id = ${me.userId} AND a.org_id = ${me.orgId} AND a.action IN ${DONE_ACTIONS}
       ORDER BY a.instance_id, a.id DESC)
    SELECT ${BASE}, m.action AS my_action, m.at AS my_action_at, m.comment AS my_comment
      FROM mine m JOIN wf_instance i ON i.id = m.instance_id ${JOINS}
     WHERE ${filters(p)} ORDER BY m.at DESC, i.id DESC ${paging(p)}`.execute(db);
  return reply(rows, rows.map((r): DoneRow => ({ ...base(registry, r), myAction: r.my_action, myActionAt: iso(r.my_action_at), myComment: r.my_comment })));
}

export async function mineList(db: Kysely<DB>, registry: Registry, me: Me, p: Page) {
  const { rows } = await sql<BaseRow & { finished_at: Date | null }>`
    SELECT ${BASE}, i.finished_at FROM wf_instance i ${JOINS}
     WHERE i.initiator_id = ${me.userId} AND i.org_id = ${me.orgId} AND ${filters(p)}
     ORDER BY i.started_at DESC, i.id DESC ${paging(p)}`.execute(db);
  return reply(rows, rows.map((r): MineRow => ({ ...base(registry, r), finishedAt: r.finished_at ? iso(r.finished_at) : null })));
}

export async function ccList(db: Kysely<DB>, registry: Registry, me: Me, p: Page) {
  const { rows } = await sql<BaseRow & { cc_id: string; kind: 'to' | 'cc' | 'bcc'; sent_by: string; sent_at: Date; read_at: Date | null }>`
    SELECT ${BASE}, c.id::text AS cc_id, c.kind, s.real_name AS sent_by, c.sent_at, c.read_at
      FROM wf_cc c JOIN wf_instance i ON i.id = c.instance_id ${JOINS} JOIN sys_user s ON s.id = c.sent_by
     WHERE c.user_id = ${me.userId} AND c.org_id = ${me.orgId} AND ${filters(p)}
     ORDER BY c.sent_at DESC, c.id DESC ${paging(p)}`.execute(db);
  return reply(rows, rows.map((r): CcRow => ({ ...base(registry, r), ccId: r.cc_id, kind: r.kind, sentBy: r.sent_by, sentAt: iso(r.sent_at), read: r.read_at !== null })));
}

export async function counts(db: Kysely<DB>, me: Me): Promise<WorkflowCounts> {
  const { rows } = await sql<Record<keyof WorkflowCounts, string>>`
    SELECT
      (SELECT count(*) FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id
        WHERE t.user_id = ${me.userId} AND t.org_id = ${me.orgId} AND t.status = 'pending' AND i.status = 'running') AS todo,
      (SELECT count(DISTINCT a.instance_id) FROM wf_action a
        WHERE a.user_id = ${me.userId} AND a.org_id = ${me.orgId} AND a.action IN ${DONE_ACTIONS}) AS done,
      (SELECT count(*) FROM wf_instance i WHERE i.initiator_id = ${me.userId} AND i.org_id = ${me.orgId}) AS mine,
      (SELECT count(*) FROM wf_cc c WHERE c.user_id = ${me.userId} AND c.org_id = ${me.orgId}) AS cc,
      (SELECT count(*) FROM wf_cc c WHERE c.user_id = ${me.userId} AND c.org_id = ${me.orgId} AND c.read_at IS NULL) AS "ccUnread",
      (SELECT count(*) FROM wf_notification n WHERE n.user_id = ${me.userId} AND n.org_id = ${me.orgId} AND n.read_at IS NULL) AS unread`.execute(db);
  const r = rows[0];
  return { todo: Number(r.todo), done: Number(r.done), mine: Number(r.mine), cc: Number(r.cc), ccUnread: Number(r.ccUnread), unread: Number(r.unread) };
}

export async function notifications(db: Kysely<DB>, me: Me, p: { page: number; limit: number; unreadOnly: boolean }) {
  let q = db.selectFrom('wf_notification').where('user_id', '=', me.userId).where('org_id', '=', me.orgId);
  if (p.unreadOnly) q = q.where('read_at', 'is', null);
  const total = await q.select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.select(['id', 'kind', 'instance_id', 'title', 'body', 'created_at', 'read_at'])
    .orderBy('id', 'desc').limit(p.limit).offset((p.page - 1) * p.limit).execute();
  const list = rows.map((r): WorkflowNotification => ({
    id: String(r.id), kind: r.kind as WorkflowNotification['kind'], instanceId: String(r.instance_id), title: r.title, body: r.body,
    createdAt: iso(r.created_at), read: r.read_at !== null,
  }));
  return { list, total: Number(total.n) };
}

export async function markRead(db: Kysely<DB>, me: Me, ids: string[] | 'all'): Promise<number> {
  let q = db.updateTable('wf_notification').set({ read_at: new Date() }).where('user_id', '=', me.userId).where('org_id', '=', me.orgId).where('read_at', 'is', null);
  if (ids !== 'all') q = q.where('id', 'in', ids);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export type { WorkflowListBody };
