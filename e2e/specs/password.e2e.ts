import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshotFailures } from '../support/browser';
import { sql } from '../support/db';
import { api, apiSignIn, pageToken, signIn, submitLoginForm, USERS } from '../support/login';
import { type RunningServer, startServer } from '../support/server';
import { HOME, pathOf, waitActiveTab } from '../support/workspace';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

screenshotFailures(() => page);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** A fresh browser session (the session lives in the tab's session storage). */
async function freshPage(): Promise<Page> {
  await context?.close();
  ({ context, page } = await newPage(browser, server.baseUrl));
  return page;
}

async function expectRefused(p: Page, username: string, password: string): Promise<void> {
  await p.goto('/login');
  await submitLoginForm(p, server.databaseUrl, { username, password });
  await p.getByTestId('login-error').filter({ hasText: '用户名或密码错误' }).waitFor();
  expect(pathOf(p)).toBe('/login');
}

async function fillAndSave(p: Page, oldPassword: string, newPassword: string): Promise<void> {
  await p.getByTestId('editpwd-old').fill(oldPassword);
  await p.getByTestId('editpwd-new').fill(newPassword);
  await p.getByTestId('editpwd-confirm').fill(newPassword);
  await p.getByTestId('editpwd-submit').click();
}

describe('change password from the real-name menu', () => {
  const NEW = 'Scale#Op2027';

  it('opens 修改密码 from the real-name menu', async () => {
    const p = await freshPage();
    await signIn(p, server.databaseUrl, USERS.operator);
    const userId = (await sql<{ id: string }>(server.databaseUrl, 'SELECT id::text FROM sys_user WHERE username = $1', ['operator']))[0].id;
    await p.getByTestId('user-menu').click();
    await p.getByTestId('menu-change-password').click();
    await p.waitForURL((u) => u.pathname === '/editpwd');
    expect(new URL(p.url()).searchParams.get('id')).toBe(userId);
    await p.getByTestId('editpwd-page').waitFor();
    await waitActiveTab(p, '/editpwd');
    expect((await p.getByTestId('tab-/editpwd').textContent())?.trim()).toBe('修改密码');
    // not the forced variant
    expect(await p.getByTestId('editpwd-forced').count()).toBe(0);
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const p = page as Page;
    await fillAndSave(p, 'Wrong@2026', NEW);
    await p.getByTestId('editpwd-error').filter({ hasText: '原密码错误' }).waitFor();
    expect(pathOf(p)).toBe('/editpwd');
  });

  it('saves a new password and returns to the workspace', async () => {
    const p = page as Page;
    await fillAndSave(p, USERS.operator.password, NEW);
    await p.locator('.ant-message-notice').filter({ hasText: '密码修改成功' }).waitFor();
    await p.waitForURL((u) => u.pathname === HOME);
    await p.getByTestId('home-page').waitFor();
  });

  it('afterwards the old password fails and the new one signs in', async () => {
    const p = await freshPage();
    await expectRefused(p, USERS.operator.username, USERS.operator.password);
    await signIn(p, server.databaseUrl, { username: USERS.operator.username, password: NEW });
    expect(await p.getByTestId('real-name').textContent()).toBe(USERS.operator.realName);
  });
});

describe('forced change after an administrator reset the password', () => {
  const WEAK = '123456';
  const NEW = 'Assay#Qc2027';
  let qualityId: string;

  it('an administrator resets the quality user to a weak password (API)', async () => {
    qualityId = (await sql<{ id: string }>(server.databaseUrl, 'SELECT id::text FROM sys_user WHERE username = $1', ['quality']))[0].id;
    const token = await apiSignIn(server.baseUrl, server.databaseUrl, USERS.admin.username, USERS.admin.password);
    const reset = await api(server.baseUrl, token, 'PUT', `/api/sys-user/password/reset/${qualityId}`, { newpassword: WEAK });
    expect(reset.status).toBe(200);
  });

  it('signing in with it shows the notice, then about 3 s later /editpwd?type=default&id=…', async () => {
    const p = await freshPage();
    await p.goto('/login');
    await submitLoginForm(p, server.databaseUrl, { username: USERS.quality.username, password: WEAK });
    await p.waitForURL((u) => u.pathname === HOME);
    const arrived = Date.now();
    await p.locator('.ant-notification-notice').filter({ hasText: '您的密码为初始密码或过于简单，请修改密码' }).waitFor();
    await p.waitForURL((u) => u.pathname === '/editpwd', { timeout: 10_000 });
    const waited = Date.now() - arrived;
    expect(waited).toBeGreaterThanOrEqual(2000);
    expect(waited).toBeLessThan(7000);
    const q = new URL(p.url()).searchParams;
    expect(q.get('type')).toBe('default');
    expect(q.get('id')).toBe(qualityId);
    await p.getByTestId('editpwd-forced').waitFor();
  });

  it('the form refuses another weak password before asking the server', async () => {
    const p = page as Page;
    await fillAndSave(p, WEAK, 'abcdefgh');
    await p.locator('.ant-form-item-explain-error').filter({ hasText: /\S/ }).first().waitFor();
    expect(pathOf(p)).toBe('/editpwd');
  });

  it('changing it there opens the workspace', async () => {
    const p = page as Page;
    await fillAndSave(p, WEAK, NEW);
    await p.locator('.ant-message-notice').filter({ hasText: '密码修改成功' }).waitFor();
    await p.waitForURL((u) => u.pathname === HOME);
    await p.getByTestId('home-page').waitFor();
  });

  it('a later sign-in with the new password opens the workspace normally, with no forced change', async () => {
    const p = await freshPage();
    await signIn(p, server.databaseUrl, { username: USERS.quality.username, password: NEW });
    const token = await pageToken(p);
    const safety = await api<{ data: { safe: boolean } }>(server.baseUrl, token ?? '', 'GET', '/api/sys-user/pwd/checkSafe');
    expect(safety.body.data.safe).toBe(true);
    // the forced change would have moved on after ~3 s: give it that long, then check nothing moved
    await p.waitForTimeout(3500);
    expect(pathOf(p)).toBe(HOME);
    expect(await p.locator('.ant-notification-notice').filter({ hasText: '请修改密码' }).count()).toBe(0);
  });

  it('the weak password no longer signs in', async () => {
    const p = await freshPage();
    await expectRefused(p, USERS.quality.username, WEAK);
  });
});
