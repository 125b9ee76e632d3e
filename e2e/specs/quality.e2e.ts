import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { api, apiSignIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// One sample end to end: a purchase truck on a contract with a moisture term is judged 合格 at the
// sampling point (its sample and blind code, the sample card), the lab bench's kiosk enters the
// results by blind code with the keyboard only, a second person checks them, and the deduction
// shows on the ticket and in the accountant's quality report. Figures checked against the database.

const stage = useSignedInPage(USERS.accountant);
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 150 });

let adminToken = '';
const admin = async <T = { id: string }>(method: string, path: string, body?: unknown): Promise<T> => {
  const res = await api<{ data: T }>(stage.server.baseUrl, adminToken, method, path, body);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};

let ticket: { id: string; no: string };
let sample: { id: string; blindCode: string };
let kioskKey = '';

beforeAll(async () => {
  adminToken = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.admin.username, USERS.admin.password);
  const [plant] = await db<{ org_id: string; vendor_id: string; material_id: string; warehouse_id: string }>(`
    SELECT o.id::text AS org_id,
           (SELECT archive_id::text FROM md_vendor_alloc WHERE org_id = o.id ORDER BY archive_id LIMIT 1) AS vendor_id,
           (SELECT archive_id::text FROM md_material_alloc WHERE org_id = o.id ORDER BY archive_id LIMIT 1) AS material_id,
           (SELECT id::text FROM md_warehouse WHERE org_id = o.id ORDER BY id LIMIT 1) AS warehouse_id
      FROM sys_org o WHERE o.org_code = 'HDSN'`);
  await db('UPDATE md_material SET is_sample = true WHERE id = $1', [plant.material_id]);
  // the contract: moisture above 8 % deducts 1 % of the net per point
  const [contract] = await db<{ id: string }>(`INSERT INTO wb_contract (org_id, kind, contract_no, doc_status, vendor_id, valid_from, valid_to)
    VALUES ($1, 'pu', 'HT-E2E-Q1', 'AUDITED', $2, '2026-01-01', '2030-12-31') RETURNING id::text`, [plant.org_id, plant.vendor_id]);
  const [cline] = await db<{ id: string }>(`INSERT INTO wb_contract_line (org_id, contract_id, seq, material_id, quantity) VALUES ($1, $2, 1, $3, 100000) RETURNING id::text`,
    [plant.org_id, contract.id, plant.material_id]);
  await db(`INSERT INTO wb_contract_quality (org_id, contract_id, seq, material_id, item_code, item_name, standard_value, direction, deduct_step, deduct_percent)
    VALUES ($1, $2, 1, $3, '001', '水分', 8, 'MAX', 1, 1)`, [plant.org_id, contract.id, plant.material_id]);
  const [notice] = await db<{ id: string }>(`INSERT INTO wb_notice (org_id, kind, notice_no, doc_status, vendor_id, ctrl_mode, start_time, end_time)
    VALUES ($1, 'pu', 'TZ-E2E-Q1', 'AUDITED', $2, 'NONE', now() - interval '1 day', now() + interval '30 days') RETURNING id::text`, [plant.org_id, plant.vendor_id]);
  const [nline] = await db<{ id: string }>(`INSERT INTO wb_notice_line (org_id, notice_id, seq, material_id, warehouse_id, quantity, max_limit, price, quantity_control, contract_line_id)
    VALUES ($1, $2, 1, $3, $4, 1000, 1000, 500, false, $5) RETURNING id::text`, [plant.org_id, notice.id, plant.material_id, plant.warehouse_id, cline.id]);
  // the truck at the sampling point, weighed loaded
  const [t] = await db<{ id: string }>(`INSERT INTO wb_ticket (org_id, kind, ticket_no, state, notice_id, notice_line_id, material_id, vendor_id, warehouse_id, plate_number,
      first_is, gross, gross_time, price) VALUES ($1, 'pu', 'CGBD-E2E-Q1', 'FIRST_WEIGHED', $2, $3, $4, $5, $6, '晋QE2E01', 'GROSS', 40, now(), 500) RETURNING id::text`,
    [plant.org_id, notice.id, nline.id, plant.material_id, plant.vendor_id, plant.warehouse_id]);
  ticket = { id: t.id, no: 'CGBD-E2E-Q1' };
  const format = await admin('POST', '/api/quality/format/create', { entity: { formatCode: 'E2E-COAL', formatName: '煤 E2E', recheckMode: 'REPLACE', batchTrucks: 1 }, entitysub: [{ itemCode: '001' }, { itemCode: '003' }] });
  await admin('POST', '/api/quality/auto-model/create', { entity: { materialId: plant.material_id, formatId: format.id } });
});

