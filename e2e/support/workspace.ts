import type { Page } from 'playwright-core';

export const HOME = '/clouds/index';

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Opens a leaf of the sidebar (its area first when the leaf is not showing, then the second-level
 * folder it sits in) and waits, as a person would, until its tab is the active one.
 */
export async function openMenuLeaf(page: Page, areaPath: string, leafPath: string): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  const leaf = sidebar.getByTestId(`menu-${leafPath}`);
  // a folder's title names the pages below it (data-menu-leaves): open the deepest one showing,
  // the area first, then the second-level folder; a submenu may be folding up or opening, so look
  // once the sidebar stands still
  for (let step = 0; step < 3; step++) {
    await settled(page);
    if (await leaf.isVisible()) break;
    const folders = sidebar.locator(`[data-menu-leaves~="${leafPath}"]`);
    let folder = sidebar.getByTestId(`menu-${areaPath}`);
    for (let i = (await folders.count()) - 1; i >= 0; i--) {
      if (await folders.nth(i).isVisible()) {
        folder = folders.nth(i);
        break;
      }
    }
    await folder.click();
  }
  await leaf.click();
  await page.waitForURL((u) => u.pathname === leafPath);
  await waitActiveTab(page, leafPath);
}

/** The keys of the tab strip's tabs, in order (from the data-testid tab-<path>). */
export async function tabKeys(page: Page): Promise<string[]> {
  return page
    .getByTestId('tab-strip')
    .locator('.ant-tabs-nav-list [data-testid^="tab-/"]')
    .evaluateAll((els) => els.map((el) => (el.getAttribute('data-testid') ?? '').slice('tab-'.length)));
}

/** The key of the active tab. */
export async function activeTab(page: Page): Promise<string | null> {
  const el = page.getByTestId('tab-strip').locator('.ant-tabs-tab-active [data-testid^="tab-/"]');
  if ((await el.count()) !== 1) return null;
  return ((await el.getAttribute('data-testid')) ?? '').slice('tab-'.length);
}

/** The antd tab (the card around a tab's label). */
export const tabCard = (page: Page, key: string) => page.locator('.ant-tabs-tab', { has: page.getByTestId(`tab-${key}`) });

/** Clicks OK in an antd confirm dialog whose text contains `text`. */
export async function confirmDialog(page: Page, text: string | RegExp): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: text });
  await dialog.waitFor();
  await settled(page);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
}

/** Waits until the tab strip shows this tab as the active one. */
export async function waitActiveTab(page: Page, key: string): Promise<void> {
  await page.getByTestId('tab-strip').locator(`.ant-tabs-tab-active [data-testid="tab-${key}"]`).waitFor();
}

/** Clicks a tab and waits for its page's address and for the tab to show as active. */
export async function clickTab(page: Page, key: string): Promise<void> {
  await page.getByTestId(`tab-${key}`).click();
  await page.waitForURL((u) => u.pathname === key);
  await waitActiveTab(page, key);
}

/**
 * Waits until no finite CSS animation or transition runs (antd dialogs and menus zoom in and out);
 * endless ones (spinners) do not count.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 5000 },
  );
}
