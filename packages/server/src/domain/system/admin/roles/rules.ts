import { z } from 'zod';
import { DATA_SCOPES, idSchema } from '@wb/protocol';
import { idList } from '../shared';

export const roleBody = z.strictObject({
  roleCode: z.string().trim().min(1, '角色编码不能为空').max(40, '角色编码不能超过40个字符').regex(/^[A-Za-z][\w-]*$/, '角色编码只能包含字母、数字和 _ -，以字母开头'),
  roleName: z.string().trim().min(1, '角色名称不能为空').max(40, '角色名称不能超过40个字符'),
  roleNameEn: z.string().trim().max(60, '英文名称不能超过60个字符').nullish(),
  remark: z.string().trim().max(200, '备注不能超过200个字符').nullish(),
});
export type RoleInput = z.infer<typeof roleBody>;

/** PUT role menu: the whole set of menu and button entries the role grants. */
export const roleMenuBody = z.strictObject({ roleId: idSchema, menuIds: idList });

/**
 * A role's scope: whose rows its holders see in lists (left out: unchanged), organisations, number
 * prefixes, assay items and material classes (empty: unrestricted).
 */
export const roleScopeBody = z.strictObject({
  dataScope: z.enum(DATA_SCOPES, { error: '数据范围只能是本人、本部门、本公司或集团' }).optional(),
  orgIds: idList, assayItemIds: idList, classIds: idList, codeRuleIds: idList.default([]),
});

/**
 * The entries a role really grants: the chosen ones and every folder above them, so a granted
 * button's menu and the folders leading to it show in the sidebar (a half-checked folder in the
 * tree is still granted).
 */
export function withAncestors(ids: readonly string[], parentOf: ReadonlyMap<string, string | null>): string[] {
  const out = new Set<string>();
  for (const id of ids) {
    for (let at: string | null | undefined = id; at && !out.has(at); at = parentOf.get(at)) out.add(at);
  }
  return [...out];
}

/** Ids the save names that do not exist (the tree the screen loaded is older than a delete). */
export function unknownIds(ids: readonly string[], known: ReadonlyMap<string, unknown>): string[] {
  return ids.filter((id) => !known.has(id));
}

/** The administrator role is the way back into this screen: switching it off locks everyone out. */
export function roleDisableRefusal(role: { is_admin: boolean }): string | null {
  return role.is_admin ? '管理员角色不能停用' : null;
}