describe('one sample, end to end', () => {
  it('1-2: the sampling confirmation makes the sample with its blind code, and its card prints', async () => {
    await admin('POST', '/api/confirm/pu-sampling/submit', { id: ticket.id, button: 'CONFIRM', sampleDate: '20261125' });
    const [s] = await db<{ id: string; blind_code: string }>('SELECT s.id::text, s.blind_code FROM qm_sample_ticket st JOIN qm_sample s ON s.id = st.sample_id WHERE st.ticket_id = $1', [ticket.id]);
    sample = { id: s.id, blindCode: s.blind_code };
    expect(sample.blindCode).toMatch(/^[0-9A-Z]{10}$/);
    const card = await fetch(`${stage.server.baseUrl}/api/quality/sample/${sample.id}/card`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toContain('application/pdf');
    // the truck unloads and completes (its weighing is the weighing's own test): gross 40, tare 15.56
    // completed at plant noon of the browser's today, so the report's default period (this month to today) holds it
    const today = new Date().toISOString().slice(0, 10);
    await db(`UPDATE wb_ticket SET state = 'COMPLETED', tare = 15.56, tare_time = now(), tare_source = 'WEIGHED', net = 24.44, amount = 12220,
      completed_at = $2::timestamptz WHERE id = $1`, [ticket.id, `${today}T12:00:00+08:00`]);
    await db('UPDATE wb_notice_line SET done_quantity = 24.44, done_trips = 1 WHERE id = (SELECT notice_line_id FROM wb_ticket WHERE id = $1)', [ticket.id]);
  });

  it('3: the kiosk shows nothing without its key, then the sample by blind code; Enter saves each value', async () => {
    kioskKey = (await admin<{ key: string }>('POST', '/api/quality/kiosk/issueKiosk', { name: '化验台E2E', itemCodes: ['001', '003'] })).key;
    const { context, page } = await newPage(stage.browser, stage.server.baseUrl);
    try {
      await page.goto(`${stage.server.baseUrl}/viewWeigh`);
      await page.getByTestId('kiosk-key-card').waitFor();
      expect(await page.getByTestId('kiosk-grid').count()).toBe(0);
      expect(await page.content()).not.toContain(sample.blindCode);
      // the key's card says where a key comes from
      expect(await page.getByTestId('kiosk-key-hint').textContent()).toContain('质检化验 → 质检终端 中点“发放密钥”');
      await page.getByTestId('kiosk-key-input').fill(kioskKey);
      await page.keyboard.press('Enter');
      const row = page.getByTestId(`kiosk-row-${sample.blindCode}`);
      await row.waitFor();
      const html = await page.content();
      for (const secret of [ticket.no, '晋QE2E01']) expect(html).not.toContain(secret);
      const water = page.getByTestId(`kiosk-cell-${sample.blindCode}-001`);
      await water.click();
      await page.keyboard.type('12x');
      await page.getByText('水分应为数字').waitFor();
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Backspace');
      await page.keyboard.type('0.5');
      await page.keyboard.press('Enter');
      await page.getByTestId('kiosk-saved').filter({ hasText: '水分 已保存' }).waitFor();
      await page.getByTestId(`kiosk-cell-${sample.blindCode}-003`).click();
      await page.keyboard.type('0.8');
      await page.keyboard.press('Enter');
      await page.getByTestId('kiosk-saved').filter({ hasText: 'S 已保存' }).waitFor();
      await screenshot(page, 'quality-kiosk');
      const entered = await db<{ item_code: string; value: string; actor_name: string }>(`
        SELECT i.item_code, trim_scale(r.value)::text AS value, (SELECT l.actor_name FROM qm_log l WHERE l.sample_id = r.sample_id AND l.item_id = r.item_id ORDER BY l.id DESC LIMIT 1) AS actor_name
          FROM qm_result r JOIN qm_assay_item i ON i.id = r.item_id WHERE r.sample_id = $1 ORDER BY i.item_code`, [sample.id]);
      expect(entered).toEqual([{ item_code: '001', value: '10.5', actor_name: '化验台E2E' }, { item_code: '003', value: '0.8', actor_name: '化验台E2E' }]);
    } finally {
      await context.close();
    }
  });

  it('4-5: the check applies the contract: the ticket is deducted and the report shows it', async () => {
    await admin('POST', `/api/quality/sample/${sample.id}/check`);
    // 24.44 x 2.5 % = 0.611 -> 0.61; net 23.83; amount 23.83 x 500
    await poll(async () => (await db<{ net: string; amount: string; q: string }>(`SELECT trim_scale(net)::text AS net, trim_scale(amount)::text AS amount,
      (SELECT trim_scale(amount)::text FROM wb_ticket_deduction WHERE ticket_id = t.id AND kind = 'QUALITY') AS q FROM wb_ticket t WHERE id = $1`, [ticket.id]))[0])
      .toEqual({ net: '23.83', amount: '11915', q: '0.61' });
    const page = stage.page;
    await openMenuLeaf(page, '/reportforms', '/quality/report');
    const table = page.getByTestId('quality-report-table');
    await table.waitFor();
    await settled(page);
    await expect.poll(async () => table.innerText(), { timeout: 15_000 }).toContain('0.61');
    expect(await table.innerText()).toContain('10.5');
    await page.getByTestId('quality-report-chart').locator('canvas').first().waitFor();
    await screenshot(page, 'quality-report');
  });
});
