import { passwordProblems, passwordProblemText, idSchema } from '@wb/protocol';
import { z } from 'zod';
import { idList } from '../shared';

/** One company the user belongs to, with the roles held there. */
const membership = z.strictObject({ orgId: idSchema, roleIds: idList });

export const membershipsBody = z.strictObject({
  orgs: z.array(membership).min(1, '至少选择一个组织').max(200, '最多200个组织')
    .refine((orgs) => new Set(orgs.map((o) => o.orgId)).size === orgs.length, '组织不能重复'),
});
export type Membership = z.infer<typeof membership>;

const profile = {
  realName: z.string().trim().min(1, '姓名不能为空').max(40, '姓名不能超过40个字符'),
  mobile: z.string().trim().regex(/^$|^1\d{10}$/, '手机号应为11位数字，以1开头').nullish(),
  email: z.string().trim().max(100, '邮箱不能超过100个字符').regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, '邮箱格式不正确').nullish(),
};

export const userUpdateBody = z.strictObject(profile);

export const userCreateBody = z.strictObject({
  username: z.string().trim().min(2, '用户名至少2个字符').max(40, '用户名不能超过40个字符').regex(/^[A-Za-z0-9_.@-]+$/, '用户名只能包含字母、数字和 _ . @ -'),
  password: z.string().max(64, '密码长度不能超过64位'),
  ...profile,
  orgs: membershipsBody.shape.orgs,
  assayItemIds: idList.default([]),
});
export type UserCreate = z.infer<typeof userCreateBody>;

export const assayItemsBody = z.strictObject({ itemIds: idList });
export const idsBody = z.strictObject({ ids: idList.min(1, '请选择用户') });

/** The first reason an initial password is refused (the protocol's safety rule), or null. */
export function initialPasswordRefusal(password: string, username: string): string | null {
  const problem = passwordProblems(password, username)[0];
  return problem ? passwordProblemText[problem].zh : null;
}

export interface RoleScope { roleId: string; roleCode: string; orgIds: string[] }

/**
 * A role limited to some companies may only be held there (the role's organisation list; an
 * empty list means anywhere).
 */
export function membershipRefusal(orgs: Membership[], roles: ReadonlyMap<string, RoleScope>): string | null {
  for (const m of orgs) {
    for (const roleId of m.roleIds) {
      const role = roles.get(roleId);
      if (!role) return `角色 ${roleId} 不存在`;
      if (role.orgIds.length > 0 && !role.orgIds.includes(m.orgId)) return `角色 ${role.roleCode} 不适用于所选组织`;
    }
  }
  return null;
}

/** Nobody switches their own account off: they would be locked out mid-session with no way back. */
export function disableSelfRefusal(ids: readonly string[], callerId: string): string | null {
  return ids.includes(callerId) ? '不能停用自己的账号' : null;
}

/**
 * Who holds an administrator role is for administrators to decide: a user manager who is not one
 * could otherwise make themselves one, or take it from the people who are. `touchesAdmin`: the
 * save names an administrator role, or the user holds one now.
 */
export function adminGrantRefusal(touchesAdmin: boolean, callerIsAdmin: boolean): string | null {
  return touchesAdmin && !callerIsAdmin ? '只有管理员可以授予或收回管理员角色' : null;
}
