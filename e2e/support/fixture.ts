import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, newPage, screenshotFailures } from './browser';
import { signIn } from './login';
import { type RunningServer, startServer } from './server';

/** What a spec file drives: its own server and a browser. */
export interface Stage {
  server: RunningServer;
  browser: Browser;
}

/** ...and one page signed in as one user. */
export interface SignedInStage extends Stage {
  context: BrowserContext;
  page: Page;
}

/**
 * Starts the file's server and browser before its tests, screenshots the page failurePage names
 * when a test fails, and stops both after the tests. The fields are set in beforeAll.
 */
export function useServerAndBrowser(failurePage: () => Page | undefined): Stage {
  const stage = {} as Stage;
  beforeAll(async () => {
    [stage.server, stage.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  screenshotFailures(failurePage);
  afterAll(async () => {
    await stage.browser?.close();
    await stage.server?.stop();
  });
  return stage;
}

/** The server and browser, with the user signed in through the real form before the tests. */
export function useSignedInPage(user: Parameters<typeof signIn>[2]): SignedInStage {
  // hooks run in the order registered: the server and browser start first and stop last
  const stage = useServerAndBrowser(() => stage.page) as SignedInStage;
  beforeAll(async () => {
    ({ context: stage.context, page: stage.page } = await newPage(stage.browser, stage.server.baseUrl));
    await signIn(stage.page, stage.server.databaseUrl, user);
  });
  afterAll(async () => {
    await stage.context?.close();
  });
  return stage;
}
