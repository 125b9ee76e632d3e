import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { beforeEach } from 'vitest';
import { watchPolicyViolations } from './policy-violations';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../output');

// Debian's chromium, never a downloaded browser; the flags keep it off the (closed) network.
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
}

/** A fresh context and page; timezoneId sets the browser's own zone (the plant's is the server's). */
export async function newPage(browser: Browser, baseUrl: string, locale = 'zh-CN', timezoneId?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, locale, viewport: { width: 1440, height: 900 }, ...(timezoneId ? { timezoneId } : {}) });
  await watchPolicyViolations(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * Registers, for the calling spec file, a screenshot of the page of every failed test (named after
 * the test), so a failure shows what the user saw.
 */
export function screenshotFailures(currentPage: () => Page | undefined): void {
  beforeEach((ctx) => {
    ctx.onTestFailed(async () => {
      const page = currentPage();
      if (!page || page.isClosed()) return;
      const file = path.basename(ctx.task.file?.name ?? 'spec').replace(/\.e2e\.ts$/, '');
      const name = `FAILED-${file}-${ctx.task.name}`.replace(/[^\w\u4e00-\u9fa5-]+/g, '_').slice(0, 120);
      await screenshot(page, name).catch(() => undefined);
    });
  });
}
