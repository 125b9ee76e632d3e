import { sql } from 'kysely';
import type { Database } from '../../../../platform/db/pool';
import type { AdminOptions, AdminUser } from '@wb/protocol';
import type { Membership, RoleScope } from './rules';

const USER_SELECT = sql`
  SELECT u.id::text, u.username, u.real_name AS "realName", u.avatar, u.mobile, u.email, u.enabled, u.created_at AS "createDate",
         coalesce((SELECT json_agg(json_build_object('orgId', m.org_id::text, 'orgName', o.org_name,
                     'roleIds', coalesce((SELECT json_agg(r.id::text ORDER BY r.role_code) FROM sys_user_org_role ur JOIN sys_role r ON r.id = ur.role_id
                                           WHERE ur.user_id = m.user_id AND ur.org_id = m.org_id), '[]'),
                     'roleNames', coalesce((SELECT json_agg(r.role_name ORDER BY r.role_code) FROM sys_user_org_role ur JOIN sys_role r ON r.id = ur.role_id
                                           WHERE ur.user_id = m.user_id AND ur.org_id = m.org_id), '[]')) ORDER BY o.org_code)
                     FROM sys_user_org m JOIN sys_org o ON o.id = m.org_id WHERE m.user_id = u.id), '[]') AS orgs,
         coalesce((SELECT json_agg(a.item_id::text ORDER BY a.item_id) FROM sys_user_assay_item a WHERE a.user_id = u.id), '[]') AS "assayItemIds"
    FROM sys_user u`;

export interface UserQuery { groupId: string; keyword: string; pn: number; ps: number }

/** The group's users: an administrator manages the whole group, never another group's people. */
export async function groupUsers(db: Database, q: UserQuery): Promise<{ list: AdminUser[]; total: number }> {
  const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = sql`u.group_id = ${q.groupId} AND (${q.keyword} = '' OR u.username ILIKE ${like} OR u.real_name ILIKE ${like})`;
  const [page, count] = await Promise.all([
    sql<AdminUser>`${USER_SELECT} WHERE ${where} ORDER BY u.username LIMIT ${q.ps} OFFSET ${(q.pn - 1) * q.ps}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM sys_user u WHERE ${where}`.execute(db),
  ]);
  return { list: page.rows, total: count.rows[0].n };
}

export async function groupUser(db: Database, groupId: string, id: string): Promise<AdminUser | undefined> {
  const { rows } = await sql<AdminUser>`${USER_SELECT} WHERE u.group_id = ${groupId} AND u.id = ${id}`.execute(db);
  return rows[0];
}

/** The user row locked for the change, when it is the group's. */
export async function lockGroupUser(db: Database, groupId: string, id: string) {
  const { rows } = await sql<{ id: string; username: string }>`SELECT id::text, username FROM sys_user WHERE id = ${id} AND group_id = ${groupId} FOR UPDATE`.execute(db);
  return rows[0];
}

export async function usernameTaken(db: Database, username: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM sys_user WHERE lower(username) = lower(${username})`.execute(db);
  return rows.length > 0;
}

export async function insertUser(db: Database, groupId: string, u: { username: string; realName: string; mobile?: string | null; email?: string | null; passwordHash: string }): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO sys_user (group_id, username, real_name, mobile, email, password_hash, password_unsafe)
    VALUES (${groupId}, ${u.username}, ${u.realName}, ${u.mobile || null}, ${u.email || null}, ${u.passwordHash}, true) RETURNING id::text`.execute(db);
  return rows[0].id;
}

export async function updateProfile(db: Database, id: string, p: { realName: string; mobile?: string | null; email?: string | null }): Promise<void> {
  await sql`UPDATE sys_user SET real_name = ${p.realName}, mobile = ${p.mobile || null}, email = ${p.email || null}, updated_at = now() WHERE id = ${id}`.execute(db);
}

export async function setUsersEnabled(db: Database, ids: string[], enabled: boolean): Promise<void> {
  await sql`UPDATE sys_user SET enabled = ${enabled}, updated_at = now() WHERE id = ANY(${ids}::bigint[])`.execute(db);
}

/**
 * Replaces the user's companies and roles. A company left keeps no roles (the cascade); the
 * user's default company moves to one still held.
 */
