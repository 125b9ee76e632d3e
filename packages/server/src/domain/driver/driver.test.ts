import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { newNotice, newTicket } from '../registry/test-support';
import { mintDriverToken } from './access';
import { EXPIRED_TOKEN, INVALID_TOKEN, signDriverToken } from './token';

// 司机自助: the driver's link opens his own truck only (a link of another plate gets nothing of
// it), expires, and is limited per link; he books within the gate's appointment rules (the place
// taken at booking, once: the gate-in takes no second; two bookings for the last place, one wins),
// cancels (the place given back), watches his place as the gate calls trucks in, opens his
// e-ticket and its PDF, and has the receiver confirm a sales delivery once.
const { app, database } = await createTestApp();
const { pool, db } = database;
let auth: string;
let org: string;

beforeAll(async () => {
  auth = (await bearerFor(app, 'operator')).authorization;
  org = await orgId(pool, 'HDSN');
});

const post = (url: string, body: unknown) => call(app, 'POST', url, auth, body);
const driver = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown) => call(app, method, url, undefined, body, { 'x-driver-token': token });
let serial = 50000;
const nextPlate = () => `浙H${serial++}`;

const lastLogId = async () => Number((await pool.query('SELECT coalesce(max(id), 0) AS n FROM sys_log')).rows[0].n);
const logsSince = async (id: number) =>
  (await pool.query('SELECT action, family, doc_no AS "docNo", detail, username, user_id AS "userId" FROM sys_log WHERE id > $1 ORDER BY id', [id])).rows as
    { action: string; family: string; docNo: string; detail: string; username: string | null; userId: string | null }[];

async function audited(kind: 'tr' | 'sa', lineId: string, plate = nextPlate()) {
  const r = expectOk(await post(`/api/registry/${kind}/create`, { entity: { plateNumber: plate, noticeLineId: lineId, preQuantity: 10 } })).data as { id: string; registryNo: string };
  expectOk(await post(`/api/registry/${kind}/audit`, { ids: [r.id] }));
  return { ...r, plate };
}

async function linkOf(kind: 'tr' | 'sa', id: string): Promise<string> {
  return (expectOk(await post(`/api/registry/${kind}/driver-link`, { id })).data as { token: string }).token;
}

