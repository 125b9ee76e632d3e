import type { Page } from 'playwright-core';
import { captchaCode } from './db';

export const WEB_CLIENT = `Basic ${Buffer.from('weighbridge:weighbridge').toString('base64')}`;

export const USERS = {
  admin: { username: 'admin', password: 'Scale@2026', realName: '系统管理员' },
  operator: { username: 'operator', password: 'Weigh@2026', realName: '王司磅' },
  quality: { username: 'quality', password: 'Assay@2026', realName: '李质检' },
  sampler: { username: 'sampler', password: 'Sample@2026', realName: '赵取样' },
  accountant: { username: 'accountant', password: 'Money@2026', realName: '张会计' },
} as const;

export const COMPANY_CEMENT = '华东水泥有限公司';
export const COMPANY_TRADE = '华东建材贸易有限公司';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The code the captcha image shows, looked up by the randomStr in the image's src. The server
 * stores the code when it draws the image, so this waits until the browser has fetched it.
 */
export async function readCaptcha(page: Page, databaseUrl: string): Promise<{ randomStr: string; code: string }> {
  const img = page.getByTestId('captcha-image');
  await img.waitFor({ state: 'visible' });
  // The image must be loaded, or the server has not issued the code yet.
  await page.waitForFunction(
    () => {
      const el = document.querySelector<HTMLImageElement>('[data-testid="captcha-image"]');
      return Boolean(el?.complete && el.naturalWidth > 0);
    },
    undefined,
    { timeout: 10_000 },
  );
  const src = await img.getAttribute('src');
  const randomStr = new URL(src ?? '', 'http://x').searchParams.get('randomStr');
  if (!randomStr) throw new Error(`captcha image has no randomStr: ${src}`);
  let lastError: unknown;
  for (let i = 0; i < 20; i++) {
    try {
      return { randomStr, code: await captchaCode(databaseUrl, randomStr) };
    } catch (err) {
      lastError = err;
      await sleep(100);
    }
  }
  throw lastError;
}

export interface FormSignIn {
  username: string;
  password: string;
  /** a code to type instead of the right one (to test a wrong captcha) */
  code?: string;
}

/** Fills the real sign-in form (already on /login) and submits it; does not wait for the outcome. */
export async function submitLoginForm(page: Page, databaseUrl: string, who: FormSignIn): Promise<{ randomStr: string }> {
  await page.getByTestId('login-username').fill(who.username);
  await page.getByTestId('login-password').fill(who.password);
  const { randomStr, code } = await readCaptcha(page, databaseUrl);
  await page.getByTestId('login-captcha').fill(who.code ?? code);
  await page.getByTestId('login-submit').click();
  return { randomStr };
}

/** Opens /login, signs in through the form and waits for the workspace (its home page unless told). */
export async function signIn(page: Page, databaseUrl: string, who: FormSignIn, landing = '/clouds/index'): Promise<void> {
  await page.goto('/login');
  await submitLoginForm(page, databaseUrl, who);
  await page.waitForURL((u) => u.pathname === landing);
  await page.getByTestId('real-name').filter({ hasText: /\S/ }).waitFor();
}

/** The access token the page holds (session storage of the web app). */
export async function pageToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = window.sessionStorage.getItem('wb-session');
    if (!raw) return null;
    return (JSON.parse(raw) as { state?: { accessToken?: string | null } }).state?.accessToken ?? null;
  });
}

/** Signs in through the API as the web client does (captcha included); answers the access token. */
export async function apiSignIn(baseUrl: string, databaseUrl: string, username: string, password: string): Promise<string> {
  const randomStr = `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const image = await fetch(`${baseUrl}/api/code/image?randomStr=${randomStr}`);
  if (!image.ok) throw new Error(`captcha image answered ${image.status}`);
  await image.arrayBuffer();
  const code = await captchaCode(databaseUrl, randomStr);
  const q = new URLSearchParams({ grant_type: 'password', username, password, randomStr, code, scope: 'server' });
  const res = await fetch(`${baseUrl}/api/oauth/token?${q}`, { method: 'POST', headers: { Authorization: WEB_CLIENT } });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-in of ${username} answered ${res.status}: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** A bearer call to the API; answers the status and the parsed body. */
export async function api<T = unknown>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed as T };
}
