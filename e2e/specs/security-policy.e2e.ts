import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser';
import { useServerAndBrowser } from '../support/fixture';
import { signIn, USERS } from '../support/login';
import { assertNoPolicyViolations, type PolicyViolation, takePolicyViolations } from '../support/policy-violations';

// The server's Content-Security-Policy holds in the browser, and a page that breaks it is caught:
// every spec runs assertNoPolicyViolations after each test (support/policy-guard.ts).

let context: BrowserContext;
let page: Page;
const stage = useServerAndBrowser(() => page);

beforeAll(async () => {
  ({ context, page } = await newPage(stage.browser, stage.server.baseUrl));
});
afterAll(async () => context?.close());

/** Adds a script element with inline code, as an injection would. */
const injectScript = (target: Page) =>
  target.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true;';
    document.head.append(s);
    return (window as unknown as { __injected?: boolean }).__injected ?? false;
  });

/** The violations reported within a while, for one the browser reports after the test's last step. */
async function violationsWithin(ms: number): Promise<PolicyViolation[]> {
  const found: PolicyViolation[] = [];
  const deadline = Date.now() + ms;
  while (found.length === 0 && Date.now() < deadline) {
    found.push(...(await takePolicyViolations()));
    await new Promise((r) => setTimeout(r, 100));
  }
  return found;
}

describe('content security policy', () => {
  it('is sent with the app and lets the sign-in page run without a violation', async () => {
    const res = await page.goto('/login');
    const policy = res?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(res?.headers()['x-frame-options']).toBe('DENY');
    await page.getByTestId('login-form').waitFor();
    await page.waitForFunction(() => [...document.images].every((i) => i.complete));
    expect(await takePolicyViolations()).toEqual([]);
  });

  it('refuses an injected inline script, and the check after each test fails on it', async () => {
    expect(await injectScript(page)).toBe(false);
    await expect(assertNoPolicyViolations()).rejects.toThrow(/script-src-elem blocked inline/);
    // the check forgets what it reported: the next test starts clean
    expect(await takePolicyViolations()).toEqual([]);
  });

  it('refuses eval', async () => {
    // in a task of the page's own: the test's evaluate call itself is let through by the browser
    const outcome = await page.evaluate(() => new Promise<string>((resolve) => setTimeout(() => {
      try {
        resolve(String(new Function('return 1')()));
      } catch (err) {
        resolve((err as Error).name);
      }
    })));
    expect(outcome).toBe('EvalError');
    expect((await takePolicyViolations()).map((v) => v.directive)).toEqual(['script-src']);
  });

  it('refuses an image from another origin', async () => {
    await page.evaluate(() => new Promise<void>((resolve) => {
      const img = document.createElement('img');
      img.onerror = () => resolve();
      img.src = 'http://127.0.0.2:9/tracker.png';
      document.body.append(img);
    }));
    const found = await takePolicyViolations();
    expect(found.map((v) => [v.directive, v.blocked])).toEqual([['img-src', 'http://127.0.0.2:9/tracker.png']]);
  });

  it('sees a violation in a tab the page opens, as the ticket print page is opened', async () => {
    const [popup] = await Promise.all([context.waitForEvent('page'), page.evaluate(() => void window.open('/login', '_blank'))]);
    await popup.getByTestId('login-form').waitFor();
    expect(await injectScript(popup)).toBe(false);
    const found = await takePolicyViolations();
    expect(found).toHaveLength(1);
    expect(new URL(found[0].page).pathname).toBe('/login');
    await popup.close();
  });
});

describe('frames of the workspace', () => {
  beforeAll(async () => signIn(page, stage.server.databaseUrl, USERS.admin));

  it('shows the help page inside the workspace: the build\'s own pages may be framed by this origin', async () => {
    await page.goto(`/myiframe/help?src=${encodeURIComponent('/help.html')}&name=帮助文档`);
    const frame = page.frameLocator('[data-testid="iframe-page"] iframe');
    await frame.getByRole('heading', { name: /使用帮助/ }).waitFor();
  });

  it('refuses to frame an origin CSP_FRAME_SRC does not name', async () => {
    await page.goto(`/myiframe/board?src=${encodeURIComponent('http://127.0.0.2:9/board')}&name=看板`);
    await page.getByTestId('iframe-page').waitFor();
    const found = await violationsWithin(5000);
    expect(found.map((v) => [v.directive, v.blocked])).toEqual([['frame-src', 'http://127.0.0.2:9']]);
  });
});
