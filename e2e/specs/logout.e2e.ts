import { describe, expect, it } from 'vitest';
import { useSignedInPage } from '../support/fixture';
import { api, pageToken, signIn, USERS } from '../support/login';
import { HOME, openMenuLeaf, pathOf, settled, tabKeys, waitActiveTab } from '../support/workspace';

const stage = useSignedInPage(USERS.accountant);

const logoutDialog = () => stage.page.locator('.ant-modal-confirm').filter({ hasText: '退出系统, 是否继续?' });

async function askToLogOut(): Promise<void> {
  await stage.page.getByTestId('user-menu').click();
  await stage.page.getByTestId('menu-logout').click();
  await logoutDialog().waitFor();
  await settled(stage.page);
}

describe('log out', () => {
  let oldToken: string;

  it('asks 退出系统, 是否继续?; cancelling keeps the session', async () => {
    await openMenuLeaf(stage.page, '/stock', '/stock/balance');
    oldToken = (await pageToken(stage.page)) ?? '';
    expect(oldToken).not.toBe('');
    await askToLogOut();
    await logoutDialog().getByRole('button', { name: /取\s*消/ }).click();
    await logoutDialog().waitFor({ state: 'hidden' });
    expect(pathOf(stage.page)).toBe('/stock/balance');
    expect((await api(stage.server.baseUrl, oldToken, 'GET', '/api/sys-info/me')).status).toBe(200);
  });

  it('confirming returns to /login', async () => {
    await askToLogOut();
    await logoutDialog().getByRole('button', { name: /确\s*定/ }).click();
    await stage.page.waitForURL((u) => u.pathname === '/login');
    await stage.page.getByTestId('login-form').waitFor();
    expect(await pageToken(stage.page)).toBeNull();
  });

  it('the old token no longer works', async () => {
    const me = await api(stage.server.baseUrl, oldToken, 'GET', '/api/sys-info/me');
    expect(me.status).toBe(401);
    const nav = await api(stage.server.baseUrl, oldToken, 'GET', '/api/sys-menu/nav');
    expect(nav.status).toBe(401);
  });

  it('the workspace is closed: / and the last page lead to /login', async () => {
    await stage.page.goto('/');
    await stage.page.waitForURL((u) => u.pathname === '/login');
    await stage.page.goto('/stock/balance');
    await stage.page.waitForURL((u) => u.pathname === '/login');
    await stage.page.goto(HOME);
    await stage.page.waitForURL((u) => u.pathname === '/login');
    await stage.page.getByTestId('login-form').waitFor();
    expect(await stage.page.getByTestId('sidebar').count()).toBe(0);
  });

  it('signing in again opens the page asked for while signed out, once; the old tabs are gone', async () => {
    // the last address asked for while signed out was the home page, which is not remembered;
    // ask for a workspace page now
    await stage.page.goto('/stock/record');
    await stage.page.waitForURL((u) => u.pathname === '/login');
    await signIn(stage.page, stage.server.databaseUrl, USERS.accountant, '/stock/record');
    await waitActiveTab(stage.page, '/stock/record');
    expect(await tabKeys(stage.page)).toEqual([HOME, '/stock/record']);
    // remembered once only
    await stage.page.goto('/');
    await stage.page.waitForURL((u) => u.pathname === HOME);
    await stage.page.getByTestId('home-page').waitFor();
    expect(pathOf(stage.page)).toBe(HOME);
  });
});
