import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshotFailures } from '../support/browser';
import { api, pageToken, signIn, USERS } from '../support/login';
import { type RunningServer, startServer } from '../support/server';
import { HOME, openMenuLeaf, pathOf, settled, tabKeys, waitActiveTab } from '../support/workspace';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  ({ context, page } = await newPage(browser, server.baseUrl));
  await signIn(page, server.databaseUrl, USERS.accountant);
});

screenshotFailures(() => page);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const logoutDialog = () => page.locator('.ant-modal-confirm').filter({ hasText: '退出系统, 是否继续?' });

async function askToLogOut(): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-logout').click();
  await logoutDialog().waitFor();
  await settled(page);
}

describe('log out', () => {
  let oldToken: string;

  it('asks 退出系统, 是否继续?; cancelling keeps the session', async () => {
    await openMenuLeaf(page, '/stock', '/stock/balance');
    oldToken = (await pageToken(page)) ?? '';
    expect(oldToken).not.toBe('');
    await askToLogOut();
    await logoutDialog().getByRole('button', { name: /取\s*消/ }).click();
    await logoutDialog().waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/stock/balance');
    expect((await api(server.baseUrl, oldToken, 'GET', '/api/sys-info/me')).status).toBe(200);
  });

  it('confirming returns to /login', async () => {
    await askToLogOut();
    await logoutDialog().getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByTestId('login-form').waitFor();
    expect(await pageToken(page)).toBeNull();
  });

  it('the old token no longer works', async () => {
    const me = await api(server.baseUrl, oldToken, 'GET', '/api/sys-info/me');
    expect(me.status).toBe(401);
    const nav = await api(server.baseUrl, oldToken, 'GET', '/api/sys-menu/nav');
    expect(nav.status).toBe(401);
  });

  it('the workspace is closed: / and the last page lead to /login', async () => {
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.goto('/stock/balance');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.goto(HOME);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByTestId('login-form').waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
  });

  it('signing in again opens the page asked for while signed out, once; the old tabs are gone', async () => {
    // the last address asked for while signed out was the home page, which is not remembered;
    // ask for a workspace page now
    await page.goto('/stock/record');
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, server.databaseUrl, USERS.accountant, '/stock/record');
    await waitActiveTab(page, '/stock/record');
    expect(await tabKeys(page)).toEqual([HOME, '/stock/record']);
    // remembered once only
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === HOME);
    await page.getByTestId('home-page').waitFor();
    expect(pathOf(page)).toBe(HOME);
  });
});
