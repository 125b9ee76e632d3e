import { describe, expect, it } from 'vitest';
import { useSignedInPage } from '../support/fixture';
import { USERS } from '../support/login';
import { activeTab, clickTab, HOME, openMenuLeaf, pathOf, settled, tabCard, tabKeys } from '../support/workspace';

const stage = useSignedInPage(USERS.admin);

const PURCHASE_NOTICE = '/notice/pu';
const PURCHASE_REGISTRY = '/registry/pu';
const SALE_NOTICE = '/notice/sa';

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

/** Opens the three pages the tests work with (in whatever order tabs they had keep), ending on the sales notices. */
async function openThree(): Promise<void> {
  await openMenuLeaf(stage.page, '/notice', PURCHASE_NOTICE);
  await openMenuLeaf(stage.page, '/registry', PURCHASE_REGISTRY);
  await openMenuLeaf(stage.page, '/notice', SALE_NOTICE);
  const keys = await tabKeys(stage.page);
  expect(keys[0]).toBe(HOME);
  expect([...keys].sort()).toEqual([HOME, PURCHASE_NOTICE, PURCHASE_REGISTRY, SALE_NOTICE].sort());
}

async function rightClickTab(key: string, item: 'tab-close-others' | 'tab-close-all'): Promise<void> {
  await stage.page.getByTestId(`tab-${key}`).click({ button: 'right' });
  await settled(stage.page);
  await stage.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId(item).click();
}

async function moreMenu(item: 'tab-more-close-others' | 'tab-more-close-all'): Promise<void> {
  await stage.page.getByTestId('tab-more').click();
  await settled(stage.page);
  await stage.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId(item).click();
}

