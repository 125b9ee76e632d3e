import { describe, expect, it } from 'vitest';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { api, apiSignIn, USERS } from '../support/login';

// 收款登记's form as its own page (spec section 2: /modules/sale/recive_payment/edit): the
// accountant opens it for a new receipt or a chosen one (?id=), and the tax amount (taxAmout)
// shows its figure as money in its tooltip.

const stage = useSignedInPage(USERS.accountant);
const PAGE = '/modules/sale/recive_payment/edit';

async function tooltipOfTax(): Promise<string> {
  const input = stage.page.locator('[data-testid="receipt-edit"] [data-field="taxAmout"] input');
  await input.hover();
  const tip = stage.page.getByTestId('money-tooltip');
  await tip.waitFor();
  return (await tip.locator('.wb-money-figure').textContent()) ?? '';
}

describe('the receipt form page', () => {
  it('a new receipt: the tax amount typed shows ¥ with thousands separators and two decimals', async () => {
    await stage.page.goto(PAGE);
    await stage.page.getByTestId('receipt-edit').waitFor();
    const tax = stage.page.locator('[data-testid="receipt-edit"] [data-field="taxAmout"] input');
    await tax.fill('12345.6');
    expect(await tooltipOfTax()).toBe('¥12,345.60');
  });

  it('a chosen receipt (?id=): its stored tax amount is shown and its tooltip is money', async () => {
    const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.accountant.username, USERS.accountant.password);
    const [customer] = await sql<{ id: string }>(stage.server.databaseUrl,
      "SELECT a.archive_id::text AS id FROM md_customer_alloc a JOIN md_customer c ON c.id = a.archive_id JOIN sys_org o ON o.id = a.org_id WHERE o.org_code = 'HDSN' ORDER BY c.id LIMIT 1");
    const created = await api<{ data: { id: string } }>(stage.server.baseUrl, token, 'POST', '/api/money/receipt/create', {
      entity: { customerId: customer.id, amount: '1234567.8', taxRate: '13', method: 'BANK' },
    });
    expect(created.status).toBe(200);
    await stage.page.goto(`${PAGE}?id=${created.body.data.id}`);
    await stage.page.getByTestId('receipt-edit').waitFor();
    const tax = stage.page.locator('[data-testid="receipt-edit"] [data-field="taxAmout"] input');
    // 1,234,567.80 x 13 / 113 = 142,029.9238...: the tax is kept to the cent
    await expect.poll(() => tax.inputValue(), { timeout: 10_000 }).toMatch(/^142029\.92(0*)$/);
    expect(await tooltipOfTax()).toBe('¥142,029.92');
    // whoever records a receipt does not audit it: the accountant recorded it, the administrator audits
    expect((await api(stage.server.baseUrl, token, 'POST', '/api/money/receipt/audit', { ids: [created.body.data.id] })).status).toBe(403);
    const auditor = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.admin.username, USERS.admin.password);
    expect((await api(stage.server.baseUrl, auditor, 'POST', '/api/money/receipt/audit', { ids: [created.body.data.id] })).status).toBe(200);
    received = { customerId: customer.id };
  });
});

let received: { customerId: string } | null = null;

describe('the customer statement page', () => {
  it('shows the audited receipt in the period and the figures that add up', async () => {
    expect(received).not.toBeNull();
    await stage.page.goto('/sale/statement');
    await stage.page.getByTestId('money-statement').waitFor();
    const [c] = await sql<{ code: string; name: string }>(stage.server.databaseUrl, 'SELECT customer_code AS code, customer_name AS name FROM md_customer WHERE id = $1', [received!.customerId]);
    await stage.page.getByTestId('statement-customer').click();
    await stage.page.locator('.ant-select-item-option', { hasText: `${c.code} ${c.name}` }).click();
    // the movement is dated in the plant's zone, which may be a day ahead of this browser's
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const inputs = stage.page.locator('[data-testid="money-statement"] .ant-picker-range input');
    await inputs.first().click();
    await inputs.first().fill(day(-3));
    await inputs.first().press('Enter');
    await inputs.nth(1).fill(day(2));
    await inputs.nth(1).press('Enter');
    await stage.page.getByTestId('statement-query').click();
    const figures = stage.page.getByTestId('statement-figures');
    await figures.waitFor();
    // the period's receipts hold this one (the demo morning may have paid in others today)
    await expect.poll(() => stage.page.locator('.ant-table-row', { hasText: '¥1,234,567.80' }).count(), { timeout: 10_000 }).toBe(1);
    const row = stage.page.locator('.ant-table-row', { hasText: '¥1,234,567.80' });
    expect(await row.textContent()).toContain('收款');
    expect(await figures.textContent()).toMatch(/期初余额.*本期收款.*本期消费.*期末余额/);
  });
});
