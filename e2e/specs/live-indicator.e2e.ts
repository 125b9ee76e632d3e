import { afterEach, describe, expect, it } from 'vitest';
import { newPage, screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { api, apiSignIn, COMPANY_CEMENT, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The scale floor in the browser: an administrator's station key, readings posted with it as the
// station agent posts them, the weighing screen showing them live (digits, stable light, trend) and
// a first weighing that takes the stable reading; then the ticket's public check page, opened
// without a sign-in from the link its QR code carries.

const stage = useSignedInPage(USERS.operator);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

async function caller(username: string, password: string) {
  const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, username, password);
  return async <T = { id: string }>(p: string, body?: unknown, method = 'POST'): Promise<T> => {
    const res = await api<{ data: T }>(stage.server.baseUrl, token, method, p, body);
    expect(res.status, `${p}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
}

/** A purchase truck through the gate, waiting for its first weighing. */
async function truckAtTheScale(plateNumber: string): Promise<string> {
  const admin = await caller(USERS.admin.username, USERS.admin.password);
  const [vendor] = await db<{ id: string }>(
    "SELECT a.archive_id::text AS id FROM md_vendor_alloc a JOIN sys_org o ON o.id = a.org_id WHERE o.org_code = 'HDSN' ORDER BY a.archive_id LIMIT 1");
  const [material] = await db<{ id: string }>(
    `SELECT m.id::text FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id JOIN sys_org o ON o.id = a.org_id
      WHERE o.org_code = 'HDSN' AND NOT m.scene_confirm AND m.hidden_deduct = 0 AND NOT m.overload AND m.pnmary IS NULL ORDER BY m.id LIMIT 1`);
  const notice = await admin('/api/notice/pu/create', {
    entity: { vendorId: vendor?.id, startTime: '2026-11-01 00:00:00', endTime: '2030-12-31 23:59:59' },
    entitysub: [{ materialId: material?.id, warehouseCode: 'CK01', quantity: '500', price: '35.5' }],
  });
  await admin('/api/notice/pu/audit', { ids: [notice.id] });
  const [line] = await db<{ id: string }>('SELECT id::text FROM wb_notice_line WHERE notice_id = $1', [notice.id]);
  const registry = await admin('/api/registry/pu/create', { entity: { noticeLineId: line?.id, plateNumber, preQuantity: '30', shippedQuantity: '30', driverName: '钱师傅' } });
  await admin('/api/registry/pu/audit', { ids: [registry.id] });
  await admin('/api/registry/pu/letin', { ids: [registry.id] });
  return registry.id;
}

/** The station agent: posts the indicator's reading every 200 ms, as a real one streams it. */
function stationAgent(key: string, scaleId: string) {
  let seq = 0;
  let shown = { weight: '0', stable: true };
  const post = () => fetch(`${stage.server.baseUrl}/api/station/readings`, {
    method: 'POST', headers: { authorization: `Station ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ scaleId, readings: [{ seq: ++seq, at: new Date().toISOString(), weight: shown.weight, unit: 'kg', stable: shown.stable }] }),
  }).then((r) => r.json());
  const timer = setInterval(() => void post().catch(() => undefined), 200);
  return { show: (weight: string, stable: boolean) => { shown = { weight, stable }; }, stop: () => clearInterval(timer), post };
}

let agent: ReturnType<typeof stationAgent> | null = null;
afterEach(() => agent?.stop());

describe('the live indicator on the weighing screen', () => {
  it('shows the agent\'s readings with the stable light, and a first weighing takes the stable one', async () => {
    const { page } = stage;
    const admin = await caller(USERS.admin.username, USERS.admin.password);
    const issued = await admin<{ key: string }>('/api/station/credential/issue', { stationName: '1#地磅', scaleId: 'SC1' });
    const plate = '苏E8L201';
    await truckAtTheScale(plate);
    agent = stationAgent(issued.key, 'SC1');
    expect(await agent.post()).toEqual({ accepted: 1 });

    await openMenuLeaf(page, '/weigh', '/weigh/station');
    const station = page.getByTestId('weighing-station');
    await station.getByTestId('station-scale').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: 'SC1' }).click();
    const indicator = station.getByTestId('live-indicator');
    await indicator.waitFor();
    // typing is the manual right's: with a scale picked, the weight comes from the indicator
    expect(await station.getByTestId('station-weight').count()).toBe(0);

    agent.show('38120', false);
    // the indicator sends kg; the screen shows the unit and decimals the tickets use (the plant weighs in tons, 2 decimals)
    await poll(() => station.getByTestId('live-weight').textContent()).toBe('38.12吨');
    await poll(() => station.getByTestId('live-stable').getAttribute('data-stable')).toBe('false');
    agent.show('42360', true);
    await poll(() => station.getByTestId('live-weight').textContent()).toBe('42.36吨');
    await poll(() => station.getByTestId('live-stable').getAttribute('data-stable')).toBe('true');
    await poll(async () => ((await station.getByTestId('live-trend').locator('polyline').getAttribute('points')) ?? '').split(' ').length).toBeGreaterThan(3);
    await settled(page);
    await screenshot(page, 'live-indicator');

    await station.getByTestId('station-plate').fill(plate);
    await station.getByTestId('station-first').click();
    await poll(() => station.getByTestId('result-gross').textContent()).toBe('42.36 吨');
    const [weighing] = await db<{ source: string; scale_id: string; weight: string; manual: boolean; ticket_id: string }>(
      `SELECT g.source, g.scale_id, g.weight::text, t.manual, t.id::text AS ticket_id FROM wb_weighing g JOIN wb_ticket t ON t.id = g.ticket_id WHERE t.plate_number = $1`, [plate]);
    expect(weighing).toMatchObject({ source: 'INDICATOR', scale_id: 'SC1', weight: '42.3600', manual: false });

    // the ticket's QR link opens its public check with no sign-in; a tampered one shows nothing
    const operator = await caller(USERS.operator.username, USERS.operator.password);
    const layout = await operator<{ check: { url: string } }>(`/api/weigh/pu/print/${weighing?.ticket_id}`, undefined, 'GET');
    const link = new URL(layout.check.url);
    const { context: visitor, page: phone } = await newPage(stage.browser, stage.server.baseUrl);
    try {
      await phone.goto(`${stage.server.baseUrl}${link.pathname}`);
      await phone.getByTestId('ticket-check').waitFor();
      expect(await phone.getByTestId('check-gross').textContent()).toBe('42.36');
      expect(await phone.getByTestId('ticket-check').textContent()).toContain(COMPANY_CEMENT);
      expect(await phone.getByTestId('ticket-check').textContent()).not.toContain(plate);
      await phone.goto(`${stage.server.baseUrl}${link.pathname.slice(0, -1)}${link.pathname.endsWith('A') ? 'B' : 'A'}`);
      await phone.getByTestId('ticket-check-invalid').waitFor();
      expect(await phone.getByTestId('check-ticket-no').count()).toBe(0);
    } finally {
      await visitor.close();
    }
  });
});
