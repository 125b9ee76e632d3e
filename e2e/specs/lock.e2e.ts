import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser';
import { useServerAndBrowser } from '../support/fixture';
import { type RunningServer, startServer } from '../support/server';
import { signIn, USERS } from '../support/login';
import { settled } from '../support/workspace';

/** the page of the describe block running, for the failure screenshot */
let current: Page | undefined;
const stage = useServerAndBrowser(() => current);

const path = (page: Page) => new URL(page.url()).pathname;
const okButton = (page: Page) => page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ });

describe('manual lock', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(stage.browser, stage.server.baseUrl));
    current = page;
    await signIn(page, stage.server.databaseUrl, USERS.operator);
  });
  afterAll(async () => context?.close());

  it('asks for confirmation, then shows the lock screen at /lock', async () => {
    await page.getByTestId('lock-button').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.filter({ hasText: '此操作将锁定屏幕' }).waitFor();
    await settled(page);
    // nothing is locked before the user confirms
    expect(path(page)).toBe('/clouds/index');
    await okButton(page).click();
    await page.waitForURL((u) => u.pathname === '/lock');
    await page.getByTestId('lock-page').waitFor();
    expect(await page.getByTestId('lock-page').textContent()).toContain(USERS.operator.realName);
    expect(await page.getByTestId('sidebar').count()).toBe(0);
  });

  it('forces every path to /lock while locked', async () => {
    for (const p of ['/clouds/index', '/', '/login', '/editpwd', '/no/such/page']) {
      await page.goto(p);
      await page.waitForURL((u) => u.pathname === '/lock');
      await page.getByTestId('lock-page').waitFor();
      expect(await page.getByTestId('sidebar').count(), `workspace shown at ${p}`).toBe(0);
    }
  });

  it('stays locked on a wrong password and says so', async () => {
    await page.getByTestId('lock-password').fill('Wrong@2026');
    await page.getByTestId('unlock-submit').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: /\S/ }).waitFor();
    expect(path(page)).toBe('/lock');
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    // still locked after a reload
    await page.reload();
    await page.getByTestId('lock-page').waitFor();
    expect(path(page)).toBe('/lock');
  });

  it('unlocks back to the workspace with the right password', async () => {
    await page.getByTestId('lock-password').fill(USERS.operator.password);
    await page.getByTestId('unlock-submit').click();
    await page.waitForURL((u) => u.pathname === '/clouds/index');
    await page.getByTestId('home-page').waitFor();
    expect(await page.getByTestId('real-name').textContent()).toBe(USERS.operator.realName);
    // and paths are no longer forced to /lock
    await page.goto('/lock');
    await page.waitForURL((u) => u.pathname !== '/lock');
    await page.getByTestId('sidebar').waitFor();
  });
});

describe('signing out from the lock screen', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(stage.browser, stage.server.baseUrl));
    current = page;
    await signIn(page, stage.server.databaseUrl, USERS.accountant);
  });
  afterAll(async () => context?.close());

  it('leads to /login, and signing in again opens the workspace unlocked', async () => {
    await page.getByTestId('lock-button').click();
    await page.locator('.ant-modal-confirm').filter({ hasText: '此操作将锁定屏幕' }).waitFor();
    await settled(page);
    await okButton(page).click();
    await page.waitForURL((u) => u.pathname === '/lock');
    await page.getByTestId('lock-signout').click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByTestId('login-form').waitFor();
    await signIn(page, stage.server.databaseUrl, USERS.accountant);
    await page.getByTestId('home-page').waitFor();
    await page.goto('/clouds/index');
    await page.getByTestId('sidebar').waitFor();
    expect(path(page)).toBe('/clouds/index');
  });
});

describe('inactivity lock', () => {
  let second: RunningServer;
  let context: BrowserContext;
  let page: Page;
  const LOCK_AFTER_MS = 4000;
  beforeAll(async () => {
    second = await startServer({ databaseUrl: stage.server.databaseUrl, env: { LOCK_AFTER_MS: String(LOCK_AFTER_MS) } });
    ({ context, page } = await newPage(stage.browser, second.baseUrl));
    current = page;
  });
  afterAll(async () => {
    await context?.close();
    await second?.stop();
  });

  it('locks the screen after the configured idle time, not before', async () => {
    await signIn(page, stage.server.databaseUrl, USERS.operator);
    const signedInAt = Date.now();
    // idle: no mouse or keyboard from here on
    await page.waitForURL((u) => u.pathname === '/lock', { timeout: LOCK_AFTER_MS + 6000 });
    const idleMs = Date.now() - signedInAt;
    expect(idleMs).toBeGreaterThanOrEqual(LOCK_AFTER_MS - 1500);
    await page.getByTestId('lock-page').waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
  });

  it('unlocks with the password after an inactivity lock', async () => {
    await page.getByTestId('lock-password').fill(USERS.operator.password);
    await page.getByTestId('unlock-submit').click();
    await page.waitForURL((u) => u.pathname === '/clouds/index');
    await page.getByTestId('home-page').waitFor();
  });
});
