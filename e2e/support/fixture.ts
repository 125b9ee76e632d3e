import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, newPage, screenshotFailures } from './browser';
import { signIn } from './login';
import { type RunningServer, startServer } from './server';

/** What a spec file drives: its own server, a browser, and one page signed in as one user. */
export interface SignedInStage {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * Starts the file's server and browser, signs the user in through the real form before the
 * tests, screenshots failures, and stops everything after them. The fields are set in beforeAll.
 */
export function useSignedInPage(user: Parameters<typeof signIn>[2]): SignedInStage {
  const stage = {} as SignedInStage;
  beforeAll(async () => {
    [stage.server, stage.browser] = await Promise.all([startServer(), launchBrowser()]);
    ({ context: stage.context, page: stage.page } = await newPage(stage.browser, stage.server.baseUrl));
    await signIn(stage.page, stage.server.databaseUrl, user);
  });
  screenshotFailures(() => stage.page);
  afterAll(async () => {
    await stage.context?.close();
    await stage.browser?.close();
    await stage.server?.stop();
  });
  return stage;
}
