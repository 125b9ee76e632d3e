import { z } from 'zod';
import { idSchema } from '@wb/protocol';

/** A menu or button entry as the menu screen edits it. */
export const menuEntryBody = z.strictObject({
  parentId: idSchema.nullable(),
  kind: z.enum(['menu', 'button'], { error: '应为 menu 或 button' }),
  name: z.string().trim().min(1, '名称不能为空').max(50, '名称不能超过50个字符'),
  nameEn: z.string().trim().max(80, '英文名称不能超过80个字符').nullish(),
  path: z.string().trim().max(200, '路径不能超过200个字符').regex(/^(\/|https?:\/\/)/, '路径应以 / 或 http 开头').nullish(),
  component: z.string().trim().max(100, '组件不能超过100个字符').regex(/^[\w/.-]*$/, '组件只能包含字母、数字和 _ / . -').nullish(),
  icon: z.string().trim().max(60, '图标不能超过60个字符').nullish(),
  permission: z.string().trim().max(100, '权限标识不能超过100个字符').regex(/^[A-Za-z][\w:.-]*$/, '权限标识只能包含字母、数字和 _ : . -').nullish(),
  sort: z.number({ error: '应为整数' }).int('应为整数').min(0, '不能小于0').max(99999, '不能大于99999').default(0),
  keepAlive: z.boolean({ error: '应为是或否' }).default(true),
  menuFlag: z.enum(['web', 'app'], { error: '应为 web 或 app' }).default('web'),
});
export type MenuEntryInput = z.infer<typeof menuEntryBody>;

export interface EntryProblem { field: string; message: string }

/**
 * What the tree's shape demands: a button hangs under a menu and carries a permission key; a
 * menu has a path; nothing hangs under a button.
 */
export function entryShapeProblem(entry: Pick<MenuEntryInput, 'kind' | 'parentId' | 'path' | 'permission'>, parentKind: 'menu' | 'button' | null): EntryProblem | null {
  if (entry.parentId && parentKind === null) return { field: 'parentId', message: '上级菜单不存在' };
  if (parentKind === 'button') return { field: 'parentId', message: '按钮下不能再添加菜单或按钮' };
  if (entry.kind === 'button') {
    if (!entry.parentId) return { field: 'parentId', message: '按钮必须属于一个菜单' };
    if (!entry.permission) return { field: 'permission', message: '按钮必须填写权限标识' };
  }
  if (entry.kind === 'menu' && !entry.path) return { field: 'path', message: '菜单必须填写路径' };
  return null;
}

/** Moving an entry under itself or one of its descendants would cut the branch off the tree. */
export function makesCycle(id: string, newParentId: string | null, parentOf: ReadonlyMap<string, string | null>): boolean {
  for (let at = newParentId; at; at = parentOf.get(at) ?? null) if (at === id) return true;
  return false;
}

/** Why an entry cannot be deleted, or null. */
export function deleteRefusal(entry: { permission: string | null; childCount: number }, routeKeys: ReadonlySet<string>): EntryProblem | null {
  if (entry.childCount > 0) return { field: 'id', message: `该菜单下还有${entry.childCount}个子菜单或按钮，请先删除它们` };
  if (entry.permission && routeKeys.has(entry.permission)) {
    return { field: 'id', message: `权限标识 ${entry.permission} 正被系统接口使用，删除后任何人都无法调用该接口` };
  }
  return null;
}
