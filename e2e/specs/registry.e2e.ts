import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { screenshot } from '../support/browser';
import { pressListButton, tickListRow } from '../support/document-steps';
import { useSignedInPage } from '../support/fixture';
import { sql } from '../support/db';
import { listScreen, rows } from '../support/list-screen';
import { pageToken, USERS } from '../support/login';
import { confirmDialog, openMenuLeaf, settled } from '../support/workspace';

// A transfer registry through the screens as the gate office works it: created in the form with its
// notice line from the popup, audited, a card read from the reader and bound, let in and let out.
// A small WebSocket server on the bridge's port stands in for the card-reader service of the
// operator's PC ({serviceid, blocks}); the test starts it, and stops it to see the screen say so.

const stage = useSignedInPage(USERS.operator);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const PLATE = '浙E7E001';
const CARD_UID = 'C0FFEE01';

/** The stand-in bridge: answers reads with the card on it and keeps what was written. */
function startBridge() {
  const written: Record<string, string>[] = [];
  const server = new WebSocketServer({ host: '127.0.0.1', port: 61214 });
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const request = JSON.parse(String(data)) as { serviceid: string; blocks: unknown };
      if (request.serviceid === 'WriteCard') written.push(request.blocks as Record<string, string>);
      socket.send(JSON.stringify({ serviceid: request.serviceid, success: true, uid: CARD_UID.toLowerCase(), blocks: {} }));
    });
  });
  return { written, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let bridge: ReturnType<typeof startBridge> | null = null;
beforeAll(() => {
  bridge = startBridge();
});
afterAll(async () => {
  await bridge?.stop();
});

const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);
const registry = async () => (await db<{ id: string; registry_no: string; doc_status: string; trip_state: string; card: string | null; entered: boolean; released: boolean; reserved: string }>(
  `SELECT r.id::text, r.registry_no, r.doc_status, r.trip_state, k.card_uid AS card, r.entered_at IS NOT NULL AS entered,
          r.released_at IS NOT NULL AS released, r.reserved_quantity::text AS reserved
     FROM wb_registry r LEFT JOIN md_ic_card k ON k.id = r.ic_card_id WHERE r.plate_number = $1`, [PLATE]))[0];

const message = (page: Page, text: string | RegExp) => page.locator('.ant-notification-notice, .ant-message, .ant-alert').filter({ hasText: text }).first();

/** Draws a camera snapshot stand-in and uploads it as the weighing station would; answers the file id. */
async function uploadSnapshot(token: string): Promise<string> {
  return stage.page.evaluate(async (bearer) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 300;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#3a4a5a';
    g.fillRect(0, 0, 480, 300);
    g.fillStyle = '#f5c400';
    g.fillRect(150, 170, 180, 50);
    g.fillStyle = '#111';
    g.font = 'bold 32px sans-serif';
    g.fillText('浙E·7E001', 160, 206);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
    const form = new FormData();
    form.append('file', blob, 'BF-01-second.png');
    const res = await fetch('/api/sys-file/upload?type=img', { method: 'POST', headers: { Authorization: `Bearer ${bearer}` }, body: form });
    return ((await res.json()) as { data: { id: string }[] }).data[0].id;
  }, token);
}