export async function replaceMemberships(db: Database, userId: string, orgs: Membership[]): Promise<void> {
  const orgIds = orgs.map((o) => o.orgId);
  await sql`DELETE FROM sys_user_org WHERE user_id = ${userId} AND NOT (org_id = ANY(${orgIds}::bigint[]))`.execute(db);
  await sql`INSERT INTO sys_user_org (user_id, org_id) SELECT ${userId}::bigint, unnest(${orgIds}::bigint[]) ON CONFLICT DO NOTHING`.execute(db);
  await sql`DELETE FROM sys_user_org_role WHERE user_id = ${userId}`.execute(db);
  const pairs = orgs.flatMap((o) => o.roleIds.map((r) => [o.orgId, r]));
  if (pairs.length > 0) {
    await sql`INSERT INTO sys_user_org_role (user_id, org_id, role_id)
              SELECT ${userId}::bigint, p.org_id, p.role_id FROM unnest(${pairs.map((p) => p[0])}::bigint[], ${pairs.map((p) => p[1])}::bigint[]) AS p(org_id, role_id)`.execute(db);
  }
  await sql`UPDATE sys_user SET current_org_id = ${orgIds[0]} WHERE id = ${userId} AND (current_org_id IS NULL OR NOT (current_org_id = ANY(${orgIds}::bigint[])))`.execute(db);
}

export async function replaceUserAssayItems(db: Database, userId: string, itemIds: string[]): Promise<void> {
  await sql`DELETE FROM sys_user_assay_item WHERE user_id = ${userId}`.execute(db);
  if (itemIds.length > 0) await sql`INSERT INTO sys_user_assay_item (user_id, item_id) SELECT ${userId}::bigint, unnest(${itemIds}::bigint[])`.execute(db);
}

/** The group's roles with the companies each is limited to. */
export async function roleScopes(db: Database, groupId: string): Promise<Map<string, RoleScope>> {
  const { rows } = await sql<RoleScope>`
    SELECT r.id::text AS "roleId", r.role_code AS "roleCode",
           coalesce((SELECT array_agg(ro.org_id::text) FROM sys_role_org ro WHERE ro.role_id = r.id), '{}') AS "orgIds"
      FROM sys_role r WHERE r.group_id = ${groupId}`.execute(db);
  return new Map(rows.map((r) => [r.roleId, r]));
}

/** The first id not the group's: an organisation or assay item of another group. */
export async function foreignId(db: Database, table: 'sys_org' | 'qm_assay_item', groupId: string, ids: string[]): Promise<string | null> {
  if (ids.length === 0) return null;
  const { rows } = await sql<{ id: string }>`
    SELECT x.id::text FROM unnest(${ids}::bigint[]) AS x(id)
     WHERE NOT EXISTS (SELECT 1 FROM ${sql.table(table)} t WHERE t.id = x.id AND t.group_id = ${groupId}) LIMIT 1`.execute(db);
  return rows[0]?.id ?? null;
}

/** What the user and role screens choose from: the group's companies, roles, assay items and material classes. */
export async function groupOptions(db: Database, groupId: string): Promise<AdminOptions> {
  const [orgs, roles, assayItems, classes, codeRules] = await Promise.all([
    sql<{ id: string; name: string; code: string }>`SELECT id::text, org_name AS name, org_code AS code FROM sys_org WHERE group_id = ${groupId} ORDER BY org_code`.execute(db),
    sql<{ id: string; name: string; code: string; enabled: boolean }>`SELECT id::text, role_name AS name, role_code AS code, enabled FROM sys_role WHERE group_id = ${groupId} ORDER BY role_code`.execute(db),
    sql<{ id: string; name: string; code: string }>`SELECT id::text, item_name AS name, item_code AS code FROM qm_assay_item WHERE group_id = ${groupId} AND enabled ORDER BY item_code`.execute(db),
    sql<{ id: string; name: string; code: string; parentId: string | null }>`
      SELECT id::text, invc_name AS name, invc_code AS code, parent_id::text AS "parentId" FROM md_material_class WHERE group_id = ${groupId} ORDER BY invc_code`.execute(db),
    // 编号前缀: each company's code rules, named by prefix, rule and company
    sql<{ id: string; name: string; code: string }>`
      SELECT r.id::text, r.rule_name || ' · ' || o.org_name AS name, coalesce(nullif(r.prefix, ''), r.doc_kind) AS code
        FROM sys_code_rule r JOIN sys_org o ON o.id = r.org_id WHERE o.group_id = ${groupId} ORDER BY o.org_code, r.doc_kind`.execute(db),
  ]);
  return { orgs: orgs.rows, roles: roles.rows, assayItems: assayItems.rows, classes: classes.rows, codeRules: codeRules.rows };
}

/** Whether any of these roles, or any role the user holds now, is an administrator role. */
export async function touchesAdminRole(db: Database, userId: string | null, roleIds: string[]): Promise<boolean> {
  const { rows } = await sql`
    SELECT 1 FROM sys_role r
     WHERE r.is_admin AND (r.id = ANY(${roleIds}::bigint[])
        OR EXISTS (SELECT 1 FROM sys_user_org_role ur WHERE ur.role_id = r.id AND ur.user_id = ${userId}::bigint)) LIMIT 1`.execute(db);
  return rows.length > 0;
}
