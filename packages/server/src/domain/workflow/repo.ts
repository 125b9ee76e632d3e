import { sql, type Kysely, type Transaction } from 'kysely';
import type { FlowDefinition, FlowLayout, StepApprovers } from '@wb/protocol';
import type { DB } from '../../platform/db/schema';

/** SQL of the approvals: flows, instances with their steps and tasks, the timeline, copies, notifications. */
type Runner = Kysely<DB> | Transaction<DB>;

export interface FlowRow {
  id: string; org_id: string; doc_type: string; version: number; name: string; enabled: boolean;
  definition: FlowDefinition; layout: FlowLayout | null; created_at: Date; created_by: string | null;
}

export async function currentFlow(db: Runner, orgId: string, docType: string): Promise<FlowRow | null> {
  const row = await db.selectFrom('wf_flow').selectAll().where('org_id', '=', orgId).where('doc_type', '=', docType)
    .orderBy('version', 'desc').limit(1).executeTakeFirst();
  return (row as FlowRow | undefined) ?? null;
}

export async function flowById(db: Runner, orgId: string, id: string): Promise<FlowRow | null> {
  const row = await db.selectFrom('wf_flow').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  return (row as FlowRow | undefined) ?? null;
}

/** A new version of a type's flow; two saves at once take turns on the type's lock and get consecutive versions. */
export async function insertFlow(tx: Transaction<DB>, orgId: string, userId: string, docType: string, name: string, enabled: boolean, definition: FlowDefinition, layout: FlowLayout | null): Promise<FlowRow> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('wf_flow'), hashtext(${`${orgId}:${docType}`}))`.execute(tx);
  const last = await currentFlow(tx, orgId, docType);
  const row = await tx.insertInto('wf_flow').values({
    org_id: orgId, doc_type: docType, version: (last?.version ?? 0) + 1, name, enabled,
    definition: JSON.stringify(definition), layout: layout ? JSON.stringify(layout) : null, created_by: userId,
  }).returningAll().executeTakeFirstOrThrow();
  return row as FlowRow;
}

export async function flowVersions(db: Runner, orgId: string, docType: string) {
  const { rows } = await sql<{ id: string; version: number; enabled: boolean; created_at: Date; created_by_name: string | null; running: string }>`
    SELECT f.id::text, f.version, f.enabled, f.created_at, u.real_name AS created_by_name,
           (SELECT count(*) FROM wf_instance i WHERE i.flow_id = f.id AND i.status = 'running') AS running
      FROM wf_flow f LEFT JOIN sys_user u ON u.id = f.created_by
     WHERE f.org_id = ${orgId} AND f.doc_type = ${docType} ORDER BY f.version DESC`.execute(db);
  return rows;
}

export async function currentFlows(db: Runner, orgId: string) {
  const { rows } = await sql<FlowRow>`
    SELECT DISTINCT ON (doc_type) * FROM wf_flow WHERE org_id = ${orgId} ORDER BY doc_type, version DESC`.execute(db);
  return rows;
}

// ---------------------------------------------------------------- people

/** Of the given users, those who belong to the company and are enabled. */
export async function usersOfOrg(db: Runner, orgId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db.selectFrom('sys_user as u').innerJoin('sys_user_org as uo', 'uo.user_id', 'u.id')
    .select('u.id').where('uo.org_id', '=', orgId).where('u.enabled', '=', true).where('u.id', 'in', [...userIds])
    .orderBy('u.id').execute();
  return rows.map((r) => String(r.id));
}

/** Who approves a step for this initiator, as the step says; enabled members of the company only. */
export async function resolveApprovers(db: Runner, orgId: string, initiatorId: string, approvers: StepApprovers): Promise<string[]> {
  switch (approvers.kind) {
    case 'users': return usersOfOrg(db, orgId, approvers.userIds);
    case 'role': {
      const { rows } = await sql<{ id: string }>`
        SELECT DISTINCT u.id::text FROM sys_user_org_role r JOIN sys_user u ON u.id = r.user_id AND u.enabled
          JOIN sys_role ro ON ro.id = r.role_id AND ro.enabled
         WHERE r.org_id = ${orgId} AND r.role_id = ${approvers.roleId} ORDER BY 1`.execute(db);
      return rows.map((r) => r.id);
    }
    case 'deptHead': {
      // the department's manager is a person of the archive (sys_department.manager_id -> md_person):
      // the company's user with the same mobile, else the same name, is the head who approves
      const { rows } = await sql<{ id: string }>`
        WITH head AS (
          SELECT p.mobile, p.person_name FROM sys_user_org me
            JOIN sys_department d ON d.org_id = me.org_id AND d.id = me.dept_id AND d.enabled
            JOIN md_person p ON p.org_id = d.org_id AND p.id = d.manager_id
           WHERE me.org_id = ${orgId} AND me.user_id = ${initiatorId})
        SELECT DISTINCT u.id::text FROM head p
          JOIN sys_user_org uo ON uo.org_id = ${orgId}
          JOIN sys_user u ON u.id = uo.user_id AND u.enabled
         WHERE (p.mobile IS NOT NULL AND u.mobile = p.mobile) OR u.real_name = p.person_name
         ORDER BY 1`.execute(db);
      return rows.map((r) => r.id);
    }
  }
}

export async function userNames(db: Runner, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('sys_user').select(['id', 'real_name']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [String(r.id), r.real_name]));
}

export async function orgPeople(db: Runner, orgId: string) {
  const users = await db.selectFrom('sys_user as u').innerJoin('sys_user_org as uo', 'uo.user_id', 'u.id')
    .select(['u.id', 'u.real_name', 'u.username']).where('uo.org_id', '=', orgId).where('u.enabled', '=', true).orderBy('u.username').execute();
  const { rows: roles } = await sql<{ id: string; name: string; code: string }>`
    SELECT r.id::text, r.role_name AS name, r.role_code AS code FROM sys_role r JOIN sys_org o ON o.group_id = r.group_id
     WHERE o.id = ${orgId} AND r.enabled ORDER BY r.role_code`.execute(db);
  return { users: users.map((u) => ({ id: String(u.id), name: u.real_name, username: u.username })), roles };
}

// ---------------------------------------------------------------- instances

export interface InstanceRow {
  id: string; org_id: string; doc_type: string; doc_id: string; doc_no: string | null; title: string; flow_id: string;
  status: 'running' | 'approved' | 'rejected' | 'revoked'; current_step: number | null; snapshot: Record<string, unknown>;
  initiator_id: string; started_at: Date; finished_at: Date | null;
}
export interface StepRow { idx: number; status: 'waiting' | 'active' | 'approved' | 'rejected' | 'skipped'; round: number; activated_at: Date | null; reminded_at: Date | null }
export interface TaskRow {
  id: string; step_idx: number; round: number; user_id: string; status: 'pending' | 'approved' | 'rejected' | 'transferred' | 'cancelled';
  comment: string | null; added_by: string | null; decided_at: Date | null; created_at: Date;
}

/** The instance of the company, locked when asked (every action locks it first: actions on one instance take turns). */
export async function instanceOf(db: Runner, orgId: string, id: string, lock: boolean): Promise<InstanceRow | null> {
  const q = db.selectFrom('wf_instance').selectAll().where('org_id', '=', orgId).where('id', '=', id);
  const row = await (lock ? q.forUpdate() : q).executeTakeFirst();
  return row ? ({ ...row, id: String(row.id), doc_id: String(row.doc_id), flow_id: String(row.flow_id), initiator_id: String(row.initiator_id) } as InstanceRow) : null;
}

export async function stepsOf(db: Runner, instanceId: string): Promise<StepRow[]> {
  return db.selectFrom('wf_step').select(['idx', 'status', 'round', 'activated_at', 'reminded_at']).where('instance_id', '=', instanceId).orderBy('idx').execute();
}

export async function tasksOf(db: Runner, instanceId: string): Promise<TaskRow[]> {
  const rows = await db.selectFrom('wf_task').select(['id', 'step_idx', 'round', 'user_id', 'status', 'comment', 'added_by', 'decided_at', 'created_at'])
    .where('instance_id', '=', instanceId).orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: String(r.id), user_id: String(r.user_id), added_by: r.added_by === null ? null : String(r.added_by) }));
}

export async function addAction(tx: Runner, orgId: string, instanceId: string, action: string, userId: string | null, stepIdx: number | null, comment: string | null, targets: string[] = []): Promise<void> {
  await tx.insertInto('wf_action').values({ org_id: orgId, instance_id: instanceId, action, user_id: userId, step_idx: stepIdx, comment, targets }).execute();
}

export async function closeTasks(tx: Runner, ids: readonly string[], status: 'cancelled' | 'approved' | 'rejected' | 'transferred', comment: string | null = null): Promise<void> {
  if (ids.length === 0) return;
  await tx.updateTable('wf_task').set({ status, decided_at: new Date(), ...(comment !== null ? { comment } : {}) })
    .where('id', 'in', [...ids]).where('status', '=', 'pending').execute();
}

export async function addTasks(tx: Runner, orgId: string, instanceId: string, stepIdx: number, round: number, userIds: readonly string[], addedBy: string | null): Promise<void> {
  if (userIds.length === 0) return;
  await tx.insertInto('wf_task').values(userIds.map((u) => ({
    org_id: orgId, instance_id: instanceId, step_idx: stepIdx, round, user_id: u, status: 'pending' as const, added_by: addedBy,
  }))).execute();
}

export async function setStep(tx: Runner, instanceId: string, idx: number, status: StepRow['status'], activate = false): Promise<number> {
  const row = await tx.updateTable('wf_step')
    .set((eb) => ({ status, ...(activate ? { round: eb('round', '+', 1), activated_at: new Date(), reminded_at: null } : {}) }))
    .where('instance_id', '=', instanceId).where('idx', '=', idx).returning('round').executeTakeFirstOrThrow();
  return row.round;
}

export async function setInstance(tx: Runner, id: string, change: { status?: InstanceRow['status']; current_step?: number | null; finished_at?: Date | null }): Promise<void> {
  await tx.updateTable('wf_instance').set(change).where('id', '=', id).execute();
}

export async function timelineOf(db: Runner, instanceId: string) {
  return db.selectFrom('wf_action').select(['id', 'action', 'user_id', 'step_idx', 'comment', 'targets', 'at'])
    .where('instance_id', '=', instanceId).orderBy('id').execute();
}

// ---------------------------------------------------------------- copies and notifications

export async function addCopies(tx: Runner, orgId: string, instanceId: string, sentBy: string, copies: { userId: string; kind: 'to' | 'cc' | 'bcc' }[]): Promise<void> {
  if (copies.length === 0) return;
  await tx.insertInto('wf_cc').values(copies.map((c) => ({ org_id: orgId, instance_id: instanceId, user_id: c.userId, kind: c.kind, sent_by: sentBy }))).execute();
}

export async function copiesOf(db: Runner, instanceId: string) {
  return db.selectFrom('wf_cc').select(['id', 'user_id', 'kind', 'sent_by', 'sent_at', 'read_at']).where('instance_id', '=', instanceId).orderBy('id').execute();
}

export async function addNotifications(tx: Runner, orgId: string, instanceId: string, kind: string, title: string, body: string, userIds: readonly string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await tx.insertInto('wf_notification').values(unique.map((u) => ({ org_id: orgId, user_id: u, instance_id: instanceId, kind, title, body }))).execute();
}