// a 1x1 PNG
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('the driver\'s link', () => {
  it('is made by the staff for a registry (logged), and opens that truck\'s trip', async () => {
    const { lineId, noticeNo } = await newNotice(pool, org);
    const r = await audited('tr', lineId);
    const since = await lastLogId();
    const link = expectOk(await post('/api/registry/tr/driver-link', { id: r.id })).data;
    expect(link.link).toMatch(/\/driver\/#WBDRV1\./);
    expect(link.link.endsWith(link.token)).toBe(true);
    expect((link.qr.size - 21) % 4).toBe(0);
    expect(await logsSince(since)).toMatchObject([{ action: 'driverLink', family: '移库登记单', docNo: r.registryNo }]);
    const me = expectOk(await driver('GET', '/api/driver/me', link.token)).data;
    expect(me).toMatchObject({ plate: r.plate, plant: expect.any(String), trip: { registryId: r.id, registryNo: r.registryNo, noticeNo, state: 'WAITING', kind: 'tr' }, bookings: [] });
  });

  it('answers 401 with its reason to a missing, tampered, foreign-signed or expired link', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited('tr', lineId);
    const token = await linkOf('tr', r.id);
    expectFailure(await call(app, 'GET', '/api/driver/me'), 401, '缺少司机链接，请向厂方获取');
    const [prefix, payload, sig] = token.split('.');
    const other = JSON.parse(Buffer.from(payload, 'base64url').toString());
    other.p = '浙Z99999';
    expectFailure(await driver('GET', '/api/driver/me', `${prefix}.${Buffer.from(JSON.stringify(other)).toString('base64url')}.${sig}`), 401, INVALID_TOKEN);
    expectFailure(await driver('GET', '/api/driver/status', `${token}x`), 401, INVALID_TOKEN);
    const now = Math.floor(Date.now() / 1000);
    expectFailure(await driver('GET', '/api/driver/me', signDriverToken('not-the-company-key', { orgId: org, plate: r.plate, registryId: r.id, issuedSec: now, expiresSec: now + 600 })), 401, INVALID_TOKEN);
    const expired = await mintDriverToken(db, { orgId: org, plate: r.plate, registryId: r.id, hours: 1, nowSec: now - 7200 });
    expectFailure(await driver('GET', '/api/driver/me', expired.token), 401, EXPIRED_TOKEN);
    expectFailure(await driver('GET', '/api/driver/me', 'WBDRV1.e30.x'), 401, INVALID_TOKEN);
  });

  it('gives a link of another plate nothing of this truck, on every call', async () => {
    const { lineId } = await newNotice(pool, org, { kind: 'sa' });
    const mine = await audited('sa', lineId);
    await newTicket(pool, org, mine.id, 'COMPLETED');
    const myToken = await linkOf('sa', mine.id);
    const booked = expectOk(await driver('POST', '/api/driver/bookings', myToken, { noticeLineId: lineId, day: await plantDay(1), quantity: 5 })).data;
    // a link signed by the plant for another plate, naming this truck's registry
    const stranger = (await mintDriverToken(db, { orgId: org, plate: '浙Z00001', registryId: mine.id })).token;
    const me = expectOk(await driver('GET', '/api/driver/me', stranger)).data;
    expect(me).toMatchObject({ plate: '浙Z00001', trip: null, bookings: [] });
    expect(JSON.stringify(me)).not.toContain(mine.registryNo);
    const status = expectOk(await driver('GET', '/api/driver/status', stranger)).data;
    expect(status).toMatchObject({ state: null, registryId: null, ticket: null, queue: null });
    expectFailure(await driver('GET', '/api/driver/ticket', stranger), 404, '还没有磅单');
    expectFailure(await call(app, 'GET', `/api/driver/ticket.pdf?token=${encodeURIComponent(stranger)}`), 404, '还没有磅单');
    expectFailure(await driver('GET', '/api/driver/notices', stranger), 403);
    expectFailure(await driver('POST', '/api/driver/bookings', stranger, { noticeLineId: lineId, day: await plantDay(1), quantity: 5 }), 403);
    expectFailure(await driver('DELETE', `/api/driver/bookings/${booked.booking.id}`, stranger), 404, '预约不存在');
    expectFailure(await driver('POST', '/api/driver/receipt', stranger, { receiverName: '张三', signature: PNG }), 404, '还没有磅单');
    // his own link still sees all of it
    expect(expectOk(await driver('GET', '/api/driver/ticket', myToken)).data.plate).toBe(mine.plate);
    expect(expectOk(await driver('GET', '/api/driver/me', myToken)).data.bookings.map((b: { id: string }) => b.id)).toEqual([booked.booking.id]);
  });

  it('is limited per link: over the minute\'s calls a 429, another link unaffected', async () => {
    const { lineId } = await newNotice(pool, org);
    const a = await audited('tr', lineId);
    const b = await audited('tr', lineId);
    const [ta, tb] = [await linkOf('tr', a.id), await linkOf('tr', b.id)];
    process.env.DRIVER_CALLS_PER_MINUTE = '5';
    try {
      // eleven calls over at most two minutes: one minute holds six of them
      const answers: LightMyRequestResponse[] = [];
      for (let i = 0; i < 11; i++) answers.push(await driver('GET', '/api/driver/status', ta));
      const limited = answers.filter((res) => res.statusCode === 429);
      expect(limited.length).toBeGreaterThan(0);
      expectFailure(limited[0], 429, '请求过于频繁，请稍后再试');
      expect(Number(limited[0].headers['retry-after'])).toBeGreaterThan(0);
      expectOk(await driver('GET', '/api/driver/status', tb));
    } finally {
      delete process.env.DRIVER_CALLS_PER_MINUTE;
    }
  });
});

async function plantDay(offset: number): Promise<string> {
  return (await pool.query(`SELECT to_char(current_date + $1::int, 'YYYY-MM-DD') AS d`, [offset])).rows[0].d;
}

