import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../../platform/audit/log';
import type { Caller } from '../../../platform/auth/guard';
import type { Database } from '../../../platform/db/pool';
import type { DB } from '../../../platform/db/schema';
import { AppError } from '../../../platform/http/errors';
import { grantedMenuRows } from '../../../platform/menu/repo';
import { callerShortcutIds, lockRole, replaceShortcuts, roleMenuRows } from './repo';
import { notChoosable, shortcutChoices, type ShortcutChoice } from './rules';

type Who = Pick<Caller, 'orgId' | 'groupId'>;

/** The pages a role's home page may offer: those its menu grants. A role not of this company: 404. */
export async function choicesOfRole(db: Database, who: Who, roleId: string): Promise<ShortcutChoice[]> {
  // a read: the role is looked up, not locked
  if (!(await lockRole(db, who, roleId, false))) throw AppError.of('notFound', '角色不存在或不能在当前公司使用', 'roleId');
  return shortcutChoices(await roleMenuRows(db, who.orgId, roleId));
}

/** The caller's home page tiles: his roles' shortcuts in their order, those his menu does not grant left out. */
export async function shortcutsOf(db: Database, who: Caller): Promise<ShortcutChoice[]> {
  const choices = new Map(shortcutChoices(await grantedMenuRows(db, who)).map((c) => [c.id, c]));
  return (await callerShortcutIds(db, who)).flatMap((id) => choices.get(id) ?? []);
}

/** 首页快捷入口: the role's list in this company is replaced by the one chosen. */
export async function saveShortcuts(tx: Transaction<DB>, who: Who, roleId: string, menuIds: string[]): Promise<{ count: number; note: ChangeNote }> {
  const role = await lockRole(tx, who, roleId);
  if (!role) throw AppError.of('notFound', '角色不存在或不能在当前公司使用', 'roleId');
  const choices = shortcutChoices(await roleMenuRows(tx, who.orgId, roleId));
  const refused = notChoosable(menuIds, choices);
  if (refused.length) throw new AppError(400, `快捷入口不是角色 ${role.role_name} 可打开的页面：${refused.join(',')}`, 'menuIds');
  await replaceShortcuts(tx, who.orgId, roleId, menuIds);
  const names = menuIds.map((id) => choices.find((c) => c.id === id)?.name ?? id);
  return { count: menuIds.length, note: { action: 'update', family: '首页快捷入口', docNo: role.role_code, detail: names.join('、') || '恢复默认' } };
}
