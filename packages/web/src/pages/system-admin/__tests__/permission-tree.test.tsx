import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { bindHttp } from '@/platform/api/http';
import { renderInShell } from '@/platform/templates/form/__tests__/shell';
import type { AdminMenuNode } from '@wb/protocol';
import { PermissionTree } from '../PermissionTree';

// What the permission tree sends when a menu is taken away, against a scripted server; the real
// server and browser run the same flow in e2e/specs/admin.e2e.ts.

const entry = (id: string, parentId: string | null, kind: 'menu' | 'button', path: string | null, permission: string | null, children: AdminMenuNode[] = []): AdminMenuNode => ({
  id, parentId, kind, name: `entry ${id}`, nameEn: null, path, component: null, icon: null, permission, sort: 0, keepAlive: true, menuFlag: 'web', children,
});

// 系统管理 > 用户管理 > [查看, 编辑]; 系统管理 > 角色管理
const TREE = [entry('1', null, 'menu', '/system', null, [
  entry('2', '1', 'menu', '/system/user', null, [entry('3', '2', 'button', null, 'sys_user_view'), entry('4', '2', 'button', null, 'sys_user_edit')]),
  entry('5', '1', 'menu', '/system/role', null),
])];

const json = (data: unknown) => new Response(JSON.stringify({ success: true, code: 0, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });
let sent: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    sent.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return url.includes('resource-tree') ? json(TREE) : json({ granted: 2 });
  }));
  bindHttp({
    session: () => ({ accessToken: 't', refreshToken: 'r', orgId: '1', hasUserInfo: true, isAdmin: true, activeMenuId: null }),
    language: () => 'zh', tokensRefreshed: () => {}, signedOut: () => {}, companyLeft: () => {}, failed: () => {},
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const checkbox = (key: string) => screen.getByTestId(`perm-${key}`).closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox') as HTMLElement;
const isChecked = (key: string) => checkbox(key).classList.contains('ant-tree-checkbox-checked');

describe('the role permission tree', () => {
  it('takes a menu away with its buttons, keeps the folder, and saves exactly that', async () => {
    renderInShell(<PermissionTree roleId="7" granted={['1', '2', '3', '4', '5']} editable />);
    await waitFor(() => expect(isChecked('/system/user')).toBe(true));
    await act(async () => {
      fireEvent.click(checkbox('/system/user'));
    });
    expect(isChecked('/system/user')).toBe(false);
    expect(isChecked('/system')).toBe(true);
    expect(isChecked('/system/role')).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByTestId('save-role-menus'));
    });
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    const save = sent.find((s) => s.method === 'PUT');
    expect(save?.url).toContain('/api/sys-role/menu');
    const body = save?.body as { roleId: string; menuIds: string[] };
    expect(body.roleId).toBe('7');
    expect([...body.menuIds].sort()).toEqual(['1', '5']);
  });

  it('checking a button checks its menu and folder too', async () => {
    renderInShell(<PermissionTree roleId="7" granted={[]} editable />);
    await waitFor(() => expect(screen.getByTestId('perm-/system/user')).toBeTruthy());
    // the tree opens at its folders: open the menu to reach its buttons
    await act(async () => {
      fireEvent.click(screen.getByTestId('perm-/system/user').closest('.ant-tree-treenode')?.querySelector('.ant-tree-switcher') as HTMLElement);
    });
    await waitFor(() => expect(screen.getByTestId('perm-sys_user_edit')).toBeTruthy());
    await act(async () => {
      fireEvent.click(checkbox('sys_user_edit'));
    });
    expect(['sys_user_edit', '/system/user', '/system'].map(isChecked)).toEqual([true, true, true]);
    expect(isChecked('sys_user_view')).toBe(false);
  });
});