describe('a transfer registry at the gate', () => {
  it('is created in the form with its notice line picked in the popup', async () => {
    await db(`WITH n AS (
        INSERT INTO wb_notice (org_id, kind, notice_no, doc_status, start_time, end_time)
        SELECT id, 'tr', 'YKTZE2E0001', 'AUDITED', now() - interval '1 day', now() + interval '1 day' FROM sys_org WHERE org_code = 'HDSN' RETURNING id, org_id)
      INSERT INTO wb_notice_line (org_id, notice_id, seq, material_id, quantity, max_limit)
      SELECT n.org_id, n.id, 1, (SELECT archive_id FROM md_material_alloc a WHERE a.org_id = n.org_id ORDER BY archive_id LIMIT 1), 100, 100 FROM n`);
    await db(`INSERT INTO md_ic_card (org_id, card_no, card_uid, card_kind) SELECT id, 'LS0001', $1, 'TEMPORARY' FROM sys_org WHERE org_code = 'HDSN'`, [CARD_UID]);
    await openMenuLeaf(stage.page, '/registry', '/registry/tr');
    await rows(stage.page);
    await pressListButton(stage.page, 'create');
    const form = stage.page.locator('.wb-form-dialog').last();
    await form.locator('.wb-template-form').waitFor();
    const item = (label: string) => form.locator('.ant-form-item').filter({ has: stage.page.locator(`label[title="${label}"]`) });
    await item('车牌号').locator('input').fill('浙e·7e001');
    await item('通知单明细').locator('button').click();
    const popup = stage.page.locator('.ant-modal').filter({ has: stage.page.getByTestId('resource-popup') });
    await popup.getByTestId('resource-table').waitFor();
    await popup.locator('tbody tr.ant-table-row').filter({ hasText: 'YKTZE2E0001' }).dblclick();
    await popup.waitFor({ state: 'detached' });
    await poll(() => item('通知单明细').locator('input').first().inputValue()).toBe('YKTZE2E0001');
    await item('预装数').locator('input').fill('30');
    await item('司机').locator('input').fill('孙师傅');
    await settled(stage.page);
    await screenshot(stage.page, 'registry-form');
    await form.locator('[data-action="submit"]').click();
    await form.waitFor({ state: 'detached' });
    await poll(async () => (await registry())?.doc_status).toBe('FREE');
    expect((await registry()).registry_no).toMatch(/^YKDJ\d{12}$/);
  });

  it('is audited: its pre-load is held on the notice line', async () => {
    await tickListRow(stage.page, PLATE);
    await pressListButton(stage.page, 'audit');
    await poll(async () => (await registry()).doc_status).toBe('AUDITED');
    expect(Number((await registry()).reserved)).toBe(30);
  });

  it('gets the card on the reader bound and written (补卡)', async () => {
    await tickListRow(stage.page, PLATE);
    await pressListButton(stage.page, 'page:supplement');
    const dialog = stage.page.getByTestId('registry-supplement');
    await dialog.getByTestId('card-uid').waitFor();
    expect(await dialog.getByTestId('card-uid').textContent()).toContain(CARD_UID);
    await settled(stage.page);
    await screenshot(stage.page, 'registry-supplement');
    await dialog.getByTestId('card-bind').click();
    await dialog.waitFor({ state: 'detached' });
    await poll(async () => (await registry()).card).toBe(CARD_UID);
    const { registry_no } = await registry();
    expect(bridge?.written).toEqual([{ 4: registry_no, 5: PLATE }]);
  });

  it('reads the card back to its registry (读卡)', async () => {
    await pressListButton(stage.page, 'page:readCard');
    const dialog = stage.page.getByTestId('registry-read-card');
    await dialog.getByTestId('card-registry').waitFor();
    expect(await dialog.getByTestId('card-registry').textContent()).toContain(PLATE);
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('gives the driver his phone\'s link as a QR code and a text (司机链接)', async () => {
    await tickListRow(stage.page, PLATE);
    await pressListButton(stage.page, 'page:driverLink');
    const dialog = stage.page.getByTestId('registry-driver-link');
    await dialog.getByTestId('driver-link-qr').waitFor();
    expect(await dialog.getByTestId('driver-link-url').textContent()).toMatch(/\/driver\/#WBDRV1\.[\w-]+\.[\w-]+/);
    await settled(stage.page);
    await screenshot(stage.page, 'registry-driver-link');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('lets the truck in (入厂) and shows the list\'s totals', async () => {
    await tickListRow(stage.page, PLATE);
    await pressListButton(stage.page, 'batch:letin');
    await poll(async () => (await registry()).entered).toBe(true);
    expect((await registry()).trip_state).toBe('ENTERED');
    await rows(stage.page);
    const totals = listScreen(stage.page).getByTestId('list-totals');
    await totals.waitFor();
    expect(await totals.textContent()).toContain('30');
    await settled(stage.page);
    await screenshot(stage.page, 'registry-list-entered');
  });

  it('refuses gate-out before the ticket is complete, then lets the truck out (出厂)', async () => {
    await tickListRow(stage.page, PLATE);
    await pressListButton(stage.page, 'batch:letout');
    await confirmDialog(stage.page, '确认放行所选车辆出厂?');
    await message(stage.page, '没有过磅记录，不能出厂').waitFor();
    const { id } = await registry();
    await db(`INSERT INTO wb_ticket (org_id, kind, ticket_no, state, registry_id, notice_id, notice_line_id, plate_number, first_is,
                                     gross, gross_time, tare, tare_time, tare_source, net, completed_at)
              SELECT org_id, kind, 'BDE2E0001', 'COMPLETED', id, notice_id, notice_line_id, plate_number, 'TARE', 45, now(), 15, now(), 'WEIGHED', 30, now()
                FROM wb_registry WHERE id = $1`, [id]);
    await tickListRow(stage.page, PLATE);
    await pressListButton(stage.page, 'batch:letout');
    await confirmDialog(stage.page, '确认放行所选车辆出厂?');
    await poll(async () => (await registry()).released).toBe(true);
    expect((await registry()).trip_state).toBe('RELEASED');
  });

  it('shows the snapshot dialog: the spec\'s message without snapshots, the camera\'s picture with one', async () => {
    await tickListRow(stage.page, PLATE);
    await pressListButton(stage.page, 'page:pictures');
    const dialog = stage.page.getByTestId('registry-pictures');
    await dialog.getByText('没有查到此登记单的图片').waitFor();
    expect(await dialog.locator('.ant-modal-title').textContent()).toBe('抓拍图片查看');
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'detached' });

    const fileId = await uploadSnapshot((await pageToken(stage.page)) ?? '');
    await db(`INSERT INTO wb_weighing (org_id, ticket_id, reading, weight, stable, weighed_at, station, request_id, identified_by, snapshot_file_ids)
              SELECT org_id, id, 'SECOND', 45, true, now(), 'BF-01', 'e2e-shot-1', 'CARD', ARRAY[$1::bigint] FROM wb_ticket WHERE ticket_no = 'BDE2E0001'`, [fileId]);
    await tickListRow(stage.page, PLATE);
    await pressListButton(stage.page, 'page:pictures');
    const shown = stage.page.getByTestId('registry-pictures').locator('img');
    await shown.first().waitFor();
    await poll(() => shown.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(480);
    await settled(stage.page);
    await screenshot(stage.page, 'registry-pictures');
    await stage.page.getByTestId('registry-pictures').locator('.ant-modal-close').click();
    await stage.page.getByTestId('registry-pictures').waitFor({ state: 'detached' });
  });

  it('says clearly when no card reader answers', async () => {
    await bridge?.stop();
    bridge = null;
    await pressListButton(stage.page, 'page:readCard');
    const dialog = stage.page.getByTestId('registry-read-card');
    await dialog.getByTestId('card-error').waitFor({ timeout: 8000 });
    expect(await dialog.getByTestId('card-error').textContent()).toContain('未连接读卡器：请确认读卡服务已启动');
    await settled(stage.page);
    await screenshot(stage.page, 'registry-no-reader');
  });
});
