import { describe, expect, it } from 'vitest';
import { useSignedInPage } from '../support/fixture';
import { api, COMPANY_CEMENT, COMPANY_TRADE, pageToken, USERS } from '../support/login';
import { HOME, openMenuLeaf, pathOf, settled, tabKeys } from '../support/workspace';

const stage = useSignedInPage(USERS.admin);

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const companyName = async () => ((await stage.page.getByTestId('company-name').textContent()) ?? '').trim();
const dialog = () => stage.page.locator('.ant-modal').filter({ has: stage.page.getByTestId('company-dialog') });
/** The antd message (toast) with this text. */
const toast = (text: string) => stage.page.locator('.ant-message-notice').filter({ hasText: text });

async function openDialog(): Promise<void> {
  await stage.page.getByTestId('company-name').click();
  await dialog().waitFor();
  await settled(stage.page);
  expect(await dialog().locator('.ant-modal-title').textContent()).toBe('选择组织机构');
  // both companies of the administrator are listed
  await dialog().getByRole('row').filter({ hasText: COMPANY_TRADE }).waitFor();
  await dialog().getByRole('row').filter({ hasText: COMPANY_CEMENT }).waitFor();
}

const rowBox = (company: string) => dialog().getByRole('row').filter({ hasText: company }).getByRole('checkbox');

async function tick(company: string): Promise<void> {
  await rowBox(company).check();
}

/** Ticks this company's row alone (ticks left from an earlier opening are cleared). */
async function tickOnly(company: string): Promise<void> {
  for (const other of [COMPANY_CEMENT, COMPANY_TRADE]) if (other !== company) await rowBox(other).uncheck();
  await tick(company);
}

const confirm = () => dialog().getByRole('button', { name: /确\s*定/ }).click();

describe('company switch', () => {
  it('starts in 华东水泥有限公司', async () => {
    expect(await companyName()).toBe(COMPANY_CEMENT);
  });

  it('asks for a row when none is ticked (最少选择一条数据！)', async () => {
    await openDialog();
    await confirm();
    await toast('最少选择一条数据！').waitFor();
    expect(await dialog().isVisible()).toBe(true);
  });

  it('keeps only the last ticked row selected (spec section 5)', async () => {
    await tick(COMPANY_TRADE);
    await tick(COMPANY_CEMENT);
    await expect.poll(() => rowBox(COMPANY_TRADE).isChecked(), { timeout: 3000 }).toBe(false);
    expect(await rowBox(COMPANY_CEMENT).isChecked()).toBe(true);
  });

  it('cancelling changes nothing', async () => {
    await dialog().getByRole('button', { name: /取\s*消/ }).click();
    await dialog().waitFor({ state: 'hidden' });
    expect(await companyName()).toBe(COMPANY_CEMENT);
  });

  it('switches to 华东建材贸易有限公司: the top bar shows it and the tabs start over on home', async () => {
    await openMenuLeaf(stage.page, '/notice', '/notice/pu');
    expect(await tabKeys(stage.page)).toEqual([HOME, '/notice/pu']);
    await openDialog();
    await tickOnly(COMPANY_TRADE);
    await confirm();
    await dialog().waitFor({ state: 'hidden' });
    await poll(companyName).toBe(COMPANY_TRADE);
    await stage.page.waitForURL((u) => u.pathname === HOME);
    await poll(() => tabKeys(stage.page)).toEqual([HOME]);
    await stage.page.getByTestId('home-page').filter({ hasText: COMPANY_TRADE }).waitFor();
  });

  it('the user info now reports the new company, also after a reload', async () => {
    const token = await pageToken(stage.page);
    expect(token).toBeTruthy();
    const me = await api<{ data: { currentOrgName: string } }>(stage.server.baseUrl, token ?? '', 'GET', '/api/sys-info/me');
    expect(me.status).toBe(200);
    expect(me.body.data.currentOrgName).toBe(COMPANY_TRADE);
    await stage.page.reload();
    await stage.page.getByTestId('home-page').waitFor();
    expect(await companyName()).toBe(COMPANY_TRADE);
    expect(pathOf(stage.page)).toBe(HOME);
  });

  it('choosing the company in use says 现在所使用的就是当前公司！ and changes nothing', async () => {
    await openDialog();
    await tickOnly(COMPANY_TRADE);
    await confirm();
    await toast('现在所使用的就是当前公司！').waitFor();
    expect(await companyName()).toBe(COMPANY_TRADE);
  });
});