describe('the queue and the gate\'s call', () => {
  it('shows his place among the waiting trucks of his kind, moved as the gate calls the ones ahead', async () => {
    const { lineId } = await newNotice(pool, org);
    const first = await audited('tr', lineId);
    const second = await audited('tr', lineId);
    const third = await audited('tr', lineId);
    const token = await linkOf('tr', third.id);
    const before = expectOk(await driver('GET', '/api/driver/status', token)).data;
    expect(before).toMatchObject({ state: 'WAITING', registryId: third.id, calledAt: null, pollSeconds: 5 });
    expect(before.queue.place).toBe(before.queue.ahead + 1);
    expect(before.queue.ahead).toBeGreaterThanOrEqual(2);

    const since = await lastLogId();
    const called = expectOk(await post('/api/gate/call', { registryId: first.id })).data;
    expect(called).toMatchObject({ registryId: first.id, registryNo: first.registryNo, plate: first.plate });
    expect(await logsSince(since)).toMatchObject([{ action: 'call', family: '移库登记单', docNo: first.registryNo, detail: `叫号 ${first.plate}` }]);
    const after = expectOk(await driver('GET', '/api/driver/status', token)).data;
    expect(after.queue.ahead).toBe(before.queue.ahead - 1);

    const firstToken = await linkOf('tr', first.id);
    const calledStatus = expectOk(await driver('GET', '/api/driver/status', firstToken)).data;
    expect(calledStatus).toMatchObject({ state: 'CALLED', queue: null });
    expect(calledStatus.calledAt).toBeTruthy();

    const queue = expectOk(await call(app, 'GET', '/api/gate/queue?kind=tr', auth)).data.rows as { registryId: string; place: number | null; calledAt: string | null }[];
    const at = (id: string) => queue.find((q) => q.registryId === id);
    expect(at(first.id)).toMatchObject({ place: null, calledAt: expect.any(String) });
    expect(at(third.id)?.place).toBe(after.queue.place);
    expect(at(second.id)!.place!).toBeLessThan(at(third.id)!.place!);
    expectFailure(await call(app, 'GET', '/api/gate/queue?kind=xx', auth), 400);

    // in the plant, then weighed once
    expectOk(await post('/api/registry/tr/letin', { ids: [first.id] }));
    expect(expectOk(await driver('GET', '/api/driver/status', firstToken)).data.state).toBe('IN_PLANT');
    expectFailure(await post('/api/gate/call', { registryId: first.id }), 400, `登记单 ${first.registryNo} 车辆已入厂，不用叫号`);
    await newTicket(pool, org, first.id, 'FIRST_WEIGHED');
    await pool.query(`UPDATE wb_registry SET trip_state = 'WEIGHING' WHERE id = $1`, [first.id]);
    expect(expectOk(await driver('GET', '/api/driver/status', firstToken)).data).toMatchObject({ state: 'WEIGHED_ONCE', ticket: { state: 'FIRST_WEIGHED' } });
  });

  it('refuses to call a registry not audited, and one of another company is not found', async () => {
    const { lineId } = await newNotice(pool, org);
    const draft = expectOk(await post('/api/registry/tr/create', { entity: { plateNumber: nextPlate(), noticeLineId: lineId, preQuantity: 10 } })).data as { id: string; registryNo: string };
    const since = await lastLogId();
    expectFailure(await post('/api/gate/call', { registryId: draft.id }), 400, `登记单 ${draft.registryNo} 未审核，不能叫号`);
    expectFailure(await post('/api/gate/call', { registryId: '999999999' }), 404);
    expectFailure(await post('/api/gate/call', { registryId: 'x' }), 400);
    expect(await logsSince(since)).toEqual([]);
  });
});

