import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { api, apiSignIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';
import { formItem, openListForm } from '../support/child-table';
import { rows } from '../support/list-screen';

// The guard at the gate, keyboard first: finds a truck by its plate and another by its IC card,
// lets each in with Enter, sees them in 厂内车辆, and lets one out with Enter once it is weighed.

const stage = useSignedInPage(USERS.operator);

async function caller() {
  const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.operator.username, USERS.operator.password);
  return async <T>(path: string, body: unknown) => {
    const res = await api<{ success: boolean; data: T }>(stage.server.baseUrl, token, 'POST', path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
}

/** A truck sent (a registry of another weighing, audited): its id and number. */
async function sendTruck(plateNumber: string) {
  const call = await caller();
  const r = await call<{ id: string; registryNo: string }>('/api/registry/st/create', { entity: { plateNumber } });
  await call('/api/registry/st/audit', { ids: [r.id] });
  return r;
}

/** On the open gate page (a kept-alive tab may hold another): type, Enter to find, Enter to let through. */
async function findAndLet(mode: 'entrance' | 'release', text: string, done: string) {
  const screen = stage.page.getByTestId(`gate-${mode}`);
  const input = screen.getByTestId('gate-input');
  await input.fill(text);
  await input.press('Enter');
  await screen.getByTestId('gate-found').waitFor();
  await input.press('Enter');
  await expect.poll(() => screen.getByTestId('gate-message').textContent(), { timeout: 5000 }).toContain(done);
}

describe('the gate', () => {
  it('lets a truck in by its plate and another by its IC card, each with Enter', async () => {
    const { page } = stage;
    const a = await sendTruck('浙E7G001');
    await openMenuLeaf(page, '/gate', '/gate/entrance');
    const entrance = page.getByTestId('gate-entrance');
    await entrance.getByTestId('gate-input').fill('浙E7G001');
    await entrance.getByTestId('gate-input').press('Enter');
    const found = entrance.getByTestId('gate-found');
    await found.waitFor();
    expect(await found.getAttribute('data-registry-no')).toBe(a.registryNo);
    expect(await found.textContent()).toContain('未入厂');
    await settled(page);
    await screenshot(page, 'gate-entrance-found');
    await entrance.getByTestId('gate-input').press('Enter');
    await expect.poll(() => entrance.getByTestId('gate-message').textContent(), { timeout: 5000 }).toContain('浙E7G001 入厂成功');

    // looked up again: the guard reads that the truck is inside already, and of a plate the plant does not know, that it has no registry
    await entrance.getByTestId('gate-input').fill('浙E7G001');
    await entrance.getByTestId('gate-input').press('Enter');
    await expect.poll(() => entrance.getByTestId('gate-message').textContent(), { timeout: 5000 }).toBe(`车辆 浙E7G001 已在厂内（登记单 ${a.registryNo}），不能重复入厂`);
    await entrance.getByTestId('gate-input').fill('浙E7G999');
    await entrance.getByTestId('gate-input').press('Enter');
    await expect.poll(() => entrance.getByTestId('gate-message').textContent(), { timeout: 5000 }).toBe('车辆 浙E7G999 没有登记单，请先登记');

    // the second truck's card is bound at IC卡读写 (no reader on this PC: the number typed)
    const b = await sendTruck('浙E7G002');
    await sql(stage.server.databaseUrl,
      `INSERT INTO md_ic_card (org_id, card_no, card_uid, card_kind) SELECT org_id, 'KGATE01', 'C0FFEE01', 'TEMPORARY' FROM wb_registry WHERE id = $1`, [b.id]);
    await openMenuLeaf(page, '/gate', '/gate/card');
    await page.getByTestId('card-input').fill('C0FFEE01');
    await page.getByTestId('card-target').fill(b.registryNo);
    await page.getByTestId('card-target').press('Enter');
    // bound: the registry carries the card (the page's message may already have given way to the card's registry shown again)
    await expect.poll(async () => (await sql<{ card_no: string | null }>(stage.server.databaseUrl,
      'SELECT c.card_no FROM wb_registry r LEFT JOIN md_ic_card c ON c.id = r.ic_card_id WHERE r.id = $1', [b.id]))[0]?.card_no, { timeout: 15_000 }).toBe('KGATE01');
    await expect.poll(() => page.getByTestId('gate-card').textContent(), { timeout: 5000 }).toContain('KGATE01');

    await openMenuLeaf(page, '/gate', '/gate/entrance');
    await findAndLet('entrance', 'KGATE01', '浙E7G002 入厂成功');
  });

  it('shows both trucks in 厂内车辆 with their time inside, and lets one out with Enter', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/gate', '/gate/in-plant');
    await expect.poll(() => page.getByTestId('in-plant-status').textContent(), { timeout: 10_000 }).toContain('实时连接');
    const row = page.locator('tr[data-plate="浙E7G001"]');
    await row.waitFor({ timeout: 5000 });
    expect(await row.textContent()).toMatch(/0小时0\d分/);
    await page.locator('tr[data-plate="浙E7G002"]').waitFor({ timeout: 5000 });
    await settled(page);
    await screenshot(page, 'gate-in-plant');

    // the first truck is weighed (its ticket completed), as the weighing leaves it
    await sql(stage.server.databaseUrl, `
      WITH r AS (UPDATE wb_registry SET trip_state = 'WEIGHING' WHERE plate_number = '浙E7G001' AND trip_state = 'ENTERED' RETURNING *)
      INSERT INTO wb_ticket (org_id, kind, ticket_no, state, registry_id, plate_number, first_is, gross, gross_time, tare, tare_time, tare_source, net, completed_at)
      SELECT org_id, kind, 'BDGATE01', 'COMPLETED', id, plate_number, 'TARE', 45, now(), 15, now(), 'WEIGHED', 30, now() FROM r`);
    await openMenuLeaf(page, '/gate', '/gate/release');
    await findAndLet('release', '浙E7G001', '浙E7G001 出厂成功');

    await openMenuLeaf(page, '/gate', '/gate/in-plant');
    await page.locator('tr[data-plate="浙E7G001"]').waitFor({ state: 'detached', timeout: 5000 });
    await page.locator('tr[data-plate="浙E7G002"]').waitFor({ timeout: 5000 });
  });

  it('预约规则: names several materials from the material popup, folded into tags', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/gate', '/gate/appointment');
    await rows(page);
    const form = await openListForm(page, 'btn-create');
    await formItem(form, '规则名称').locator('input').fill('骨料早班');
    await formItem(form, '物料').locator('button').click();
    const popup = page.locator('.ant-modal').filter({ has: page.getByTestId('resource-popup') });
    await popup.getByTestId('resource-table').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="resource-table"] .ant-spin-spinning'));
    for (const code of ['0101001', '0102001']) await popup.locator('tbody tr.ant-table-row').filter({ hasText: code }).first().locator('.ant-checkbox-input').check();
    await popup.getByTestId('resource-ok').click();
    await popup.waitFor({ state: 'detached' });
    const tags = formItem(form, '物料').locator('.ant-select-selection-item');
    await expect.poll(() => tags.allTextContents()).toEqual(expect.arrayContaining(['0101001']));
    await settled(page);
    await screenshot(page, 'appointment-rule-materials');
    await form.locator('[data-action="submit"]').click();
    await form.waitFor({ state: 'detached' });
    const materialsOf = async (name: string) => (await sql<{ m: string }>(stage.server.databaseUrl, `SELECT material_code AS m FROM gt_appointment_rule WHERE rule_name = '${name}'`))[0]?.m;
    await expect.poll(() => materialsOf('骨料早班')).toBe('0101001,0102001');

    // 按计算组选择 (a picker with no value of its own): the group's materials fill 物料
    const members = await sql<{ code: string }>(stage.server.databaseUrl, `
      WITH o AS (SELECT id FROM sys_org WHERE org_code = 'HDSN'),
           m AS (SELECT a.archive_id, mm.inv_code FROM md_material_alloc a JOIN md_material mm ON mm.id = a.archive_id, o
                  WHERE a.org_id = o.id AND NOT EXISTS (SELECT 1 FROM md_calc_group_member x WHERE x.org_id = o.id AND x.material_id = a.archive_id)
                  ORDER BY mm.inv_code LIMIT 2),
           g AS (INSERT INTO md_calc_group (org_id, group_code, group_name) SELECT o.id, 'JSZ-E2E', '骨料组' FROM o RETURNING id, org_id)
      INSERT INTO md_calc_group_member (org_id, group_id, material_id, seq)
      SELECT g.org_id, g.id, m.archive_id, row_number() OVER (ORDER BY m.inv_code) FROM g, m RETURNING (SELECT inv_code FROM md_material WHERE id = material_id) AS code`);
    const again = await openListForm(page, 'btn-create');
    await formItem(again, '规则名称').locator('input').fill('骨料组规则');
    await again.getByTestId('choose-fromCalcGroup').click();
    const groups = page.locator('.ant-modal').filter({ has: page.getByTestId('resource-popup') });
    await groups.getByTestId('resource-table').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="resource-table"] .ant-spin-spinning'));
    await groups.locator('tbody tr.ant-table-row').filter({ hasText: 'JSZ-E2E' }).first().dblclick();
    await groups.waitFor({ state: 'detached' });
    await expect.poll(() => formItem(again, '物料').locator('.ant-select-selection-item').count()).toBeGreaterThan(0);
    await again.locator('[data-action="submit"]').click();
    await again.waitFor({ state: 'detached' });
    await expect.poll(() => materialsOf('骨料组规则')).toBe(members.map((m) => m.code).sort().join(','));
  });

  it('calls a waiting truck in from the entrance page\'s waiting list (叫号)', async () => {
    const { page } = stage;
    const c = await sendTruck('浙E7G003');
    await openMenuLeaf(page, '/gate', '/gate/entrance');
    const row = page.getByTestId('gate-waiting').locator('tr[data-waiting-plate="浙E7G003"]');
    await row.waitFor({ timeout: 10_000 });
    await row.getByTestId(`gate-call-${c.id}`).click();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('已叫号');
    const [called] = await sql<{ called: boolean }>(stage.server.databaseUrl, 'SELECT called_at IS NOT NULL AS called FROM wb_registry WHERE id = $1', [c.id]);
    expect(called.called).toBe(true);
    await settled(page);
    await screenshot(page, 'gate-entrance-waiting');
  });
});
