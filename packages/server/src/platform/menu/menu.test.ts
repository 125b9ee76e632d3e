import { beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem, NavReply } from '@wb/protocol';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';
import { MENU_TREE } from '../../seed/menus';

const ctx = await createTestApp();
const { app } = ctx;

const nav = async (username: 'admin' | 'operator' | 'quality' | 'accountant'): Promise<NavReply> => {
  const { authorization } = await bearerFor(app, username);
  return expectOk(await call(app, 'GET', '/api/sys-menu/nav', authorization)).data;
};

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((m) => [m, ...flatten(m.children)]);
const labels = (items: MenuItem[]) => items.map((m) => m.label);

let admin: NavReply;
let operator: NavReply;
let accountant: NavReply;
beforeAll(async () => {
  [admin, operator, accountant] = await Promise.all([nav('admin'), nav('operator'), nav('accountant')]);
});

describe('the menu a user is sent follows their roles', () => {
  it('shows the operator no system administration and no permission to read the log', () => {
    expect(labels(operator.menu)).not.toContain('系统管理');
    expect(labels(flatten(operator.menu))).not.toContain('操作日志');
    expect(operator.permissions.sys_log_view).toBeUndefined();
    expect(operator.permissions.sys_user_reset).toBeUndefined();
    expect(operator.buttons.map((b) => b.permision)).not.toContain('sys_log_view');
  });

  it("shows the operator the gate and the weighing areas, but not the accountant's", () => {
    expect(labels(operator.menu)).toEqual(expect.arrayContaining(['采购', '销售', '门岗管理', '基础资料']));
    expect(labels(operator.menu)).not.toContain('结算管理');
    expect(labels(accountant.menu)).toContain('结算管理');
    expect(labels(accountant.menu)).not.toContain('门岗管理');
  });

  it('shows a child only to roles granted it, inside a parent shared with others', () => {
    const sale = (n: NavReply) => n.menu.find((m) => m.path === '/sale') as MenuItem;
    expect(labels(flatten(sale(operator).children))).not.toContain('销售合同');
    expect(labels(flatten(sale(accountant).children))).toContain('销售合同');
  });

  it('sends the second level of a folder, and marks a page kept out of the sidebar hidden', () => {
    const sale = accountant.menu.find((m) => m.path === '/sale') as MenuItem;
    expect(labels(sale.children)).toEqual(['合同价格', '客户资金', '计划', '计算']);
    const money = sale.children.find((m) => m.label === '客户资金') as MenuItem;
    expect(money.children.filter((m) => m.hidden).map((m) => m.path)).toEqual(['/modules/sale/recive_payment/edit']);
    const settlement = accountant.menu.find((m) => m.path === '/settlement') as MenuItem;
    expect(settlement.children.find((m) => m.label === '对账查询')).toMatchObject({ path: '/settlement/reconcile', component: 'settlement/reconcile' });
    expect(accountant.permissions.settlement_reconcile_view).toBe(true);
  });

  it('shows the administrator every menu of the tree, in the seeded order', () => {
    expect(labels(admin.menu)).toEqual(MENU_TREE.map((m) => m.name));
    const countSeeds = (items: typeof MENU_TREE): number => items.reduce((n, m) => n + 1 + countSeeds(m.children ?? []), 0);
    expect(flatten(admin.menu)).toHaveLength(countSeeds(MENU_TREE));
    expect(admin.permissions).toMatchObject({ sys_log_view: true, sys_user_reset: true });
  });

  it("sends the handset app's entries flagged app, and the rest flagged web", () => {
    const all = flatten(admin.menu);
    expect(all.filter((m) => m.menuFlag === 'app').map((m) => m.label)).toEqual(['手持机']);
    expect(all.filter((m) => m.menuFlag !== 'app').every((m) => m.menuFlag === 'web')).toBe(true);
  });

  it('sends buttons with the menu they belong to, and puts their keys in the permission map', () => {
    const logMenu = flatten(admin.menu).find((m) => m.path === '/system/log') as MenuItem;
    const button = admin.buttons.find((b) => b.permision === 'sys_log_view');
    expect(button).toMatchObject({ menuId: logMenu.id, label: '查看日志', menuFlag: 'web' });
    for (const b of admin.buttons) expect(admin.permissions[b.permision]).toBe(true);
  });

  it("lists in each menu's meta.roles the role codes granted it, including the caller's", () => {
    for (const m of flatten(operator.menu)) {
      expect(m.meta.roles).toContain('ROLE_OPERATOR');
      expect(m.meta.roles).toContain('ROLE_ADMIN');
      expect(m.meta.roles.every((r) => r.startsWith('ROLE_'))).toBe(true);
    }
    const settlement = admin.menu.find((m) => m.path === '/settlement') as MenuItem;
    expect(settlement.meta.roles).toEqual(['ROLE_ACCOUNTANT', 'ROLE_ADMIN']);
  });

  it("answers in roles the caller's own roles in the current company, not every role that shares a menu", () => {
    expect(operator.roles).toEqual(['ROLE_OPERATOR']);
    expect(accountant.roles).toEqual(['ROLE_ACCOUNTANT']);
    expect(admin.roles).toEqual(['ROLE_ADMIN']);
  });

  it('sends the version code', () => {
    expect(admin.versionCode).toBe(ctx.config.versionCode);
  });
});
