import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, screenshotFailures } from '../support/browser';
import { signIn, USERS } from '../support/login';
import { type RunningServer, startServer } from '../support/server';
import { HOME, openMenuLeaf, settled, tabKeys } from '../support/workspace';

// Screens for people to look at (e2e/output/*.png): the sign-in page and the workspace with the
// menu open and two tabs, in Chinese and in English. The tests also check the switch took effect.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  ({ context, page } = await newPage(browser, server.baseUrl));
});

screenshotFailures(() => page);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** Waits for the web fonts and the captcha image, then for animations to end. */
async function ready(): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  await settled(page);
}

describe('screenshots', () => {
  it('sign-in page in Chinese', async () => {
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await page.getByRole('heading', { name: '欢迎登录' }).waitFor();
    expect(await page.getByTestId('login-submit').textContent()).toMatch(/登\s*录/);
    await ready();
    await screenshot(page, 'login-zh');
  });

  it('sign-in page in English (language switch)', async () => {
    await page.getByTestId('lang-switch').click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByTestId('login-submit').textContent()).toContain('Sign in');
    expect(await page.getByTestId('login-username').getAttribute('placeholder')).toBe('User name');
    await ready();
    await screenshot(page, 'login-en');
  });

  it('workspace in English with the menu open and two tabs', async () => {
    await signIn(page, server.databaseUrl, USERS.admin);
    await openMenuLeaf(page, '/notice', '/notice/pu');
    expect(await tabKeys(page)).toEqual([HOME, '/notice/pu']);
    expect((await page.getByTestId(`tab-${HOME}`).textContent())?.trim()).toBe('Home');
    expect((await page.getByTestId('tab-/notice/pu').textContent())?.trim()).toBe('Purchase notices');
    expect((await page.getByTestId('sidebar').getByTestId('menu-/notice').textContent())?.trim()).toBe('Notices');
    await ready();
    await screenshot(page, 'workspace-en');
  });

  it('workspace in Chinese (language menu of the top bar)', async () => {
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-zh-CN').click();
    await page.getByTestId(`tab-${HOME}`).filter({ hasText: '首页' }).waitFor();
    expect((await page.getByTestId('tab-/notice/pu').textContent())?.trim()).toBe('采购通知单');
    expect((await page.getByTestId('sidebar').getByTestId('menu-/notice').textContent())?.trim()).toBe('通知单');
    // the sidebar area stays open on the active page
    expect(await page.getByTestId('sidebar').getByTestId('menu-/notice/pu').isVisible()).toBe(true);
    await page.mouse.move(700, 600);
    await ready();
    await screenshot(page, 'workspace-zh');
  });
});
