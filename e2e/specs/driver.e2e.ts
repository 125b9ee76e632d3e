import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DRIVER_PAGE_BUDGET, pageWeight } from '../../packages/web/build/page-weight';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useServerAndBrowser } from '../support/fixture';
import { api, apiSignIn, USERS } from '../support/login';
import { watchPolicyViolations } from '../support/policy-violations';

// 司机自助 on the driver's phone (360 x 740, a phone's browser, a weak signal): the driver opens the
// link the plant gave him, books a place on his company's notice, watches his place in the queue
// fall as the guard calls the trucks ahead of him, is called in, and after his two weighings opens
// his e-ticket, whose QR check answers; the receiver signs for the load. A link of another truck
// shows nothing of his. The guard, the stations and the registry desk act through the API.

const stage = useServerAndBrowser(() => phone?.page);
const poll = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 200 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

const PLATE = '浙E8D001';
const AHEAD = ['浙E8D101', '浙E8D102'];
const CUSTOMER = { code: 'SJE2E01', name: '湖州司机测试建材有限公司' };
/** a phone's browser, as the plant's drivers have them */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

type Call = <T = { id: string }>(path: string, body: unknown) => Promise<T>;
let admin: Call;
let operator: Call;
let lineId = '';
let noticeNo = '';
const aheadIds: string[] = [];
let phone: { context: BrowserContext; page: Page; cdp: CDPSession } | undefined;

async function caller(who: { username: string; password: string }): Promise<Call> {
  const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, who.username, who.password);
  return async <T>(path: string, body: unknown): Promise<T> => {
    const res = await api<{ data: T }>(stage.server.baseUrl, token, 'POST', path, body);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
}

/** An audited sales registry of the truck on the line (the registry desk's work). */
async function registry(plateNumber: string): Promise<string> {
  const r = await admin('/api/registry/sa/create', { entity: { noticeLineId: lineId, plateNumber, preQuantity: '30', driverName: '钱师傅' } });
  await admin('/api/registry/sa/audit', { ids: [r.id] });
  return r.id;
}

/** Let in, tare, then loaded and weighed gross: the gate's and the stations' calls. */
async function weighTwice(registryId: string, tag: string, tare: string, gross: string, between?: () => Promise<void>) {
  await admin('/api/registry/sa/letin', { ids: [registryId] });
  await operator('/api/weigh/sa/first', { registryId, weight: tare, stationId: 'E2E', requestId: `${PLATE}-${tag}-1`, stable: true });
  await between?.();
  await operator('/api/weigh/sa/second', { registryId, weight: gross, stationId: 'E2E', requestId: `${PLATE}-${tag}-2`, stable: true });
}

/** The driver link the registry desk gives for a registry: its token. */
async function driverLink(registryId: string): Promise<string> {
  const r = await admin<{ token: string; link: string }>('/api/registry/sa/driver-link', { id: registryId });
  expect(r.link).toBe(`${stage.server.baseUrl}/driver/#${r.token}`);
  return r.token;
}

/** A phone: small screen, touch, a phone's browser, and a slow network (400 kbit/s, 400 ms). */
async function openPhone(): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await stage.browser.newContext({
    baseURL: stage.server.baseUrl, locale: 'zh-CN', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, userAgent: PHONE_UA,
  });
  await watchPolicyViolations(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 });
  return { context, page, cdp };
}

const state = (page: Page) => page.getByTestId('driver-state').getAttribute('data-state');
const ahead = (page: Page) => page.getByTestId('driver-ahead').getAttribute('data-ahead').catch(() => null);

