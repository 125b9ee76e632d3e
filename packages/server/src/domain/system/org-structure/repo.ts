import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/pool';
import type { DB } from '../../../platform/db/schema';
import type { NodeUse, TreeLink } from './rules';

/** The SQL of the organisation structure: always within the caller's group or company. */
export type Runner = Database | Transaction<DB>;

export async function departmentLinks(db: Runner, orgId: string): Promise<TreeLink[]> {
  const { rows } = await sql<TreeLink>`SELECT id::text, parent_id::text AS "parentId" FROM sys_department WHERE org_id = ${orgId}`.execute(db);
  return rows;
}

export async function organisationLinks(db: Runner, groupId: string): Promise<TreeLink[]> {
  const { rows } = await sql<TreeLink>`SELECT id::text, parent_id::text AS "parentId" FROM sys_org WHERE group_id = ${groupId}`.execute(db);
  return rows;
}

/** For each department of a batch: its sub-departments outside the batch and the users in it. */
export async function departmentUses(tx: Runner, orgId: string, ids: string[]): Promise<NodeUse[]> {
  const { rows } = await sql<NodeUse>`
    SELECT d.dept_code AS code,
           (SELECT count(*)::int FROM sys_department c WHERE c.parent_id = d.id AND c.org_id = d.org_id AND c.id <> ALL(${ids}::bigint[])) AS children,
           (SELECT count(*)::int FROM sys_user_org m WHERE m.org_id = d.org_id AND m.dept_id = d.id) AS users
      FROM sys_department d WHERE d.org_id = ${orgId} AND d.id = ANY(${ids}::bigint[]) ORDER BY d.id`.execute(tx);
  return rows;
}

/** For each organisation of a batch: its sub-units outside the batch, its departments and its members. */
export async function organisationUses(tx: Runner, groupId: string, ids: string[]): Promise<(NodeUse & { id: string })[]> {
  const { rows } = await sql<NodeUse & { id: string }>`
    SELECT o.id::text, o.org_code AS code,
           (SELECT count(*)::int FROM sys_org c WHERE c.parent_id = o.id AND c.id <> ALL(${ids}::bigint[])) AS children,
           (SELECT count(*)::int FROM sys_department d WHERE d.org_id = o.id) AS departments,
           (SELECT count(*)::int FROM sys_user_org m WHERE m.org_id = o.id) AS users
      FROM sys_org o WHERE o.group_id = ${groupId} AND o.id = ANY(${ids}::bigint[]) ORDER BY o.id`.execute(tx);
  return rows;
}

type NodeRow = { id: string; parentId: string | null; code: string; name: string; enabled: boolean };

export async function departmentRows(db: Runner, orgId: string): Promise<NodeRow[]> {
  const { rows } = await sql<NodeRow>`
    SELECT id::text, parent_id::text AS "parentId", dept_code AS code, dept_name AS name, enabled
      FROM sys_department WHERE org_id = ${orgId} ORDER BY sort, dept_code`.execute(db);
  return rows;
}

export async function organisationRows(db: Runner, groupId: string): Promise<NodeRow[]> {
  const { rows } = await sql<NodeRow>`
    SELECT id::text, parent_id::text AS "parentId", org_code AS code, org_name AS name, enabled
      FROM sys_org WHERE group_id = ${groupId} ORDER BY sort, org_code`.execute(db);
  return rows;
}

/** Whether the user holds an enabled administrator role in the company. */
export async function isAdministrator(db: Runner, userId: string, orgId: string): Promise<boolean> {
  const { rows } = await sql<{ admin: boolean }>`
    SELECT EXISTS (SELECT 1 FROM sys_user_org_role r JOIN sys_role ro ON ro.id = r.role_id AND ro.enabled AND ro.is_admin
                    WHERE r.user_id = ${userId} AND r.org_id = ${orgId}) AS admin`.execute(db);
  return rows[0].admin;
}

export interface GroupEntity {
  id: string;
  groupCode: string;
  groupName: string;
  remark: string | null;
  version: number;
}

