import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { api, apiSignIn, signIn, submitLoginForm, USERS } from '../support/login';
import { settled } from '../support/workspace';

// Branding and the plant board as the general manager meets them: the wall board at
// /clouds/index1 following a truck let in and weighed, the avatar in the top bar, and the pro
// sign-in with the company's logo whose company name, once in, is not a switch.

const MANAGER = { username: 'general_manager', password: 'Boss@2026', realName: '总经理' };
const stage = useSignedInPage(MANAGER);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => (b.reduce((c, x) => CRC_TABLE[(c ^ x) & 0xff] ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}
/** An RGB PNG drawn by `paint(x, y)`: a picture as a user's file would be (the server crops and fits it). */
function png(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) => Buffer.from([0, ...Array.from({ length: width }, (_, x) => paint(x, y)).flat()]));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}
/** A face: a warm disc on a light ground. */
const AVATAR = png(64, 64, (x, y) => ((x - 32) ** 2 + (y - 28) ** 2 < 300 ? [240, 170, 90] : [220, 230, 245]));
/** A logo: an orange band and a white mark on the company's blue. */
const LOGO = png(160, 48, (x, y) => (x < 48 ? ((x - 24) ** 2 + (y - 24) ** 2 < 260 ? [255, 255, 255] : [255, 140, 40]) : y > 18 && y < 30 ? [255, 255, 255] : [40, 90, 200]));

