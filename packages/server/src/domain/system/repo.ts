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
