import { describe, expect, it } from 'vitest';
import { buildMenuTree, type MenuRow, permissionMap } from './tree';

let nextId = 1;
const menu = (over: Partial<MenuRow> = {}): MenuRow => ({
  id: String(nextId++),
  parent_id: null,
  kind: 'menu',
  name: `menu ${nextId}`,
  name_en: null,
  path: `/m${nextId}`,
  url_path: null,
  component: null,
  icon: null,
  permission: null,
  keep_alive: true,
  query: null,
  menu_flag: 'web',
  sort: 0,
  roles: ['ROLE_ADMIN'],
  ...over,
});
const button = (parent: MenuRow, permission: string | null, over: Partial<MenuRow> = {}) =>
  menu({ kind: 'button', parent_id: parent.id, permission, path: null, name: `button ${permission}`, ...over });

describe('buildMenuTree', () => {
  it('nests menus under their parents', () => {
    const root = menu({ name: '系统管理' });
    const child = menu({ parent_id: root.id, name: '操作日志' });
    const grandchild = menu({ parent_id: child.id, name: '明细' });
    const { menu: tree } = buildMenuTree([grandchild, child, root]);
    expect(tree).toHaveLength(1);
    expect(tree[0].label).toBe('系统管理');
    expect(tree[0].children.map((c) => c.label)).toEqual(['操作日志']);
    expect(tree[0].children[0].children.map((c) => c.label)).toEqual(['明细']);
  });

  it('orders siblings by sort, then by id, whatever order the rows come in', () => {
    const root = menu();
    const b = menu({ parent_id: root.id, sort: 20, name: 'b' });
    const a = menu({ parent_id: root.id, sort: 10, name: 'a' });
    const c1 = menu({ parent_id: root.id, sort: 30, name: 'c1' });
    const c2 = menu({ parent_id: root.id, sort: 30, name: 'c2' });
    const { menu: tree } = buildMenuTree([c2, b, root, c1, a]);
    expect(tree[0].children.map((c) => c.label)).toEqual(['a', 'b', 'c1', 'c2']);
  });

  it('orders ids numerically, not as text', () => {
    const nine = menu({ id: '9', name: 'nine' });
    const ten = menu({ id: '10', name: 'ten' });
    expect(buildMenuTree([ten, nine]).menu.map((m) => m.label)).toEqual(['nine', 'ten']);
  });

  it('does not show a menu whose parent was not granted, nor anything below it', () => {
    const hidden = menu();
    const orphan = menu({ parent_id: hidden.id, name: 'orphan' });
    const below = menu({ parent_id: orphan.id, name: 'below' });
    const visible = menu({ name: 'visible' });
    const { menu: tree } = buildMenuTree([orphan, below, visible]);
    expect(tree.map((m) => m.label)).toEqual(['visible']);
    expect(JSON.stringify(tree)).not.toContain('orphan');
    expect(JSON.stringify(tree)).not.toContain('below');
  });

  it("maps a row to the spec's menu item: keepAlive 1 or 0, meta.roles, menuFlag, empty path as ''", () => {
    const row = menu({ keep_alive: false, menu_flag: 'app', roles: ['ROLE_ADMIN', 'ROLE_OPERATOR'], path: null, name_en: 'Handsets', icon: 'MobileOutlined' });
    const [item] = buildMenuTree([row]).menu;
    expect(item).toMatchObject({
      id: row.id, parentId: null, label: row.name, title: row.name, labelEn: 'Handsets', icon: 'MobileOutlined',
      path: '', keepAlive: 0, menuFlag: 'app', meta: { roles: ['ROLE_ADMIN', 'ROLE_OPERATOR'] }, children: [], buttonUrls: [],
    });
    expect(buildMenuTree([menu({ keep_alive: true })]).menu[0].keepAlive).toBe(1);
  });

  it('lists buttons apart from the tree, with their menu id and key', () => {
    const page = menu({ name: '用户管理' });
    const reset = button(page, 'sys_user_reset', { name: '重置密码', name_en: 'Reset password' });
    const { menu: tree, buttons } = buildMenuTree([page, reset]);
    expect(tree[0].children).toEqual([]);
    expect(buttons).toEqual([
      { id: reset.id, menuId: page.id, name: '重置密码', label: '重置密码', labelEn: 'Reset password', icon: null, permision: 'sys_user_reset', path: null, component: null, menuFlag: 'web' },
    ]);
  });

  it("adds a button's path to its menu's buttonUrls", () => {
    const page = menu();
    const withPath = button(page, 'jzjk_open', { path: '/jzjk/index' });
    const withoutPath = button(page, 'plain');
    const { menu: tree } = buildMenuTree([page, withPath, withoutPath]);
    expect(tree[0].buttonUrls).toEqual(['/jzjk/index']);
  });

  it('leaves out a button that carries no permission key', () => {
    const page = menu();
    expect(buildMenuTree([page, button(page, null)]).buttons).toEqual([]);
  });

  it('returns empty lists for no rows', () => {
    expect(buildMenuTree([])).toEqual({ menu: [], buttons: [] });
  });
});

describe('permissionMap', () => {
  it("maps every key, menus' and buttons' alike, to true", () => {
    const page = menu({ permission: 'sys_log' });
    expect(permissionMap([page, button(page, 'sys_log_view'), menu()])).toEqual({ sys_log: true, sys_log_view: true });
  });

  it('is empty when no row carries a key', () => {
    expect(permissionMap([menu(), menu()])).toEqual({});
  });
});