async function operatorCall<T>(path: string, body: unknown): Promise<T> {
  const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.operator.username, USERS.operator.password);
  const res = await api<{ data: T }>(stage.server.baseUrl, token, 'POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('branding and the plant wall board', () => {
  it('厂区大屏 follows a truck let in and weighed, full screen without the workspace', async () => {
    const { page } = stage;
    await page.goto('/clouds/index1');
    await page.getByTestId('plant-board').waitFor();
    await poll(() => page.getByTestId('board-stream').getAttribute('data-status')).toBe('live');
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    const trucks = Number(await page.getByTestId('board-in-plant').textContent());
    const tickets = Number(await page.getByTestId('board-tickets').textContent());

    const { id } = await operatorCall<{ id: string }>('/api/registry/st/create', { entity: { plateNumber: '浙E7B001' } });
    await operatorCall('/api/registry/st/audit', { ids: [id] });
    await operatorCall('/api/registry/st/letin', { ids: [id] });
    await poll(() => page.getByTestId('board-in-plant').textContent()).toBe(String(trucks + 1));
    await page.locator('tr[data-plate="浙E7B001"]').waitFor();

    const weighing = (weight: string, n: number) => ({ registryId: id, weight, stationId: 'E2E', requestId: `board-${n}`, stable: true });
    await operatorCall('/api/weigh/st/first', weighing('15.25', 1));
    await operatorCall('/api/weigh/st/second', weighing('42.5', 2));
    await poll(() => page.getByTestId('board-tickets').textContent()).toBe(String(tickets + 1));
    await page.locator('.pb-kind[data-kind="st"]').waitFor();
    await settled(page);
    await screenshot(page, 'plant-board');
  });

  it('shows the avatar the manager uploads in the top bar', async () => {
    const { page } = stage;
    await page.goto('/clouds/index');
    await page.getByTestId('user-menu').waitFor();
    await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR });
    await poll(() => page.locator('[data-testid="user-menu"] [data-avatar]').getAttribute('data-avatar')).toMatch(/^[a-f0-9]{32}\.png$/);
    const [row] = await sql<{ avatar: string }>(stage.server.databaseUrl, `SELECT avatar FROM sys_user WHERE username = 'general_manager'`);
    expect(await page.locator('[data-testid="user-menu"] [data-avatar]').getAttribute('data-avatar')).toBe(row.avatar);
  });

  it('the pro sign-in shows the company\'s logo and name, and its company name is not a switch once in', async () => {
    // the administrator gives the company a logo
    const admin = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.admin.username, USERS.admin.password);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(LOGO)], { type: 'image/png' }), 'logo.png');
    const set = await fetch(`${stage.server.baseUrl}/api/sys-org/logo/main`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form });
    expect(set.status).toBe(200);
    const [org] = await sql<{ id: string; org_name: string }>(stage.server.databaseUrl, `SELECT id::text, org_name FROM sys_org WHERE org_code = 'HDSN'`);

    const { context, page } = await newPage(stage.browser, stage.server.baseUrl);
    try {
      await page.goto(`/pro/login?org=${org.id}`);
      await page.getByTestId('login-company').filter({ hasText: org.org_name }).waitFor();
      await page.locator('.wb-login-brand [data-testid="company-logo"]').waitFor();
      await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('.wb-login-brand img')?.naturalWidth ?? 0) > 0);
      await screenshot(page, 'pro-login');
      // the pro page signs in through the spec's pro token call, naming its company
      const tokenCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/oauth/token')) tokenCalls.push(new URL(r.url()).pathname);
      });
      const proCall = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/pro/oauth/token' && new URL(r.url()).searchParams.get('org') === org.id);
      await submitLoginForm(page, stage.server.databaseUrl, MANAGER);
      await proCall;
      await page.waitForURL((u) => u.pathname === '/clouds/index');
      expect(tokenCalls).toEqual(['/api/pro/oauth/token']);
      const name = page.getByTestId('company-name');
      await name.filter({ hasText: org.org_name }).waitFor();
      expect(await name.getAttribute('data-fixed')).toBe('true');
      // the server keeps the company too: the session may not switch
      const [fixed] = await sql<{ org_fixed: boolean; org_id: string }>(stage.server.databaseUrl,
        `SELECT s.org_fixed, s.org_id::text FROM auth_session s JOIN sys_user u ON u.id = s.user_id WHERE u.username = '${MANAGER.username}' ORDER BY s.id DESC LIMIT 1`);
      expect(fixed).toEqual({ org_fixed: true, org_id: org.id });
      await name.click();
      expect(await page.locator('.ant-modal').count()).toBe(0);
      await page.locator('[data-testid="sidebar"] [data-testid="company-logo"]').waitFor();
      await settled(page);
      await screenshot(page, 'pro-login-workspace');
    } finally {
      await context.close();
    }
  });

  it('an administrator sees the logos in 组织机构 and the avatars in 用户管理', async () => {
    const { context, page } = await newPage(stage.browser, stage.server.baseUrl);
    try {
      await signIn(page, stage.server.databaseUrl, USERS.admin);
      await page.goto('/system/org');
      const logos = page.getByTestId('company-logos');
      await logos.waitFor();
      await page.getByTestId('logo-input-small').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: AVATAR });
      await logos.locator('[data-testid="logo-slot-small"] img').waitFor();
      await settled(page);
      await screenshot(page, 'company-logos');
      await page.goto('/system/user');
      await page.locator('[data-testid="users-page"] [data-avatar]:not([data-avatar=""])').first().waitFor();
      await settled(page);
      await screenshot(page, 'user-avatars');
    } finally {
      await context.close();
    }
  });

  it('集团驾驶舱 shows every plant of the group side by side, follows them, and opens one as the current company', async () => {
    const { page } = stage;
    const db = stage.server.databaseUrl;
    // the manager (集团 scope) is given the second company too, so its row can be opened
    await sql(db, `INSERT INTO sys_user_org (user_id, org_id) SELECT u.id, o.id FROM sys_user u, sys_org o
                    WHERE u.username = 'general_manager' AND o.org_code = 'HDJC' ON CONFLICT DO NOTHING`);
    await sql(db, `INSERT INTO sys_user_org_role (user_id, org_id, role_id) SELECT u.id, o.id, r.id FROM sys_user u, sys_org o, sys_role r
                    WHERE u.username = 'general_manager' AND o.org_code = 'HDJC' AND r.role_code = 'ROLE_GENERAL_MANAGER' ON CONFLICT DO NOTHING`);
    const inPlant = async (code: string) => (await sql<{ n: string }>(db, `SELECT count(*)::text AS n FROM wb_registry r JOIN sys_org o ON o.id = r.org_id
                                                                            WHERE o.org_code = $1 AND r.trip_state IN ('ENTERED', 'WEIGHING')`, [code]))[0].n;
    const cell = (code: string) => page.getByTestId(`cockpit-plant-${code}`).getByTestId('cockpit-in-plant');
    // stock of every material of the first plant: the stock chart stacks it by material class
    await sql(db, `INSERT INTO wb_stock_balance (org_id, warehouse_id, material_id, quantity)
                   SELECT w.org_id, w.id, a.archive_id, 12.5 FROM md_warehouse w JOIN md_material_alloc a ON a.org_id = w.org_id
                     JOIN sys_org o ON o.id = w.org_id WHERE o.org_code = 'HDSN' ON CONFLICT DO NOTHING`);
    const classes = (await sql<{ n: string }>(db, `SELECT count(DISTINCT m.invc_id)::text AS n FROM wb_stock_balance b JOIN md_material m ON m.id = b.material_id
                                                     JOIN sys_org o ON o.id = b.org_id WHERE o.org_code IN ('HDSN', 'HDJC')`))[0].n;
    await page.goto('/group/cockpit');
    await page.getByTestId('group-cockpit').waitFor();
    await poll(() => cell('HDSN').textContent()).toBe(await inPlant('HDSN'));
    await poll(() => cell('HDJC').textContent()).toBe(await inPlant('HDJC'));
    await page.getByTestId('cockpit-tons-chart').locator('canvas').waitFor();
    expect(await page.getByTestId('cockpit-money-chart').getAttribute('data-plants')).toBe('2');
    await page.getByTestId('cockpit-stock-chart').locator('canvas').waitFor();
    expect(Number(classes)).toBeGreaterThan(0);
    expect(await page.getByTestId('cockpit-stock-chart').getAttribute('data-classes')).toBe(classes);

    // a truck enters the second plant: the page shows it at its next reading, without reloading
    await sql(db, `INSERT INTO wb_registry (org_id, kind, registry_no, doc_status, enabled, trip_state, plate_number, entered_at)
                   SELECT id, 'st', 'DJ-COCKPIT-1', 'AUDITED', true, 'ENTERED', '浙E7C001', now() FROM sys_org WHERE org_code = 'HDJC'`);
    await expect.poll(() => cell('HDJC').textContent(), { timeout: 25_000, interval: 200 }).toBe(await inPlant('HDJC'));
    await settled(page);
    await screenshot(page, 'group-cockpit');

    await page.getByTestId('cockpit-open-HDJC').click();
    await page.waitForURL((u) => u.pathname === '/reportforms/daily');
    await page.getByTestId('company-name').filter({ hasText: '华东建材贸易有限公司' }).waitFor();
  });
});
