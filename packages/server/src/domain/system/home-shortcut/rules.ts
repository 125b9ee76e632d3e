import { z } from 'zod';
import { idSchema, MOST_SHORTCUTS, type ShortcutChoice } from '@wb/protocol';
import type { MenuRow } from '../../../platform/menu/tree';

export const shortcutSave = z.strictObject({
  roleId: idSchema,
  menuIds: z.array(idSchema, { message: '快捷入口应为菜单编号的列表' }).max(MOST_SHORTCUTS, `快捷入口最多 ${MOST_SHORTCUTS} 个`)
    .refine((ids) => new Set(ids).size === ids.length, '快捷入口不能重复'),
});
export type ShortcutSave = z.infer<typeof shortcutSave>;

export type { ShortcutChoice };

/**
 * The pages of the granted menu a shortcut may open: entries with a path, not hidden, that no
 * other granted menu entry hangs below, and whose chain of folders is granted (the sidebar shows
 * nothing else either). A folder's second level (/x/menu-group/...) is a folder, never a page.
 */
export function shortcutChoices(rows: readonly MenuRow[]): ShortcutChoice[] {
  const menus = rows.filter((r) => r.kind === 'menu');
  const byId = new Map(menus.map((r) => [r.id, r]));
  const parents = new Set(menus.map((r) => r.parent_id).filter((p): p is string => p !== null));
  const reachable = (r: MenuRow): boolean => r.parent_id === null || (byId.has(r.parent_id) && reachable(byId.get(r.parent_id) as MenuRow));
  const top = (r: MenuRow): MenuRow => (r.parent_id && byId.has(r.parent_id) ? top(byId.get(r.parent_id) as MenuRow) : r);
  return [...menus]
    .sort((a, b) => a.sort - b.sort || Number(a.id) - Number(b.id))
    .filter((r) => r.path && !r.hidden && r.parent_id !== null && !parents.has(r.id) && !r.path.includes('/menu-group/') && reachable(r))
    .map((r) => {
      const folder = top(r);
      return { id: r.id, name: r.name, nameEn: r.name_en, path: r.path as string, folder: folder.name, folderEn: folder.name_en };
    });
}

/** The ids asked for that are not among the pages the user may choose. */
export function notChoosable(asked: readonly string[], choices: readonly Pick<ShortcutChoice, 'id'>[]): string[] {
  const allowed = new Set(choices.map((c) => c.id));
  return asked.filter((id) => !allowed.has(id));
}