describe('bookings within the appointment rules', () => {
  it('takes the day\'s place at booking (two for the last place: one wins), the gate-in takes none again, a cancel gives it back', async () => {
    const { lineId } = await newNotice(pool, org);
    const rule = expectOk(await post('/api/gate/appointment/create', { entity: { ruleName: '司机预约', kind: 'tr', dayQuota: 1 } })).data as { id: string };
    try {
      const a = await audited('tr', lineId);
      const b = await audited('tr', lineId);
      const [ta, tb] = [await linkOf('tr', a.id), await linkOf('tr', b.id)];
      const today = await plantDay(0);
      const offered = expectOk(await driver('GET', '/api/driver/notices', ta)).data.notices;
      const line = offered.flatMap((n: { lines: { noticeLineId: string }[] }) => n.lines).find((l: { noticeLineId: string }) => l.noticeLineId === lineId);
      expect(line.days).toHaveLength(7);
      expect(line.days[0]).toMatchObject({ day: today, placesLeft: 1, bookable: true });

      const since = await lastLogId();
      const race = await Promise.all([ta, tb].map((t) => driver('POST', '/api/driver/bookings', t, { noticeLineId: lineId, day: today, quantity: 5 })));
      expect(race.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const lost = race.find((r) => r.statusCode === 400)!;
      expect(lost.json().msg).toMatch(/^预约规则 .* 司机预约 .* 入厂限额 1 车已满，请预约其他日期$/);
      const won = race.find((r) => r.statusCode === 200)!.json().data;
      const winnerToken = won.token as string;
      const used = async (day: string) => Number((await pool.query('SELECT coalesce(sum(used), 0) AS n FROM gt_appointment_use WHERE rule_id = $1 AND day = $2', [rule.id, day])).rows[0].n);
      expect(await used(today)).toBe(1);
      expect(won.booking).toMatchObject({ day: today, state: 'WAITING', cancellable: true });
      expect(won.link).toMatch(/\/driver\/#WBDRV1\./);
      const registry = (await pool.query('SELECT doc_status, trip_state, plate_number, valid_from, valid_to FROM wb_registry WHERE id = $1', [won.booking.registryId])).rows[0];
      expect(registry).toMatchObject({ doc_status: 'AUDITED', trip_state: 'PLANNED' });
      const logs = await logsSince(since);
      expect(logs.map((l) => l.action)).toEqual(['create', 'audit', 'driverBook']);
      expect(logs.every((l) => l.username === `司机 ${registry.plate_number}` && l.userId === null)).toBe(true);
      expect(logs[2].detail).toMatch(/司机链接 [\w-]{8}/);
      expect(expectOk(await driver('GET', '/api/driver/me', winnerToken)).data.trip.registryId).toBe(won.booking.registryId);
      const full = expectOk(await driver('GET', '/api/driver/notices', winnerToken)).data.notices
        .flatMap((n: { lines: { noticeLineId: string }[] }) => n.lines).find((l: { noticeLineId: string }) => l.noticeLineId === lineId);
      expect(full.days[0]).toMatchObject({ placesLeft: 0, bookable: false });

      // the booked truck's gate-in takes no second place; a truck not booked finds the day full
      expectOk(await post('/api/registry/tr/letin', { ids: [won.booking.registryId] }));
      expect(await used(today)).toBe(1);
      const walkIn = await audited('tr', lineId);
      expectFailure(await post('/api/registry/tr/letin', { ids: [walkIn.id] }), 400, /今日入厂限额 1 车已满/);
      // once in, his booking may not be cancelled
      expectFailure(await driver('DELETE', `/api/driver/bookings/${won.booking.id}`, winnerToken), 400, '已叫号或已入厂的预约不能取消');

      // tomorrow: booked, then cancelled: the registry void, its hold and the place given back
      const tomorrow = await plantDay(1);
      const held = async () => Number((await pool.query('SELECT in_transit AS n FROM wb_notice_line WHERE id = $1', [lineId])).rows[0].n);
      const holdBefore = await held();
      const later = expectOk(await driver('POST', '/api/driver/bookings', tb, { noticeLineId: lineId, day: tomorrow, quantity: 7 })).data;
      expect(await used(tomorrow)).toBe(1);
      expect(await held()).toBe(holdBefore + 7);
      const cancelSince = await lastLogId();
      expect(expectOk(await driver('DELETE', `/api/driver/bookings/${later.booking.id}`, tb)).data).toEqual({ id: later.booking.id, cancelled: true });
      expect(await used(tomorrow)).toBe(0);
      expect(await held()).toBe(holdBefore);
      expect((await pool.query('SELECT doc_status FROM wb_registry WHERE id = $1', [later.booking.registryId])).rows[0].doc_status).toBe('OBSOLETE');
      expect((await logsSince(cancelSince)).map((l) => l.action)).toEqual(['obsolete', 'driverCancel']);
      expectFailure(await driver('DELETE', `/api/driver/bookings/${later.booking.id}`, tb), 400, '该预约已取消');
    } finally {
      expectOk(await post('/api/gate/appointment/disable', { ids: [rule.id] }));
    }
  });

  it('refuses a day out of range, a bad body and a line of another company\'s notice, changing nothing', async () => {
    const { lineId } = await newNotice(pool, org);
    const other = await newNotice(pool, org, { kind: 'sa' });
    const r = await audited('tr', lineId);
    const token = await linkOf('tr', r.id);
    const count = async () => Number((await pool.query('SELECT count(*) AS n FROM drv_booking')).rows[0].n);
    const n = await count();
    expectFailure(await driver('POST', '/api/driver/bookings', token, { noticeLineId: lineId, day: await plantDay(-1), quantity: 5 }), 400, /^参数 day 错误: 只能预约/);
    expectFailure(await driver('POST', '/api/driver/bookings', token, { noticeLineId: lineId, day: await plantDay(7), quantity: 5 }), 400, /^参数 day 错误/);
    expectFailure(await driver('POST', '/api/driver/bookings', token, { noticeLineId: lineId, day: '2026-13-45x', quantity: 5 }), 400, /day/);
    expectFailure(await driver('POST', '/api/driver/bookings', token, { noticeLineId: lineId, day: await plantDay(0), quantity: -1 }), 400, /预装数应大于0/);
    expectFailure(await driver('POST', '/api/driver/bookings', token, { noticeLineId: other.lineId, day: await plantDay(0), quantity: 5 }), 403);
    expectFailure(await driver('DELETE', '/api/driver/bookings/abc', token), 400);
    expect(await count()).toBe(n);
  });
});

describe('the e-ticket and the receipt', () => {
  it('answers the figures in the plant\'s zone, the public check link and the PDF', async () => {
    const { lineId } = await newNotice(pool, org, { kind: 'sa' });
    const r = await audited('sa', lineId);
    const token = await linkOf('sa', r.id);
    expectFailure(await driver('GET', '/api/driver/ticket', token), 404, '还没有磅单');
    const ticketId = await newTicket(pool, org, r.id, 'COMPLETED');
    const t = expectOk(await driver('GET', '/api/driver/ticket', token)).data;
    const { rows: [row] } = await pool.query(`SELECT ticket_no, to_char(tare_time AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS tare_time FROM wb_ticket WHERE id = $1`, [ticketId]);
    expect(t).toMatchObject({ id: ticketId, ticketNo: row.ticket_no, complete: true, plate: r.plate, kind: 'sa', receiptAllowed: true, receipt: null, pdfUrl: '/api/driver/ticket.pdf' });
    expect(Number(t.gross)).toBe(45);
    expect(Number(t.tare)).toBe(15);
    expect(Number(t.net)).toBe(30);
    expect([t.firstTime, t.secondTime]).toContain(row.tare_time);
    expect(t.checkUrl).toMatch(/\/check\/[\w.-]+$/);
    const check = await call(app, 'GET', `/api/public/ticket-check/${t.checkUrl.split('/check/')[1]}`);
    expect(expectOk(check).data.ticketNo).toBe(row.ticket_no);
    expect(expectOk(await driver('GET', '/api/driver/status', token)).data).toMatchObject({ state: 'DONE', ticket: { id: ticketId } });
    const pdf = await call(app, 'GET', `/api/driver/ticket.pdf?token=${encodeURIComponent(token)}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('takes a sales delivery\'s receipt once (raced), logged, shown to the plant on the ticket', async () => {
    const { lineId } = await newNotice(pool, org, { kind: 'sa' });
    const r = await audited('sa', lineId);
    const token = await linkOf('sa', r.id);
    const ticketId = await newTicket(pool, org, r.id, 'COMPLETED');
    expectFailure(await driver('POST', '/api/driver/receipt', token, { receiverName: '张三', signature: 'data:image/jpeg;base64,AAAA' }), 400, /PNG/);
    expectFailure(await driver('POST', '/api/driver/receipt', token, { receiverName: '张三', signature: `data:image/png;base64,${'A'.repeat(280_000)}` }), 400, /200 KB/);
    expectFailure(await driver('POST', '/api/driver/receipt', token, { receiverName: '  ', signature: PNG }), 400, /收货人/);
    const since = await lastLogId();
    const race = await Promise.all(['张三', '李四'].map((name) => driver('POST', '/api/driver/receipt', token, { receiverName: name, signature: PNG })));
    expect(race.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(race.find((res) => res.statusCode === 400)!.json().msg).toBe('该磅单已确认收货');
    const done = race.find((res) => res.statusCode === 200)!.json().data;
    expect(done.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expectFailure(await driver('POST', '/api/driver/receipt', token, { receiverName: '王五', signature: PNG }), 400, '该磅单已确认收货');
    const logs = await logsSince(since);
    expect(logs.filter((l) => l.action === 'driverReceipt')).toEqual([expect.objectContaining({ family: '销售磅单', detail: expect.stringContaining(`收货确认：${done.receiverName}`), username: `司机 ${r.plate}` })]);
    expect(expectOk(await driver('GET', '/api/driver/ticket', token)).data).toMatchObject({ receiptAllowed: false, receipt: { receiverName: done.receiverName } });
    // the plant's ticket detail
    const detail = expectOk(await call(app, 'GET', `/api/weigh/sa/get/${ticketId}`, auth)).data;
    expect(detail).toMatchObject({ receiverName: done.receiverName });
    expect(detail.receiptSignatureFileId).toMatch(/^\d+$/);
    const seen = expectOk(await call(app, 'GET', `/api/weigh/sa/receipt/${ticketId}`, auth)).data;
    expect(seen.receipt).toMatchObject({ receiverName: done.receiverName, receivedAt: done.receivedAt, plate: r.plate, signatureFileId: detail.receiptSignatureFileId });
    const image = await call(app, 'GET', `/api/sys-file-type/img/${seen.receipt.signatureFileId}`, auth);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(Buffer.from(PNG.split(',')[1], 'base64'))).toBe(true);
    // a sale not yet received says so; a ticket of another kind is not a sales ticket
    const other = await audited('sa', lineId);
    const otherTicket = await newTicket(pool, org, other.id, 'COMPLETED');
    expect(expectOk(await call(app, 'GET', `/api/weigh/sa/receipt/${otherTicket}`, auth)).data.receipt).toBeNull();
    expectFailure(await call(app, 'GET', '/api/weigh/sa/receipt/999999999', auth), 404);
  });

  it('refuses a receipt for a ticket not complete or not a sale', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited('tr', lineId);
    const token = await linkOf('tr', r.id);
    await newTicket(pool, org, r.id, 'COMPLETED');
    expectFailure(await driver('POST', '/api/driver/receipt', token, { receiverName: '张三', signature: PNG }), 400, '只有销售发货可以确认收货');
    const sale = await newNotice(pool, org, { kind: 'sa' });
    const s = await audited('sa', sale.lineId);
    const st = await linkOf('sa', s.id);
    await newTicket(pool, org, s.id, 'FIRST_WEIGHED');
    expectFailure(await driver('POST', '/api/driver/receipt', st, { receiverName: '张三', signature: PNG }), 400, '磅单尚未完成二次过磅，不能确认收货');
    expectFailure(await call(app, 'GET', `/api/driver/ticket.pdf?token=${encodeURIComponent(st)}`), 404, '磅单尚未完成二次过磅');
  });
});
