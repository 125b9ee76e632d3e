import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../../../platform/audit/log';
import type { Who } from '../../../../platform/auth/who';
import type { DB } from '../../../../platform/db/schema';
import { AppError, badRequest } from '../../../../platform/http/errors';
import { allMenuEntries } from '../menus/repo';
import { isUniqueViolation } from '../shared';
import { foreignScopeIds, insertRole, lockRole, otherOrgMenuIds, replaceRoleMenus, replaceRoleScope, roleCodeTaken, setRoleEnabled, updateRole } from './repo';
import { type RoleInput, roleDisableRefusal, unknownIds, withAncestors } from './rules';

/**
 * 角色管理's saves: a role's name, its switch, what it grants (menu tree) and where it applies
 * (scope). Each locks the role, checks, writes and says what it did (family 角色, docNo the code).
 */
type Tx = Transaction<DB>;
const FAMILY = '角色';
const SCOPE_LABELS = { orgIds: '组织', assayItemIds: '化验项目', classIds: '物料分类', codeRuleIds: '编号前缀' } as const;

async function lockedRole(tx: Tx, groupId: string, id: string, field: string) {
  const role = await lockRole(tx, groupId, id);
  if (!role) throw AppError.of('notFound', '角色不存在', field);
  return role;
}

/** A new role (id null) or a role's name and remark; the code is unique within the group. */
export async function saveRole(tx: Tx, who: Who, input: { id: string | null; role: RoleInput }): Promise<{ id: string; note: ChangeNote }> {
  const { id, role } = input;
  if (id) await lockedRole(tx, who.groupId, id, 'id');
  if (await roleCodeTaken(tx, who.groupId, role.roleCode, id)) throw badRequest(`角色编码 ${role.roleCode} 已存在`, 'roleCode');
  try {
    const saved = id ?? (await insertRole(tx, who.groupId, role));
    if (id) await updateRole(tx, id, role);
    return { id: saved, note: { action: id ? 'updateRole' : 'createRole', family: FAMILY, docNo: role.roleCode, detail: role.roleCode } };
  } catch (err) {
    // two saves of one code raced past roleCodeTaken: the unique index keeps one
    if (isUniqueViolation(err)) throw badRequest(`角色编码 ${role.roleCode} 已存在`, 'roleCode');
    throw err;
  }
}

export async function switchRole(tx: Tx, who: Who, input: { id: string; enable: boolean }): Promise<ChangeNote> {
  const role = await lockedRole(tx, who.groupId, input.id, 'id');
  const refusal = input.enable ? null : roleDisableRefusal(role);
  if (refusal) throw badRequest(refusal, 'id');
  await setRoleEnabled(tx, input.id, input.enable);
  return { action: input.enable ? 'enableRole' : 'disableRole', family: FAMILY, docNo: role.role_code, detail: role.role_code };
}

/** The entries the role grants: the chosen ones and the folders above them. */
export async function saveRoleMenus(tx: Tx, who: Who, input: { roleId: string; menuIds: string[] }): Promise<{ granted: number; note: ChangeNote }> {
  const role = await lockedRole(tx, who.groupId, input.roleId, 'roleId');
  // the tree the organisation sees: another plant's own leaf is not one of its entries
  const visible = new Map((await allMenuEntries(tx, who.orgId)).map((e) => [e.id, e.parentId]));
  const unknown = unknownIds(input.menuIds, visible);
  if (unknown.length > 0) throw badRequest(`菜单 ${unknown[0]} 不存在，请刷新后重试`, 'menuIds');
  // the role's grants of other plants' leaves are not in this tree: kept, with their folders
  const kept = await otherOrgMenuIds(tx, input.roleId, who.orgId);
  const parents = new Map((await allMenuEntries(tx)).map((e) => [e.id, e.parentId]));
  const all = withAncestors([...input.menuIds, ...kept], parents);
  await replaceRoleMenus(tx, input.roleId, all);
  return { granted: all.length, note: { action: 'saveRoleMenu', family: FAMILY, docNo: role.role_code, detail: `${role.role_code}: ${all.length}` } };
}

export async function saveRoleScope(tx: Tx, who: Who, input: { id: string; scope: Record<keyof typeof SCOPE_LABELS, string[]> }): Promise<ChangeNote> {
  const role = await lockedRole(tx, who.groupId, input.id, 'id');
  const foreign = await foreignScopeIds(tx, who.groupId, input.scope);
  if (foreign) throw badRequest(`${SCOPE_LABELS[foreign.key]} ${foreign.id} 不存在`, foreign.key);
  await replaceRoleScope(tx, input.id, input.scope);
  return { action: 'saveRoleScope', family: FAMILY, docNo: role.role_code, detail: role.role_code };
}
