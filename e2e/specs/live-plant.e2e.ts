import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { useSignedInPage } from '../support/fixture';
import { api, apiSignIn, USERS } from '../support/login';
import { settled } from '../support/workspace';

// The plant at a glance as the weighbridge operator sees it: the vehicles in the plant, pushed by
// the server as the gate lets trucks in, and the home page's counts and gate chart.

const stage = useSignedInPage(USERS.operator);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

/** A truck sent (registry of another weighing, audited) and let in through the gate call; its id. */
async function letTruckIn(plateNumber: string): Promise<string> {
  const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.operator.username, USERS.operator.password);
  const call = async (path: string, body: unknown) => {
    const res = await api<{ success: boolean; data: { id: string } }>(stage.server.baseUrl, token, 'POST', path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const { id } = await call('/api/registry/st/create', { entity: { plateNumber } });
  await call('/api/registry/st/audit', { ids: [id] });
  await call('/api/registry/st/letin', { ids: [id] });
  return id;
}

describe('vehicles in the plant, live', () => {
  it('shows a truck the moment the gate lets it in, without reloading', async () => {
    const { page } = stage;
    await page.goto('/factoryvehicle/index');
    await page.getByTestId('live-vehicles').waitFor();
    await poll(() => page.getByTestId('live-status').getAttribute('data-status')).toBe('live');
    expect(await page.getByTestId('live-count').textContent()).toBe('0');

    await letTruckIn('浙E5L001');
    const row = page.locator('tr[data-plate="浙E5L001"]');
    await row.waitFor({ timeout: 3000 });
    expect(await row.textContent()).toContain('已入厂');
    expect(await page.getByTestId('live-count').textContent()).toBe('1');
    await letTruckIn('浙E5L002');
    await page.locator('tr[data-plate="浙E5L002"]').waitFor({ timeout: 3000 });
    await settled(page);
    await screenshot(page, 'live-plant-vehicles');
  });

  it('counts the trucks on the home page and charts today\'s gate-ins', async () => {
    const { page } = stage;
    await page.goto('/clouds/index');
    await poll(() => page.getByTestId('count-inPlant').locator('.ant-statistic-content-value').textContent()).toBe('2');
    await poll(() => page.getByTestId('vehicle-chart').getAttribute('data-series')).toBe('1');
    await page.getByTestId('vehicle-chart').locator('canvas').waitFor();
    await settled(page);
    await screenshot(page, 'live-plant-home');
  });
});
