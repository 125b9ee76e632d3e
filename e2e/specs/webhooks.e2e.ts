import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { columnTexts, listScreen, quickSearch, rows } from '../support/list-screen';
import { api, apiSignIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';
import type { Page } from 'playwright-core';

// A plant's webhook end to end: 接口配置 lists it without its secret and answers a new one once;
// a manual ticket reaches the receiver through the server's job runner, signed with that secret;
// 事件历史 shows it sent, and 重新发送 delivers it again alike.

const stage = useSignedInPage(USERS.admin);
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);
const received: { headers: IncomingMessage['headers']; body: string }[] = [];
let receiver: Server;
let token = '';
let secret = '';
let ticketNo = '';

const verified = (r: { headers: IncomingMessage['headers']; body: string }) => {
  const t = /t=(\d+)/.exec(String(r.headers['x-signature']))?.[1];
  return r.headers['x-signature'] === `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${r.body}`).digest('hex')}`;
};

/** A list button, on the bar or under 更多 (once the menu stands still: its items slide in). */
async function press(page: Page, component: string) {
  const direct = listScreen(page).locator(`button[data-testid="btn-${component}"]`);
  if (await direct.isVisible()) return direct.click();
  await listScreen(page).getByTestId('btn-more').click();
  await settled(page);
  await page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) [data-testid="btn-${component}"]`).click();
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => { received.push({ headers: req.headers, body }); res.writeHead(200).end('ok'); });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.admin.username, USERS.admin.password);
  const created = await api<{ msg: string }>(stage.server.baseUrl, token, 'POST', '/api/system/interface/create', {
    entity: { name: 'E2E 回调', events: ['ticket.completed'], url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` },
  });
  expect(created.status, created.body.msg).toBe(200);
});
afterAll(() => { receiver.closeAllConnections(); receiver.close(); });

describe('webhooks', () => {
  it('接口配置 lists the webhook without its secret; 重新生成密钥 shows a new one once', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', '/system/interface');
    await quickSearch(page, 'E2E 回调');
    expect(await columnTexts(page, '订阅事件')).toEqual(['ticket.completed']);
    const [stored] = await db<{ secret: string }>(`SELECT secret FROM sys_subscription WHERE name = 'E2E 回调'`);
    expect(await listScreen(page).innerText()).not.toContain(stored.secret);
    await (await rows(page)).filter({ hasText: 'E2E 回调' }).locator('.ant-checkbox-input').check();
    await press(page, 'page:newSecret');
    const shown = page.getByTestId('new-secret');
    await shown.waitFor();
    secret = (await shown.innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    const [now] = await db<{ secret: string }>(`SELECT secret FROM sys_subscription WHERE name = 'E2E 回调'`);
    expect(now.secret).toBe(secret);
    await settled(page);
    await screenshot(page, 'webhook-new-secret');
    await page.getByRole('button', { name: /完成/ }).click();
  });

  it('a manual ticket reaches the receiver signed; 事件历史 shows it sent and 重新发送 delivers it again', async () => {
    const [org] = await db<{ org_id: string }>(`SELECT s.org_id::text FROM auth_session s JOIN sys_user u ON u.id = s.user_id
      WHERE u.username = 'admin' AND s.org_id IS NOT NULL ORDER BY s.id DESC LIMIT 1`);
    const [material] = await db<{ id: string }>(`SELECT m.id::text FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id
      WHERE a.org_id = $1 AND NOT m.scene_confirm AND m.hidden_deduct = '0' ORDER BY m.id LIMIT 1`, [org.org_id]);
    const made = await api<{ data: { ticketNo: string }; msg: string }>(stage.server.baseUrl, token, 'POST', '/api/weigh/pu/create', {
      entity: { plateNumber: '苏E7W001', materialId: material.id, gross: '38', tare: '14', price: '10' },
    });
    expect(made.status, made.body.msg).toBe(200);
    ticketNo = made.body.data.ticketNo;
    await expect.poll(() => received.filter((r) => JSON.parse(r.body).key === ticketNo).length, { timeout: 60_000, interval: 250 }).toBe(1);
    const [first] = received;
    expect(verified(first)).toBe(true);
    expect(JSON.parse(first.body)).toMatchObject({ topic: 'ticket.completed', key: ticketNo, payload: { ticketNo, net: '24', manual: true } });

    const { page } = stage;
    await openMenuLeaf(page, '/system', '/system/outbox');
    await quickSearch(page, ticketNo);
    expect(await columnTexts(page, '状态')).toEqual(['已发送']);
    expect(await columnTexts(page, '接收方')).toEqual(['E2E 回调']);
    await (await rows(page)).first().locator('.ant-checkbox-input').check();
    await press(page, 'batch:resend');
    const confirm = page.locator('.ant-modal-confirm');
    if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => received.length, { timeout: 60_000, interval: 250 }).toBe(2);
    expect(verified(received[1])).toBe(true);
    expect(received[1].body).toBe(first.body);
    expect(received[1].headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    await settled(page);
    await screenshot(page, 'event-history');
  });
});
