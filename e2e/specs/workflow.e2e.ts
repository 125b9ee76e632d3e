import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newPage, screenshot } from '../support/browser';
import { pressListButton, tickListRow } from '../support/document-steps';
import { useSignedInPage } from '../support/fixture';
import { sql } from '../support/db';
import { chooseOption, quickSearch, rows } from '../support/list-screen';
import { api, apiSignIn, signIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// Approvals of the sales price adjustments (销售调价单). The administrator draws a two-step flow in
// 流程配置: the sales manager, then the general manager. The accountant submits an adjustment from
// its list; the sales manager's badge counts it at once; the sales manager approves it from 我的待办,
// the general manager after them, and the adjustment is audited (its prices in force). A second
// adjustment is rejected with a reason by the sales manager and goes back to draft.

const SALES_MANAGER = { username: 'sales_manager', password: 'Sales@2026', realName: '销售经理' };
const GENERAL_MANAGER = { username: 'general_manager', password: 'Boss@2026', realName: '总经理' };
const TYPE_NAME = '销售调价单';

const stage = useSignedInPage(USERS.admin);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 150 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

type Call = <T = { id: string }>(method: string, path: string, body?: unknown) => Promise<T>;
let accountantApi: Call;
const adjustments: { id: string; adjustNo: string }[] = [];
const contexts: BrowserContext[] = [];
let accountant: Page;
let salesManager: Page;
let generalManager: Page;
let docType = '';

async function caller(who: { username: string; password: string }): Promise<Call> {
  const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, who.username, who.password);
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await api<{ data: T }>(stage.server.baseUrl, token, method, path, body);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
}

async function signedIn(who: { username: string; password: string }): Promise<Page> {
  const { context, page } = await newPage(stage.browser, stage.server.baseUrl);
  contexts.push(context);
  await signIn(page, stage.server.databaseUrl, who);
  return page;
}

const adjustmentState = async (id: string) => (await db<{ doc_status: string }>('SELECT doc_status FROM wb_price_adjust WHERE id = $1', [id]))[0].doc_status;
const approvalOf = async (id: string) =>
  (await accountantApi<{ instance: { id: string; status: string; currentStep: { name: string } | null } | null }>('GET', `/api/workflow/by-document?docType=${encodeURIComponent(docType)}&docId=${id}`)).instance;

/** The accountant ticks the adjustment on 销售调价单 and presses 提交审批. */
async function submitFromList(adjustNo: string, note: string) {
  await quickSearch(accountant, adjustNo);
  await tickListRow(accountant, adjustNo);
  await pressListButton(accountant, 'page:submitApproval');
  const dialog = accountant.locator('.ant-modal').filter({ has: accountant.getByTestId('workflow-submit') });
  await dialog.getByTestId('submit-comment').fill(note);
  await dialog.getByTestId('submit-ok').click();
  await dialog.waitFor({ state: 'detached' });
}

/** Opens 我的待办 from the top bar's badge (its messages' first button) and the detail of the adjustment's task. */
async function openTask(page: Page, adjustNo: string) {
  await page.getByTestId('workflow-badge').click();
  await page.getByTestId('workflow-messages').getByTestId('workflow-open-todo').click();
  await page.waitForURL((u) => u.pathname === '/workflow/todo');
  const list = page.getByTestId('workflow-list-todo');
  await list.locator('tbody tr.ant-table-row').filter({ hasText: adjustNo }).waitFor();
  await list.getByTestId(`open-${adjustNo}`).click();
  await page.waitForURL((u) => u.pathname.startsWith('/activti/detail/'));
  await page.getByTestId('workflow-detail').waitFor();
}

async function decide(page: Page, kind: 'approve' | 'reject', comment: string) {
  await page.getByTestId(`decide-${kind}`).click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId(`decision-${kind}`) });
  await dialog.getByTestId('decision-comment').fill(comment);
  await settled(page);
  await dialog.getByTestId('decision-ok').click();
  await dialog.waitFor({ state: 'detached' });
}

const badgeCount = (page: Page) => page.getByTestId('workflow-badge-count').getAttribute('data-count');

