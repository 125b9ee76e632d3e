import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { api, apiSignIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The weighing screen of a company whose scale has no agent publishing (未接入仪表): a typed weight is
// a typed weight (a manual ticket, marked in the weigh log, with no stable switch to set), and a
// second reading that reverses the purchase's order is refused, or, where the plant lets it through
// on confirmation, confirmed in a dialog showing the refusal's words and then marked on the ticket.

const stage = useSignedInPage(USERS.operator);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

async function admin<T = { id: string }>(p: string, body?: unknown): Promise<T> {
  const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.admin.username, USERS.admin.password);
  const res = await api<{ data: T }>(stage.server.baseUrl, token, 'POST', p, body);
  expect(res.status, `${p}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

/** A purchase truck through the gate, waiting for its first weighing. */
async function truckAtTheScale(plateNumber: string): Promise<void> {
  const [vendor] = await db<{ id: string }>(
    "SELECT a.archive_id::text AS id FROM md_vendor_alloc a JOIN sys_org o ON o.id = a.org_id WHERE o.org_code = 'HDSN' ORDER BY a.archive_id LIMIT 1");
  const [material] = await db<{ id: string }>(
    `SELECT m.id::text FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id JOIN sys_org o ON o.id = a.org_id
      WHERE o.org_code = 'HDSN' AND NOT m.scene_confirm AND m.hidden_deduct = 0 AND NOT m.overload AND m.pnmary IS NULL AND m.min_net IS NULL ORDER BY m.id LIMIT 1`);
  const notice = await admin('/api/notice/pu/create', {
    entity: { vendorId: vendor?.id, startTime: '2026-11-01 00:00:00', endTime: '2030-12-31 23:59:59' },
    entitysub: [{ materialId: material?.id, warehouseCode: 'CK01', quantity: '500', price: '35.5' }],
  });
  await admin('/api/notice/pu/audit', { ids: [notice.id] });
  const [line] = await db<{ id: string }>('SELECT id::text FROM wb_notice_line WHERE notice_id = $1', [notice.id]);
  const registry = await admin('/api/registry/pu/create', { entity: { noticeLineId: line?.id, plateNumber, preQuantity: '30', shippedQuantity: '30', driverName: '钱师傅' } });
  await admin('/api/registry/pu/audit', { ids: [registry.id] });
  await admin('/api/registry/pu/letin', { ids: [registry.id] });
}

const setReversedOrder = (value: 'forbid' | 'confirm') => db(
  `INSERT INTO sys_param (org_id, param_key, param_value) SELECT id, 'reversedOrder', $1 FROM sys_org WHERE org_code = 'HDSN'
   ON CONFLICT (org_id, param_key) DO UPDATE SET param_value = EXCLUDED.param_value`, [value]);

describe('a typed weight and a reversed order on the weighing screen', () => {
  it('marks the typed weighing manual, refuses the reversed second reading, and takes it once confirmed where the plant allows', async () => {
    const { page } = stage;
    const plate = '浙E9R001';
    await truckAtTheScale(plate);
    await openMenuLeaf(page, '/weigh', '/weigh/station');
    const station = page.getByTestId('weighing-station');
    await station.getByTestId('station-plate').fill(plate);
    // no scale wired: the weight is typed, and there is no stable switch to say otherwise
    expect(await station.getByTestId('station-stable').count()).toBe(0);
    await station.getByTestId('station-weight').fill('45.62');
    await station.getByTestId('station-first').click();
    await poll(() => station.getByTestId('result-gross').textContent()).toBe('45.62 吨');
    const ticket = async () => (await db<{ manual: boolean; state: string; net: string | null; unusual_confirmed: string | null }>(
      'SELECT manual, state, trim_scale(net)::text AS net, unusual_confirmed FROM wb_ticket WHERE plate_number = $1', [plate]))[0];
    expect(await ticket()).toMatchObject({ manual: true, state: 'FIRST_WEIGHED' });
    const [log] = await db<{ source: string; stable: boolean | null }>(
      "SELECT source, stable FROM wb_weigh_log WHERE plate_number = $1 AND outcome = 'ACCEPTED'", [plate]);
    expect(log).toEqual({ source: 'MANUAL', stable: null });

    // 60 t second: the purchase is weighed gross first, so the order is reversed; forbidden by default
    const words = `车辆 ${plate} 毛皮重顺序颠倒：应先称毛重后称皮重，一次过磅 45.62 吨，二次过磅 60 吨反而更重`;
    await station.getByTestId('station-weight').fill('60');
    await station.getByTestId('station-second').click();
    await page.getByText(`${words}，不能过磅`).first().waitFor();
    expect(await page.getByTestId('station-confirm-reasons').count()).toBe(0);
    expect((await ticket()).state).toBe('FIRST_WEIGHED');

    await setReversedOrder('confirm');
    try {
      await station.getByTestId('station-weight').fill('60');
      await station.getByTestId('station-second').click();
      const reasons = page.getByTestId('station-confirm-reasons');
      await reasons.waitFor();
      expect(await reasons.textContent()).toBe(`${words}，请核实后确认过磅`);
      await settled(page);
      await screenshot(page, 'weighing-confirm-reversed');
      await page.getByTestId('station-confirm-ok').click();
      await poll(() => station.getByTestId('result-net').textContent()).toBe('14.38 吨');
      expect(await station.getByTestId('result-swapped').count()).toBe(1);
      expect(await ticket()).toEqual({ manual: true, state: 'COMPLETED', net: '14.38', unusual_confirmed: words });
    } finally {
      await setReversedOrder('forbid');
    }
  });
});