beforeAll(async () => {
  [admin, operator] = await Promise.all([caller(USERS.admin), caller(USERS.operator)]);
  // a customer of its own and a material loaded straight through (no site confirmation, no fixed deduction)
  const [c] = await db<{ id: string }>(`
    INSERT INTO md_customer (group_id, org_id, customer_code, customer_name)
    SELECT c.group_id, c.org_id, $1, $2 FROM md_customer c JOIN md_customer_alloc a ON a.archive_id = c.id JOIN sys_org o ON o.id = a.org_id
     WHERE o.org_code = 'HDSN' ORDER BY c.id LIMIT 1 RETURNING id::text`, [CUSTOMER.code, CUSTOMER.name]);
  await db(`INSERT INTO md_customer_alloc (group_id, archive_id, org_id) SELECT c.group_id, c.id, o.id FROM md_customer c, sys_org o WHERE c.id = $1 AND o.org_code = 'HDSN'`, [c.id]);
  const [material] = await db<{ id: string }>(
    `SELECT m.id::text FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id JOIN sys_org o ON o.id = a.org_id
      WHERE o.org_code = 'HDSN' AND NOT m.scene_confirm AND m.hidden_deduct = 0 AND NOT m.overload AND m.pnmary IS NULL ORDER BY m.id LIMIT 1`);
  const notice = await admin('/api/notice/sa/create', {
    entity: { customerId: c.id, startTime: '2026-01-01 00:00:00', endTime: '2035-12-31 23:59:59' },
    entitysub: [{ materialId: material.id, warehouseCode: 'CK05', quantity: '500', price: '300' }],
  });
  await admin('/api/notice/sa/audit', { ids: [notice.id] });
  [{ id: lineId, notice_no: noticeNo }] = await db<{ id: string; notice_no: string }>(
    'SELECT l.id::text, n.notice_no FROM wb_notice_line l JOIN wb_notice n ON n.id = l.notice_id WHERE l.notice_id = $1', [notice.id]);
  // two trucks of the company registered before him: they queue ahead
  for (const plate of AHEAD) aheadIds.push(await registry(plate));
  phone = await openPhone();
});

afterAll(async () => {
  await phone?.context.close();
});