beforeAll(async () => {
  accountantApi = await caller(USERS.accountant);
  const [material] = await db<{ code: string }>(
    `SELECT m.inv_code AS code FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id JOIN sys_org o ON o.id = a.org_id
      WHERE o.org_code = 'HDSN' ORDER BY m.id LIMIT 1`);
  for (const [reason, price] of [['旺季调价', '320'], ['临时调价', '150']] as const) {
    const made = await accountantApi<{ id: string; adjustNo: string }>('POST', '/api/price/sa/adjust/create', {
      entity: { effectiveAt: '2031-01-01 00:00:00', reason }, entitysub: [{ materialCode: material.code, packing: 'BULK', price }],
    });
    adjustments.push(made);
  }
  [accountant, salesManager, generalManager] = await Promise.all([signedIn(USERS.accountant), signedIn(SALES_MANAGER), signedIn(GENERAL_MANAGER)]);
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

describe('approvals of the sales price adjustments', () => {
  it('1. the administrator draws a two-step flow in 流程配置: the sales manager, then the general manager', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/workflow', '/workflow/config');
    const type = page.locator('.wb-workflow-type').filter({ hasText: TYPE_NAME });
    await type.click();
    docType = ((await type.getAttribute('data-testid')) ?? '').replace(/^doc-type-/, '');
    await page.getByTestId('flow-editor').locator('[data-testid="flow-node-start"]').waitFor();

    await page.getByTestId('flow-add-step').click();
    await page.getByTestId('flow-node-step1').waitFor();
    await page.getByTestId('flow-add-step').click();
    await page.getByTestId('flow-node-step2').waitFor();

    for (const [key, name, who] of [['step1', '销售经理审批', SALES_MANAGER], ['step2', '总经理审批', GENERAL_MANAGER]] as const) {
      await page.getByTestId(`flow-node-${key}`).click();
      const panel = page.getByTestId('step-panel');
      await poll(() => page.getByTestId(`flow-node-${key}`).getAttribute('class')).toContain('is-selected');
      await panel.getByTestId('step-name').fill(name);
      await chooseOption(page, panel.getByTestId('step-users'), who.username);
      await panel.locator('.ant-card-head-title').click();
      await poll(() => page.getByTestId(`flow-node-${key}`).textContent()).toContain(who.realName);
    }
    await screenshot(page, 'workflow-config-drawn');
    await page.getByTestId('flow-save').click();
    await page.getByTestId('flow-versions').locator('tbody tr.ant-table-row').filter({ hasText: '第 1 版' }).waitFor();
    await poll(() => type.textContent()).toContain('2 步');

    const saved = await accountantApi<{ current: { version: number; definition: { steps: { name: string; approvers: { kind: string } }[] } } | null }>(
      'GET', `/api/workflow/flow?docType=${encodeURIComponent(docType)}`).catch(() => null);
    // the accountant may not read the flows; the administrator's page shows them all the same
    if (saved?.current) expect(saved.current.definition.steps.map((s) => s.name)).toEqual(['销售经理审批', '总经理审批']);
    await screenshot(page, 'workflow-config-saved');
  });

  it('2. the accountant submits the first adjustment; the sales manager\'s badge counts it at once', async () => {
    await poll(() => badgeCount(salesManager)).toBe('0');
    await openMenuLeaf(accountant, '/sale', '/sale/price-adjust');
    await rows(accountant);
    await submitFromList(adjustments[0].adjustNo, '请审批旺季调价');
    await poll(async () => (await approvalOf(adjustments[0].id))?.status).toBe('running');
    expect(await adjustmentState(adjustments[0].id)).toBe('FREE');
    // pushed by the server's stream: no reload on the sales manager's side
    await poll(() => badgeCount(salesManager)).toBe('1');
    expect(await badgeCount(generalManager)).toBe('0');
    // the home page's figures follow the same stream
    await poll(() => salesManager.getByTestId('workflow-count-todo').textContent()).toContain('1');
    await screenshot(salesManager, 'workflow-home');
  });

  it('3. the sales manager approves it from 我的待办; it waits for the general manager', async () => {
    await openTask(salesManager, adjustments[0].adjustNo);
    const detail = salesManager.getByTestId('workflow-detail');
    await poll(() => detail.getByTestId('flow-node-step1').getAttribute('data-status')).toBe('active');
    await expect(detail.getByTestId('detail-timeline').textContent()).resolves.toContain('请审批旺季调价');
    await expect(detail.getByTestId('detail-document').textContent()).resolves.toContain('旺季调价');
    await screenshot(salesManager, 'workflow-detail-before');

    // 抄送 to the accountant, chosen in the address book (the tree transfer's address lists)
    await salesManager.getByTestId('decide-cc').click();
    const cc = salesManager.locator('.ant-modal').filter({ has: salesManager.getByTestId('decision-cc') });
    await cc.getByTestId('tt-source').locator('.ant-tree-treenode').filter({ hasText: 'accountant' }).locator('.ant-tree-checkbox').click();
    await cc.locator('.ant-collapse-item').filter({ hasText: '抄送人' }).locator('button.ant-btn-primary').click();
    await poll(() => cc.getByTestId('tt-cc').textContent()).toContain(USERS.accountant.realName);
    await cc.getByTestId('decision-comment').fill('请知悉');
    await screenshot(salesManager, 'workflow-cc');
    await cc.getByTestId('decision-ok').click();
    await cc.waitFor({ state: 'detached' });
    await poll(async () => (await accountantApi<{ cc: number }>('GET', '/api/workflow/counts')).cc).toBe(1);

    await decide(salesManager, 'approve', '同意');
    await poll(() => detail.getByTestId('flow-node-step2').getAttribute('data-status')).toBe('active');
    expect(await detail.getByTestId('flow-node-step1').getAttribute('data-status')).toBe('approved');
    await poll(async () => (await approvalOf(adjustments[0].id))?.currentStep?.name).toBe('总经理审批');
    await poll(() => badgeCount(generalManager)).toBe('1');
    await poll(() => badgeCount(salesManager)).toBe('0');
  });

  it('4. the general manager approves: the adjustment is audited, its prices in force', async () => {
    await openTask(generalManager, adjustments[0].adjustNo);
    await decide(generalManager, 'approve', '同意执行');
    const detail = generalManager.getByTestId('workflow-detail');
    await poll(() => detail.getByTestId('detail-status').textContent()).toBe('已通过');
    await poll(() => adjustmentState(adjustments[0].id)).toBe('AUDITED');
    expect((await approvalOf(adjustments[0].id))?.status).toBe('approved');
    const written = await db<{ price: string }>('SELECT trim_scale(price)::text AS price FROM wb_price_rule WHERE adjust_id = $1', [adjustments[0].id]);
    expect(written).toEqual([{ price: '320' }]);
    await screenshot(generalManager, 'workflow-detail-approved');
  });

  it('5. a second adjustment is rejected with a reason by the sales manager and returns to draft', async () => {
    await submitFromList(adjustments[1].adjustNo, '临时调价');
    await poll(() => badgeCount(salesManager)).toBe('1');
    await openTask(salesManager, adjustments[1].adjustNo);
    // 驳回 without a reason is refused in the dialog
    await salesManager.getByTestId('decide-reject').click();
    const dialog = salesManager.locator('.ant-modal').filter({ has: salesManager.getByTestId('decision-reject') });
    await settled(salesManager);
    await dialog.getByTestId('decision-ok').click();
    await dialog.getByTestId('decision-problem').waitFor();
    await dialog.getByTestId('decision-comment').fill('价格低于成本');
    await dialog.getByTestId('decision-ok').click();
    await dialog.waitFor({ state: 'detached' });
    const detail = salesManager.getByTestId('workflow-detail');
    await poll(() => detail.getByTestId('detail-status').textContent()).toBe('已驳回');
    await expect(detail.getByTestId('detail-timeline').textContent()).resolves.toContain('价格低于成本');
    await poll(async () => (await approvalOf(adjustments[1].id))?.status).toBe('rejected');
    expect(await adjustmentState(adjustments[1].id)).toBe('FREE');
    await screenshot(salesManager, 'workflow-detail-rejected');

    // the accountant finds it under 我发起的, rejected
    await openMenuLeaf(accountant, '/workflow', '/workflow/todo');
    await accountant.getByTestId('workflow-tab-mine').click();
    const mine = accountant.getByTestId('workflow-list-mine').locator('tbody tr.ant-table-row').filter({ hasText: adjustments[1].adjustNo });
    await poll(() => mine.textContent()).toContain('已驳回');
    await screenshot(accountant, 'workflow-mine');
    await accountant.getByTestId('workflow-tab-cc').click();
    await accountant.getByTestId('workflow-list-cc').locator('tbody tr.ant-table-row').filter({ hasText: adjustments[0].adjustNo }).waitFor();
    // the top bar's messages tell the accountant what became of what they submitted
    await accountant.getByTestId('workflow-badge').click();
    await poll(() => accountant.getByTestId('workflow-messages').locator('.ant-list-item').count()).toBeGreaterThan(0);
    await screenshot(accountant, 'workflow-messages');
  });
});
