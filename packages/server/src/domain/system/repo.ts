import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';

export async function findUser(db: Database, id: string) {
  return db
    .selectFrom('sys_user')
    .select(['id', 'username', 'group_id', 'password_hash', 'password_unsafe'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setPassword(db: Database, id: string, hash: string, unsafe: boolean): Promise<void> {
  await db
    .updateTable('sys_user')
    .set({ password_hash: hash, password_unsafe: unsafe, password_changed_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Whether a user belongs to the organisation: an administrator manages only their own org's users. */
export async function isMember(db: Database, userId: string, orgId: string): Promise<boolean> {
  const row = await db.selectFrom('sys_user_org').select('user_id').where('user_id', '=', userId).where('org_id', '=', orgId).executeTakeFirst();
  return Boolean(row);
}

/**
 * Whether the caller administers a company the user belongs to: holds an enabled administrator
 * role there, in an enabled company. An administrator of several companies resets the password of
 * their people from whichever company they are working in.
 */
export async function administersCompanyOf(db: Database, adminId: string, userId: string): Promise<boolean> {
  const { rows } = await sql`
    SELECT 1 FROM sys_user_org m
      JOIN sys_org o ON o.id = m.org_id AND o.enabled
      JOIN sys_user_org_role ur ON ur.org_id = m.org_id AND ur.user_id = ${adminId}::bigint
      JOIN sys_role r ON r.id = ur.role_id AND r.is_admin AND r.enabled
     WHERE m.user_id = ${userId}::bigint
     LIMIT 1`.execute(db);
  return rows.length > 0;
}