describe('司机自助 on the driver’s phone', () => {
  it('weighs at most 150 kB gzip, HTML, JS and CSS together', () => {
    const weight = pageWeight(inject('webDist'), 'driver.html');
    expect(weight.gzip, weight.files.map((f) => `${f.file} ${f.gzip}`).join(', ')).toBeLessThanOrEqual(DRIVER_PAGE_BUDGET);
  });

  it('books, watches his place fall as the gate calls, is called in, and opens his e-ticket after two weighings', async () => {
    const { page, cdp } = phone as NonNullable<typeof phone>;
    // his link: the one the registry desk gave him on his earlier trip, since weighed and let out
    const earlier = await registry(PLATE);
    const token = await driverLink(earlier);
    await weighTwice(earlier, 'earlier', '15.1', '45.6');
    await admin('/api/registry/sa/letout', { ids: [earlier] });

    // what the page costs on the wire (the server's compressed copies), its own files only
    const bytes = new Map<string, number>();
    const urls = new Map<string, string>();
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
    cdp.on('Network.loadingFinished', (e) => bytes.set(e.requestId, e.encodedDataLength));
    await page.goto(`/driver/#${token}`);
    await poll(() => page.getByTestId('driver-plate').textContent()).toBe(PLATE);
    const shell = [...bytes].filter(([id]) => !new URL(urls.get(id) ?? 'http://x/api/').pathname.startsWith('/api/')).reduce((t, [, n]) => t + n, 0);
    expect(shell).toBeGreaterThan(10_000);
    expect(shell).toBeLessThanOrEqual(DRIVER_PAGE_BUDGET);
    // the token leaves the address bar and stays on the phone for the next visit
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('wb.driver.token'))).toBe(token);

    // 预约: today on his company's notice, 30 tons
    await page.getByTestId('driver-tab-book').click();
    const notice = page.locator(`[data-testid="book-notice"][data-notice-no="${noticeNo}"]`);
    await notice.getByTestId('book-day').first().click();
    await page.getByTestId('book-quantity').fill('30');
    await page.getByTestId('book-submit').click();
    await poll(() => page.getByTestId('book-message').textContent()).toContain('预约成功');
    const [mine] = await db<{ id: string; registry_no: string }>(
      'SELECT id::text, registry_no FROM wb_registry WHERE plate_number = $1 ORDER BY id DESC LIMIT 1', [PLATE]);
    expect(mine.id).not.toBe(earlier);
    await page.locator(`[data-testid="my-booking"][data-registry-no="${mine.registry_no}"]`).waitFor();
    await screenshot(page, 'driver-booked');

    // 我的车辆: third in the queue; each call of the guard moves him up, then calls him in
    await page.getByTestId('driver-tab-truck').click();
    await poll(() => ahead(page)).toBe('2');
    expect(await page.getByTestId('driver-state').textContent()).toContain('排队中');
    await screenshot(page, 'driver-waiting');
    await admin('/api/gate/call', { registryId: aheadIds[0] });
    await poll(() => ahead(page)).toBe('1');
    await admin('/api/gate/call', { registryId: aheadIds[1] });
    await poll(() => ahead(page)).toBe('0');
    expect(await page.getByTestId('driver-ahead').textContent()).toBe('前面没有车，下一个就是您');
    await admin('/api/gate/call', { registryId: mine.id });
    await poll(() => state(page)).toBe('CALLED');
    expect(await page.getByTestId('driver-call').textContent()).toContain('请立即驶入厂区');
    await screenshot(page, 'driver-called');

    // in, tare (he sees it), then loaded and weighed gross
    await weighTwice(mine.id, 'booked', '15.3', '49.8', () => poll(() => state(page)).toBe('WEIGHED_ONCE'));
    await poll(() => state(page)).toBe('DONE');

    // 电子磅单 (from the button under the state): the figures, the PDF, and the QR of the public check
    await page.getByTestId('driver-open-ticket').click();
    await poll(() => page.getByTestId('eticket-net').textContent()).toBe('34.50 吨');
    expect(await page.getByTestId('eticket-gross').textContent()).toBe('49.80 吨');
    expect(await page.getByTestId('eticket-tare').textContent()).toBe('15.30 吨');
    const [ticket] = await db<{ ticket_no: string }>('SELECT ticket_no FROM wb_ticket WHERE registry_id = $1', [mine.id]);
    expect(await page.getByTestId('eticket-no').textContent()).toBe(ticket.ticket_no);
    const checkUrl = (await page.getByTestId('eticket-qr').getAttribute('data-url')) as string;
    await page.getByTestId('eticket-qr').scrollIntoViewIfNeeded();
    await screenshot(page, 'driver-eticket');
    // the QR's address is the public check, and the check shows this ticket
    const check = new URL(checkUrl);
    expect(check.origin).toBe(stage.server.baseUrl);
    const checkToken = decodeURIComponent(check.pathname.replace(/^\/check\//, ''));
    const checked = await fetch(`${stage.server.baseUrl}/api/public/ticket-check/${encodeURIComponent(checkToken)}`);
    expect(checked.status).toBe(200);
    expect(((await checked.json()) as { data: { ticketNo: string; net: string } }).data).toMatchObject({ ticketNo: ticket.ticket_no });
    expect((await fetch(checkUrl)).status).toBe(200);
    const pdfHref = (await page.getByTestId('eticket-pdf').getAttribute('href')) as string;
    const pdf = await fetch(`${stage.server.baseUrl}${pdfHref}`);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 4).toString()).toBe('%PDF');

    // 收货确认 at the site: the receiver's name and his signature drawn with a finger
    await page.getByTestId('driver-tab-receipt').click();
    await page.getByTestId('receipt-name').fill('周收货');
    const pad = await page.getByTestId('receipt-signature').boundingBox();
    if (!pad) throw new Error('no signature pad');
    await page.mouse.move(pad.x + 30, pad.y + 150);
    await page.mouse.down();
    for (const [x, y] of [[80, 60], [130, 160], [190, 50], [250, 140], [300, 90]]) await page.mouse.move(pad.x + x, pad.y + y, { steps: 4 });
    await page.mouse.up();
    await screenshot(page, 'driver-receipt');
    await page.getByTestId('receipt-submit').click();
    await page.getByTestId('receipt-done').waitFor();
    expect(await page.getByTestId('receipt-done').textContent()).toContain('周收货');
  }, 90_000);

  it('is an app Chromium can install, its shell kept by its service worker, in Chinese with English at a tap', async () => {
    const { page, cdp } = phone as NonNullable<typeof phone>;
    // every context of the test browser is a private one, where Chromium installs nothing: that
    // reason is the browser's, every other would be the page's
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: '司机自助', start_url: '/driver/', display: 'standalone' });
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL))).toBe(`${stage.server.baseUrl}/driver/sw.js`);
    // the page and every file it loads are kept, the API never
    const kept = await page.evaluate(async () => (await (await caches.open('wb-driver-shell-v1')).keys()).map((r) => new URL(r.url).pathname));
    const scripts = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href^="/assets/"]')]
      .map((e) => new URL('src' in e && e.src ? e.src : (e as HTMLLinkElement).href).pathname));
    expect(kept).toEqual(expect.arrayContaining(['/driver/', ...scripts]));
    expect(kept.filter((p) => p.startsWith('/api/'))).toEqual([]);

    await page.getByTestId('driver-tab-truck').click();
    await page.getByTestId('driver-lang').click();
    expect(await page.getByTestId('driver-tab-truck').textContent()).toBe('My truck');
    await poll(() => page.getByTestId('driver-state').textContent()).toContain('Done');
    await screenshot(page, 'driver-english');
    await page.getByTestId('driver-lang').click();
    expect(await page.getByTestId('driver-tab-truck').textContent()).toBe('我的车辆');
  });

  it('shows nothing of his truck to a link of another plate, and explains a link used too often, a broken one and none', async () => {
    const other = await driverLink(aheadIds[0]);
    const { context } = phone as NonNullable<typeof phone>;
    const page = await context.newPage();
    await page.goto(`/driver/#${other}`);
    await poll(() => page.getByTestId('driver-plate').textContent()).toBe(AHEAD[0]);
    await page.getByTestId('driver-tab-ticket').click();
    await page.getByTestId('ticket-none').waitFor();
    const [mine] = await db<{ registry_no: string; ticket_no: string }>(
      'SELECT r.registry_no, t.ticket_no FROM wb_registry r JOIN wb_ticket t ON t.registry_id = r.id WHERE r.plate_number = $1 ORDER BY r.id DESC LIMIT 1', [PLATE]);
    for (const tab of ['truck', 'book', 'ticket']) {
      await page.getByTestId(`driver-tab-${tab}`).click();
      await page.getByTestId(`driver-screen-${tab}`).waitFor();
      const text = (await page.locator('body').textContent()) ?? '';
      expect(text).not.toContain(PLATE);
      expect(text).not.toContain(mine.registry_no);
      expect(text).not.toContain(mine.ticket_no);
    }
    const asked = await fetch(`${stage.server.baseUrl}/api/driver/ticket`, { headers: { 'X-Driver-Token': other } });
    expect(asked.status).toBe(404);

    // a link used past its limit (every call of the link counts, the page's too): the page says to wait
    let refused: Response | undefined;
    for (let round = 0; round < 20 && !refused; round += 1) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => fetch(`${stage.server.baseUrl}/api/driver/status`, { headers: { 'X-Driver-Token': other } })));
      refused = answers.find((r) => r.status === 429);
    }
    expect(refused?.status).toBe(429);
    await page.reload();
    await page.getByTestId('driver-blocked-limited').waitFor();
    expect(await page.getByTestId('driver-blocked-said').textContent()).toBe('请求过于频繁，请稍后再试');

    // a link tampered with: the page says so, and shows nothing else
    await page.goto(`/driver/#${other.slice(0, -4)}AAAA`);
    await page.getByTestId('driver-blocked-expired').waitFor();
    await screenshot(page, 'driver-link-invalid');
    // and without any link, what to do
    await page.evaluate(() => localStorage.clear());
    await page.goto('/driver/');
    await page.getByTestId('driver-blocked-none').waitFor();
    expect(await page.getByTestId('driver-blocked-none').textContent()).toContain('请用工厂发给您的链接打开');
    await page.close();
  });
});
