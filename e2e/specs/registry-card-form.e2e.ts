import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { screenshot } from '../support/browser';
import { useSignedInPage } from '../support/fixture';
import { sql } from '../support/db';
import { listScreen, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The registry form's IC卡号 with its 读卡 button: the card on the reader fills the field, a card
// another open registry holds is refused with the server's words, no reader says so, and the save
// binds the card and writes the registry number and plate onto it (写卡). A WebSocket server on
// the bridge's port stands in for the card-reader service of the operator's PC.

const stage = useSignedInPage(USERS.operator);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const PLATE = '浙E7F021';
const FREE_UID = 'C0FFEE21';
const BOUND_UID = 'C0FFEE22';

/** The stand-in bridge: answers with the card laid on it (none: no card) and keeps what was written. */
async function startBridge() {
  const bridge = { card: null as string | null, written: [] as Record<string, string>[], stop: async () => {} };
  const server = await listening();
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const request = JSON.parse(String(data)) as { serviceid: string; blocks: unknown };
      if (!bridge.card) return socket.send(JSON.stringify({ serviceid: request.serviceid, success: false, msg: '未读到IC卡：请将IC卡放在读卡器上' }));
      if (request.serviceid === 'WriteCard') bridge.written.push(request.blocks as Record<string, string>);
      socket.send(JSON.stringify({ serviceid: request.serviceid, success: true, uid: bridge.card.toLowerCase(), blocks: {} }));
    });
  });
  bridge.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return bridge;
}

/** The port is the bridge's own, fixed: another spec's stand-in may still hold it for a moment. */
async function listening(): Promise<WebSocketServer> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await new Promise<WebSocketServer>((resolve, reject) => {
        const server = new WebSocketServer({ host: '127.0.0.1', port: 61214 });
        server.once('listening', () => resolve(server));
        server.once('error', reject);
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 30) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

let bridge: Awaited<ReturnType<typeof startBridge>> | null = null;
afterAll(async () => {
  await bridge?.stop();
});

const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

const dialog = (page: Page) => page.locator('.wb-form-dialog').last();
const item = (page: Page, label: string) => dialog(page).locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
const cardItem = (page: Page) => item(page, 'IC卡号');
const fieldError = (page: Page) => cardItem(page).locator('.ant-form-item-explain-error');

async function openCreateForm(page: Page) {
  await listScreen(page).locator('button[data-testid="btn-create"]').click();
  await dialog(page).locator('.wb-template-form').waitFor();
  await settled(page);
}

async function closeForm(page: Page) {
  await dialog(page).getByRole('button', { name: /取\s*消/ }).click();
  await dialog(page).waitFor({ state: 'detached' });
}

describe('reading the IC card in the registry form', () => {
  it('refuses a card another open registry holds, with the server\'s words', async () => {
    bridge = await startBridge();
    await db(`WITH n AS (
        INSERT INTO wb_notice (org_id, kind, notice_no, doc_status, start_time, end_time)
        SELECT id, 'tr', 'YKTZE2E0021', 'AUDITED', now() - interval '1 day', now() + interval '1 day' FROM sys_org WHERE org_code = 'HDSN' RETURNING id, org_id)
      INSERT INTO wb_notice_line (org_id, notice_id, seq, material_id, quantity, max_limit)
      SELECT n.org_id, n.id, 1, (SELECT archive_id FROM md_material_alloc a WHERE a.org_id = n.org_id ORDER BY archive_id LIMIT 1), 100, 100 FROM n`);
    await db(`INSERT INTO md_ic_card (org_id, card_no, card_uid, card_kind)
              SELECT id, c.no, c.uid, 'TEMPORARY' FROM sys_org, (VALUES ('LS0021', $1), ('LS0022', $2)) AS c(no, uid) WHERE org_code = 'HDSN'`, [FREE_UID, BOUND_UID]);
    // another truck's open registry holds the second card
    await db(`INSERT INTO wb_registry (org_id, kind, registry_no, plate_number, pre_quantity, ic_card_id)
              SELECT o.id, 'st', 'QTDJE2E0022', '浙E7F022', 1, k.id FROM sys_org o JOIN md_ic_card k ON k.org_id = o.id AND k.card_uid = $1 WHERE o.org_code = 'HDSN'`, [BOUND_UID]);

    await openMenuLeaf(stage.page, '/registry', '/registry/tr');
    await rows(stage.page);
    await openCreateForm(stage.page);
    bridge.card = BOUND_UID;
    await cardItem(stage.page).locator('[data-action="card-read"]').click();
    await poll(() => fieldError(stage.page).textContent()).toBe('IC卡 LS0022 已绑定登记单 QTDJE2E0022，请先出厂或作废该登记单');
    expect(await cardItem(stage.page).locator('input').inputValue()).toBe('');
    await settled(stage.page);
    await screenshot(stage.page, 'registry-card-form-refused');
  });

  it('fills the card number from the card on the reader, binds it on save and writes the card', async () => {
    const page = stage.page;
    bridge!.card = FREE_UID;
    await cardItem(page).locator('[data-action="card-read"]').click();
    await poll(() => cardItem(page).locator('input').inputValue()).toBe('LS0021');
    await poll(() => fieldError(page).count()).toBe(0);
    // the number comes from the reader only
    expect(await cardItem(page).locator('input').isDisabled()).toBe(true);

    await item(page, '车牌号').locator('input').fill(PLATE);
    await item(page, '通知单明细').locator('button').click();
    const popup = page.locator('.ant-modal').filter({ has: page.getByTestId('resource-popup') });
    await popup.getByTestId('resource-table').waitFor();
    await popup.locator('tbody tr.ant-table-row').filter({ hasText: 'YKTZE2E0021' }).dblclick();
    await popup.waitFor({ state: 'detached' });
    await item(page, '预装数').locator('input').fill('28');
    await settled(page);
    await screenshot(page, 'registry-card-form-read');

    await dialog(page).locator('[data-action="submit"]').click();
    await dialog(page).waitFor({ state: 'detached' });
    const saved = async () => (await db<{ registry_no: string; card: string | null }>(
      'SELECT r.registry_no, k.card_uid AS card FROM wb_registry r LEFT JOIN md_ic_card k ON k.id = r.ic_card_id WHERE r.plate_number = $1', [PLATE]))[0];
    await poll(async () => (await saved())?.card).toBe(FREE_UID);
    const { registry_no } = await saved();
    await poll(() => Promise.resolve(bridge!.written)).toEqual([{ 4: registry_no, 5: PLATE }]);
    await page.locator('.ant-message').filter({ hasText: `写卡成功：IC卡 LS0021 已写入登记单 ${registry_no}` }).waitFor();
    const row = (await rows(page)).filter({ hasText: PLATE });
    await poll(() => row.textContent()).toContain('LS0021');
    await settled(page);
    await screenshot(page, 'registry-card-form-written');
  });

  it('says 未连接读卡器 when no reader answers', async () => {
    await bridge?.stop();
    bridge = null;
    await openCreateForm(stage.page);
    await cardItem(stage.page).locator('[data-action="card-read"]').click();
    await poll(() => fieldError(stage.page).textContent()).toBe('未连接读卡器：请确认读卡服务已启动');
    await settled(stage.page);
    await screenshot(stage.page, 'registry-card-form-no-reader');
    await closeForm(stage.page);
  });
});