describe('tab strip', () => {
  it('starts with the home tab alone, labelled 首页 and not closable', async () => {
    expect(await tabKeys(stage.page)).toEqual([HOME]);
    expect((await stage.page.getByTestId(`tab-${HOME}`).textContent())?.trim()).toBe('首页');
    expect(await tabCard(stage.page, HOME).locator('.ant-tabs-tab-remove').count()).toBe(0);
  });

  it('opens a tab per menu leaf, labelled by the menu name and keyed by its path', async () => {
    await openMenuLeaf(stage.page, '/notice', PURCHASE_NOTICE);
    await poll(() => activeTab(stage.page)).toBe(PURCHASE_NOTICE);
    expect((await stage.page.getByTestId(`tab-${PURCHASE_NOTICE}`).textContent())?.trim()).toBe('采购通知单');
    await openMenuLeaf(stage.page, '/registry', PURCHASE_REGISTRY);
    await openMenuLeaf(stage.page, '/notice', SALE_NOTICE);
    expect((await stage.page.getByTestId(`tab-${SALE_NOTICE}`).textContent())?.trim()).toBe('销售提货单');
    expect(await tabKeys(stage.page)).toEqual([HOME, PURCHASE_NOTICE, PURCHASE_REGISTRY, SALE_NOTICE]);
    await poll(() => activeTab(stage.page)).toBe(SALE_NOTICE);
    await poll(() => stage.page.title()).toBe('销售提货单——统一称重管控平台');
  });

  it('does not duplicate a tab when its page is opened again, with or without a query', async () => {
    await openMenuLeaf(stage.page, '/notice', PURCHASE_NOTICE);
    await poll(() => activeTab(stage.page)).toBe(PURCHASE_NOTICE);
    await stage.page.goto(`${PURCHASE_REGISTRY}?from=e2e`);
    await poll(() => activeTab(stage.page)).toBe(PURCHASE_REGISTRY);
    expect(await tabKeys(stage.page)).toEqual([HOME, PURCHASE_NOTICE, PURCHASE_REGISTRY, SALE_NOTICE]);
  });

  it('never duplicates the home tab and keeps it first', async () => {
    await clickTab(stage.page, HOME);
    await stage.page.goto('/');
    await stage.page.waitForURL((u) => u.pathname === HOME);
    await stage.page.getByTestId('home-page').waitFor();
    await stage.page.goto('/clouds');
    await stage.page.waitForURL((u) => u.pathname === HOME);
    await poll(() => activeTab(stage.page)).toBe(HOME);
    expect(await tabKeys(stage.page)).toEqual([HOME, PURCHASE_NOTICE, PURCHASE_REGISTRY, SALE_NOTICE]);
    expect(await tabCard(stage.page, HOME).locator('.ant-tabs-tab-remove').count()).toBe(0);
  });

  it('clicking a tab opens its page', async () => {
    await clickTab(stage.page, PURCHASE_REGISTRY);
    await poll(() => activeTab(stage.page)).toBe(PURCHASE_REGISTRY);
  });

  it('closing the active tab opens the one before it; closing another tab stays put', async () => {
    await clickTab(stage.page, SALE_NOTICE);
    await tabCard(stage.page, SALE_NOTICE).locator('.ant-tabs-tab-remove').click();
    await stage.page.waitForURL((u) => u.pathname === PURCHASE_REGISTRY);
    await poll(() => tabKeys(stage.page)).toEqual([HOME, PURCHASE_NOTICE, PURCHASE_REGISTRY]);
    await poll(() => activeTab(stage.page)).toBe(PURCHASE_REGISTRY);

    // closing a tab that is not active leaves the active one open
    await tabCard(stage.page, PURCHASE_NOTICE).locator('.ant-tabs-tab-remove').click();
    await poll(() => tabKeys(stage.page)).toEqual([HOME, PURCHASE_REGISTRY]);
    expect(pathOf(stage.page)).toBe(PURCHASE_REGISTRY);

    await tabCard(stage.page, PURCHASE_REGISTRY).locator('.ant-tabs-tab-remove').click();
    await stage.page.waitForURL((u) => u.pathname === HOME);
    await poll(() => tabKeys(stage.page)).toEqual([HOME]);
  });

  it('right-click 关闭其他 keeps home and the current tab', async () => {
    await openThree();
    await clickTab(stage.page, PURCHASE_REGISTRY);
    await rightClickTab(PURCHASE_REGISTRY, 'tab-close-others');
    await poll(() => tabKeys(stage.page)).toEqual([HOME, PURCHASE_REGISTRY]);
    expect(pathOf(stage.page)).toBe(PURCHASE_REGISTRY);
    await poll(() => activeTab(stage.page)).toBe(PURCHASE_REGISTRY);
  });

  it('right-click 关闭全部 returns to the first page alone', async () => {
    await openThree();
    // on a tab that is not the active one
    await rightClickTab(PURCHASE_NOTICE, 'tab-close-all');
    await poll(async () => ({ path: pathOf(stage.page), tabs: await tabKeys(stage.page) })).toEqual({ path: HOME, tabs: [HOME] });
    await stage.page.getByTestId('home-page').waitFor();
  });

  it('the 更多 dropdown offers the same two: 关闭其他 then 关闭全部', async () => {
    expect((await stage.page.getByTestId('tab-more').textContent())?.trim()).toContain('更多');
    await openThree();
    await moreMenu('tab-more-close-others');
    await poll(() => tabKeys(stage.page)).toEqual([HOME, SALE_NOTICE]);
    expect(pathOf(stage.page)).toBe(SALE_NOTICE);

    await openMenuLeaf(stage.page, '/notice', PURCHASE_NOTICE);
    await poll(() => tabKeys(stage.page)).toEqual([HOME, SALE_NOTICE, PURCHASE_NOTICE]);
    await moreMenu('tab-more-close-all');
    await poll(async () => ({ path: pathOf(stage.page), tabs: await tabKeys(stage.page) })).toEqual({ path: HOME, tabs: [HOME] });
  });

  it('the menu search finds an entry by its title and opens it in a tab', async () => {
    await stage.page.getByTestId('menu-search').fill('销售合同');
    const option = stage.page.getByTestId('menu-search-option-/sale/contract');
    await option.waitFor();
    await option.click();
    await stage.page.waitForURL((u) => u.pathname === '/sale/contract');
    await poll(() => activeTab(stage.page)).toBe('/sale/contract');
    expect((await stage.page.getByTestId('tab-/sale/contract').textContent())?.trim()).toBe('销售合同');
    expect(await tabKeys(stage.page)).toEqual([HOME, '/sale/contract']);
  });

  it('with the first-page setting on, home can be closed; closing the first active tab opens the new first; the last tab cannot be closed', async () => {
    await stage.page.getByTestId('settings-button').click();
    const homeClosable = stage.page.getByTestId('setting-homeClosable');
    await homeClosable.click();
    await poll(() => homeClosable.getAttribute('aria-checked')).toBe('true');
    await stage.page.locator('.ant-drawer-open .ant-drawer-close').click();
    await stage.page.locator('.ant-drawer-open').waitFor({ state: 'detached' });

    await clickTab(stage.page, HOME);
    await tabCard(stage.page, HOME).locator('.ant-tabs-tab-remove').click();
    await stage.page.waitForURL((u) => u.pathname === '/sale/contract');
    await poll(() => tabKeys(stage.page)).toEqual(['/sale/contract']);
    // the one tab left shows no close button and stays
    expect(await tabCard(stage.page, '/sale/contract').locator('.ant-tabs-tab-remove').count()).toBe(0);
    await rightClickTab('/sale/contract', 'tab-close-others');
    expect(await tabKeys(stage.page)).toContain('/sale/contract');

    // visiting home again puts it back in front
    await stage.page.goto('/');
    await stage.page.waitForURL((u) => u.pathname === HOME);
    await poll(() => tabKeys(stage.page)).toEqual([HOME, '/sale/contract']);
  });
});
