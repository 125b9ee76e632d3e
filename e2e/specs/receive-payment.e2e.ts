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
    await expect.poll(() => tax.inputValue(), { timeout: 10_000 }).toMatch(/^142029\.924/);
    expect(await tooltipOfTax()).toBe('¥142,029.92');
  });
});
