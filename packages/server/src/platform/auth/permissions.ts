import { sql } from 'kysely';
import type { Database } from '../db/pool';
import type { Caller } from './guard';

/**
 * Whether the caller's roles in the current organisation grant a permission key, for answers that
 * depend on a second right besides the route's own (a list that says which rows the caller may act
 * on). The same rule as the guard's: enabled roles held in this organisation, through the menu.
 */
export async function hasPermission(db: Database, caller: Pick<Caller, 'userId' | 'orgId'>, permission: string): Promise<boolean> {
  const { rows } = await sql<{ allowed: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM sys_user_org_role r
        JOIN sys_role ro ON ro.id = r.role_id AND ro.enabled
        JOIN sys_role_menu rm ON rm.role_id = r.role_id
        JOIN sys_menu mn ON mn.id = rm.menu_id
       WHERE r.user_id = ${caller.userId} AND r.org_id = ${caller.orgId} AND mn.permission = ${permission}) AS allowed`.execute(db);
  return rows[0]?.allowed === true;
}
