import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { useSignedInPage } from '../support/fixture';
import { sql } from '../support/db';
import { api, apiSignIn, USERS } from '../support/login';
import { openMenuLeaf } from '../support/workspace';

// The accountant's plan chart: a day plan typed for this month, drawn for every day of the month,
// with the month summed as the server sums it.

const stage = useSignedInPage(USERS.accountant);
// the tons as the screens show weights: the plant's 2 decimals
const tons = (v: string | number) => Number(v).toFixed(2);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

interface Chart { month: string; days: unknown[]; monthPlan: { tons: string; trips: number }; totals: { dayTons: string; dayTrips: number; usedTons: string; usedTrips: number; donePercent: string } }

describe('the plan chart', () => {
  it('opens from 销售 and draws the month the server answers', async () => {
    const { page } = stage;
    const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.accountant.username, USERS.accountant.password);
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).slice(0, 7);
    const [ids] = await sql<{ customer: string; material: string }>(stage.server.databaseUrl, `
      SELECT (SELECT a.archive_id::text FROM md_customer_alloc a JOIN md_customer c ON c.id = a.archive_id JOIN sys_org o ON o.id = a.org_id
               WHERE o.org_code = 'HDSN' AND c.customer_code = 'KH0001') AS customer,
             (SELECT a.archive_id::text FROM md_material_alloc a JOIN md_material m ON m.id = a.archive_id JOIN sys_org o ON o.id = a.org_id
               WHERE o.org_code = 'HDSN' AND m.inv_code = '0502001') AS material`);
    // a day of the month other than today, which the demo plant may have planned already
    const day = `${month}-${new Date().getUTCDate() === 1 ? '02' : '01'}`;
    const plan = await api<{ data: { id: string } }>(stage.server.baseUrl, token, 'POST', '/api/sale/plan/day/create', {
      entity: { customerId: ids.customer, materialId: ids.material, planDate: day, tons: '123', trips: 7 },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect((await api(stage.server.baseUrl, token, 'POST', '/api/sale/plan/day/audit', { ids: [plan.body.data.id] })).status).toBe(200);
    const res = await api<{ data: Chart }>(stage.server.baseUrl, token, 'GET', `/api/sale/plan/chart?month=${month}`);
    expect(res.status).toBe(200);
    const chart = res.body.data;
    expect(chart.totals.dayTrips).toBeGreaterThanOrEqual(7);

    await openMenuLeaf(page, '/sale', '/sale/plan-chart');
    const box = page.getByTestId('plan-chart');
    await poll(() => box.getAttribute('data-days')).toBe(String(chart.days.length));
    await poll(() => box.locator('canvas').count()).toBeGreaterThan(0);
    const totals = page.getByTestId('plan-chart-totals');
    expect(await totals.textContent()).toContain(`${tons(chart.monthPlan.tons)} 吨 / ${chart.monthPlan.trips} 车`);
    expect(await totals.textContent()).toContain(`${tons(chart.totals.dayTons)} 吨 / ${chart.totals.dayTrips} 车`);
    expect(await totals.textContent()).toContain(`${tons(chart.totals.usedTons)} 吨 / ${chart.totals.usedTrips} 车`);
    expect(await totals.textContent()).toContain(`${chart.totals.donePercent}%`);
    await screenshot(page, 'plan-chart');
  });
});
