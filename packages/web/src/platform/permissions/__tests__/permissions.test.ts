import { describe, expect, it } from 'vitest';
import type { MenuButton } from '@wb/protocol';
import { buttonsOfMenu, hasPermission } from '../permissions';

const button = (id: string, menuId: string, permision: string, menuFlag: 'web' | 'app' = 'web'): MenuButton => ({
  id, menuId, name: id, label: id, labelEn: null, icon: null, permision, path: null, component: null, menuFlag,
});

describe('permissions', () => {
  it('allows a key in the map and a button that names no key', () => {
    expect(hasPermission({ sys_log_view: true }, 'sys_log_view')).toBe(true);
    expect(hasPermission({}, '')).toBe(true);
    expect(hasPermission({}, 'sys_user_reset')).toBe(false);
  });

  it('shows a menu its own granted web buttons only', () => {
    const buttons = [button('1', '10', 'a'), button('2', '10', 'b'), button('3', '11', 'a'), button('4', '10', 'a', 'app')];
    expect(buttonsOfMenu(buttons, '10', { a: true }).map((b) => b.id)).toEqual(['1']);
  });
});
