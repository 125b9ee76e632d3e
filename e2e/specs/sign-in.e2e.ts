import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser';
import { useServerAndBrowser } from '../support/fixture';
import { COMPANY_CEMENT, readCaptcha, signIn, submitLoginForm, USERS } from '../support/login';

/** the page of the describe block running, for the failure screenshot */
let current: Page | undefined;
const stage = useServerAndBrowser(() => current);

const path = (page: Page) => new URL(page.url()).pathname;

describe('signed out', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(stage.browser, stage.server.baseUrl));
    current = page;
  });
  afterAll(async () => context?.close());

  it('sends a visitor of a workspace page or an unmatched route to /login', async () => {
    await page.goto('/clouds/index');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.goto('/no/such/page');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByTestId('login-form').waitFor();
  });

  it('refuses a wrong password with 用户名或密码错误 and stays on /login', async () => {
    await page.goto('/login');
    await submitLoginForm(page, stage.server.databaseUrl, { username: USERS.operator.username, password: 'Wrong@2026' });
    const error = page.getByTestId('login-error');
    await error.filter({ hasText: '用户名或密码错误' }).waitFor();
    expect(path(page)).toBe('/login');
    expect(await page.getByTestId('real-name').count()).toBe(0);
  });

  it('refuses a wrong captcha with 验证码错误 and shows a new captcha image', async () => {
    await page.goto('/login');
    const { randomStr } = await submitLoginForm(page, stage.server.databaseUrl, { ...USERS.operator, code: 'zzzz' });
    await page.getByTestId('login-error').filter({ hasText: '验证码错误' }).waitFor();
    expect(path(page)).toBe('/login');
    const next = await readCaptcha(page, stage.server.databaseUrl);
    expect(next.randomStr).not.toBe(randomStr);
    // the captcha field is emptied for the new image
    expect(await page.getByTestId('login-captcha').inputValue()).toBe('');
  });
});

describe('signed in', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(stage.browser, stage.server.baseUrl));
    current = page;
  });
  afterAll(async () => context?.close());

  it('opens the workspace on the home tab with the real name and the company', async () => {
    await signIn(page, stage.server.databaseUrl, USERS.operator);
    expect(path(page)).toBe('/clouds/index');
    await page.getByTestId('home-page').waitFor();
    const home = page.getByTestId('tab-/clouds/index');
    await home.waitFor();
    expect((await home.textContent())?.trim()).toBe('首页');
    expect(await page.getByTestId('real-name').textContent()).toBe(USERS.operator.realName);
    expect((await page.getByTestId('company-name').textContent())?.trim()).toBe(COMPANY_CEMENT);
  });

  it('sends a signed-in visitor of /login to / (the home page)', async () => {
    await page.goto('/login');
    await page.waitForURL((u) => u.pathname === '/clouds/index');
    await page.getByTestId('home-page').waitFor();
    expect(await page.getByTestId('login-form').count()).toBe(0);
  });

  it('sends an unmatched route to /clouds/index', async () => {
    await page.goto('/no/such/page');
    await page.waitForURL((u) => u.pathname === '/clouds/index');
    await page.getByTestId('home-page').waitFor();
  });
});