export async function readGroup(db: Runner, groupId: string, lock = false): Promise<GroupEntity | null> {
  const { rows } = await sql<GroupEntity>`
    SELECT id::text, group_code AS "groupCode", group_name AS "groupName", remark, version
      FROM sys_group WHERE id = ${groupId} ${lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  return rows[0] ?? null;
}

export async function updateGroup(tx: Runner, groupId: string, userId: string, values: { groupName: string; remark: string | null }): Promise<void> {
  await sql`UPDATE sys_group SET group_name = ${values.groupName}, remark = ${values.remark}, version = version + 1,
              updated_at = now(), updated_by = ${userId} WHERE id = ${groupId}`.execute(tx);
}

/** An organisation of the caller's group, as its tabbed detail shows it. */
export async function organisationOfGroup(db: Runner, groupId: string, orgId: string): Promise<Record<string, unknown> | null> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT o.id::text, o.org_code AS "orgCode", o.org_name AS "orgName", o.org_name_en AS "orgNameEn", o.short_name AS "shortName",
           p.org_name AS "parentName", o.enabled, o.sort, o.remark,
           (SELECT count(*)::int FROM sys_department d WHERE d.org_id = o.id) AS "departmentCount",
           (SELECT count(*)::int FROM sys_user_org m WHERE m.org_id = o.id) AS "userCount"
      FROM sys_org o LEFT JOIN sys_org p ON p.id = o.parent_id WHERE o.group_id = ${groupId} AND o.id = ${orgId}`.execute(db);
  return rows[0] ?? null;
}

export async function departmentsOf(db: Runner, orgId: string): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT d.id::text, d.dept_code AS "deptCode", d.dept_name AS "deptName", p.dept_name AS "parentDeptName",
           m.person_name AS "managerName", d.phone, d.enabled AS "deptEnabled",
           (SELECT count(*)::int FROM sys_user_org u WHERE u.org_id = d.org_id AND u.dept_id = d.id) AS "deptUserCount"
      FROM sys_department d
      LEFT JOIN sys_department p ON p.id = d.parent_id
      LEFT JOIN md_person m ON m.id = d.manager_id
     WHERE d.org_id = ${orgId} ORDER BY d.sort, d.dept_code`.execute(db);
  return rows;
}

export async function usersOf(db: Runner, orgId: string): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT u.id::text, u.username, u.real_name AS "realName", u.mobile, d.dept_name AS "userDeptName", u.enabled AS "userEnabled",
           (SELECT string_agg(r.role_name, '、' ORDER BY r.role_code) FROM sys_user_org_role ur JOIN sys_role r ON r.id = ur.role_id
             WHERE ur.user_id = u.id AND ur.org_id = m.org_id) AS "roleNames"
      FROM sys_user_org m JOIN sys_user u ON u.id = m.user_id
      LEFT JOIN sys_department d ON d.id = m.dept_id
     WHERE m.org_id = ${orgId} ORDER BY u.username`.execute(db);
  return rows;
}

/**
 * Moves within one tree take turns: two moves that are each fine alone (A under B, B under A)
 * would together make a loop. The engine has locked the moved row already, and a move's foreign
 * key check waits for its new parent's row, so waiting here could deadlock with a move of that
 * parent: a move that finds another under way is refused at once (the caller tries again).
 */
export async function tryLockTree(tx: Runner, tree: 'department' | 'organisation', ownerId: string): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(hashtext(${`org-structure:${tree}:${ownerId}`})) AS locked`.execute(tx);
  return rows[0].locked;
}

/** Of these users, those who are not members of the company. */
export async function nonMembers(tx: Runner, orgId: string, userIds: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT u::text AS id FROM unnest(${userIds}::bigint[]) u
     WHERE NOT EXISTS (SELECT 1 FROM sys_user_org m WHERE m.org_id = ${orgId} AND m.user_id = u) ORDER BY 1`.execute(tx);
  return rows.map((r) => r.id);
}

/** The department row, locked so it cannot be deleted while users are put in it; null when not the company's. */
export async function lockDepartment(tx: Runner, orgId: string, deptId: string): Promise<{ code: string; name: string; enabled: boolean } | null> {
  const { rows } = await sql<{ code: string; name: string; enabled: boolean }>`
    SELECT dept_code AS code, dept_name AS name, enabled FROM sys_department WHERE org_id = ${orgId} AND id = ${deptId} FOR UPDATE`.execute(tx);
  return rows[0] ?? null;
}

/** Puts company members in a department (or none); answers how many memberships changed. */
export async function setUserDepartment(tx: Runner, orgId: string, deptId: string | null, userIds: string[]): Promise<number> {
  const result = await sql`UPDATE sys_user_org SET dept_id = ${deptId}::bigint WHERE org_id = ${orgId} AND user_id = ANY(${userIds}::bigint[])
                            AND dept_id IS DISTINCT FROM ${deptId}::bigint`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}
