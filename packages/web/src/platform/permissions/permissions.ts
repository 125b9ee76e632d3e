import type { MenuButton } from '@wb/protocol';

export type PermissionMap = Readonly<Record<string, true>>;

/** A button shows when the permission map holds its key, or when it names none (spec section 6). */
export function hasPermission(map: PermissionMap, key: string | null | undefined): boolean {
  return !key || map[key] === true;
}

/** The buttons of one menu the user may see: handset-only buttons dropped, then the permission check. */
export function buttonsOfMenu(buttons: readonly MenuButton[], menuId: string, map: PermissionMap): MenuButton[] {
  return buttons.filter((b) => b.menuId === menuId && b.menuFlag !== 'app' && hasPermission(map, b.permision));
}
