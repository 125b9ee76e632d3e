import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { deliverOne } from '../../platform/events/deliver';
import { fanOutWaiting } from '../../platform/events/sweep';
import { receiverPasswordOpener } from '../system/interface/credentials';
import { newNotice } from '../registry/test-support';
import { UPLOAD_EVENTS } from './emit';

// The uploads to SAP and the freight platform as subscribers of the plant's events, on a real database and a real receiving HTTP server.
const { app, database } = await createTestApp();
const { pool, db } = database;
let admin: string;
let orgId: string;
let materialId: string;
const received: { body: { topic: string; key: string; payload: Record<string, unknown> }; headers: IncomingHttpHeaders; status: number }[] = [];
/** the answers the receiver gives, in turn; 200 once they run out */
const answers: number[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  orgId = String(expectOk(await call(app, 'GET', '/api/sys-info/me', admin)).data.currentOrg);
  materialId = String((await pool.query('SELECT archive_id FROM md_material_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [orgId])).rows[0].archive_id);
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const status = answers.shift() ?? 200;
      received.push({ body: JSON.parse(body), headers: req.headers, status });
      res.writeHead(status).end(status === 200 ? '{"MESSAGE":"OK"}' : 'SAP busy');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sap`;
});
afterAll(() => { server.closeAllConnections(); server.close(); });

const subscribe = (entity: Record<string, unknown>) => call(app, 'POST', '/api/system/interface/create', admin, { entity: { url, ...entity } });
const deliveriesNow = async (type: string, key: string) =>
  (await pool.query('SELECT id::text, state, attempts FROM sys_delivery WHERE event_type = $1 AND event_key = $2 ORDER BY id', [type, key])).rows as { id: string; state: string; attempts: number }[];
/** The deliveries of a document's upload once its events were fanned out (run here: no poller runs with the job library off). */
const deliveriesOf = async (type: string, key: string) => {
  await fanOutWaiting(db);
  return deliveriesNow(type, key);
};
const deliver = (id: string) => deliverOne(db, id, { openSecret: receiverPasswordOpener(db) });

describe('the purchase family\'s SAP upload', () => {
  let subscriptionId: string;

  it('keeps the receiver\'s sign-in password sealed and never shows it', async () => {
    const created = expectOk(await subscribe({ name: 'SAP 采购', events: [UPLOAD_EVENTS.purchase], authUser: 'WB_RFC', authPassword: 'Sap#Pass-2026' })).data;
    subscriptionId = created.id;
    expect(created).toMatchObject({ authUser: 'WB_RFC', authPassword: '******' });
    const stored = (await pool.query('SELECT auth_password FROM sys_subscription WHERE id = $1', [created.id])).rows[0].auth_password as string;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('Sap#Pass-2026');
    const list = expectOk(await call(app, 'POST', '/api/system/interface/v2/list', admin, { limit: { pn: 1, ps: 50 } })).data.list;
    expect(JSON.stringify(list)).not.toContain('Sap#Pass-2026');
    // an edit that sends the mask back keeps it
    expectOk(await call(app, 'PUT', '/api/system/interface/update', admin, { entity: { ...created, timeoutMs: 5000 } }));
    expect((await pool.query('SELECT auth_password FROM sys_subscription WHERE id = $1', [created.id])).rows[0].auth_password).toBe(stored);
    expectFailure(await subscribe({ name: 'SAP 无密码', events: [UPLOAD_EVENTS.purchase], authUser: 'X' }), 400, '填写了认证用户时，认证密码不能为空');
  });

  it('sends a completed purchase ticket as its goods receipt; two failed tries are kept and it is delivered once; the ticket is locked until then', async () => {
    const t = expectOk(await call(app, 'POST', '/api/weigh/pu/create', admin, { entity: { plateNumber: '苏E66601', materialId, gross: '40.5', tare: '15', price: '10' } })).data;
    const locked = expectOk(await call(app, 'GET', `/api/weigh/pu/get/${t.id}`, admin)).data;
    const refusedWhileUploading = async () => {
      expectFailure(await call(app, 'PUT', '/api/weigh/pu/update', admin, { entity: { id: t.id, version: locked.version, tare: '16' } }), 400, /已上传，已锁定，不能修改/);
      expectFailure(await call(app, 'POST', '/api/weigh/pu/obsolete', admin, { ids: [t.id] }), 400, /已上传，已锁定，不能作废/);
      expectFailure(await call(app, 'POST', '/api/weigh/pu/audit', admin, { ids: [t.id] }), 400, /已上传，已锁定，不能审核/);
    };
    // right after completion, before its event's fan-out made the delivery, it is being uploaded all the same
    expect(await deliveriesNow(UPLOAD_EVENTS.purchase, t.ticketNo)).toEqual([]);
    await refusedWhileUploading();
    const [d] = await deliveriesOf(UPLOAD_EVENTS.purchase, t.ticketNo);
    expect(d).toMatchObject({ state: 'PENDING', attempts: 0 });

    // being uploaded: no edit, no voiding, no audit
    await refusedWhileUploading();

    answers.push(500, 503);
    expect(await deliver(d.id)).toMatchObject({ kind: 'retry', status: 500 });
    expect(await deliver(d.id)).toMatchObject({ kind: 'retry', status: 503 });
    expect((await deliveriesOf(UPLOAD_EVENTS.purchase, t.ticketNo))[0].state).toBe('PENDING');
    expect(await deliver(d.id)).toMatchObject({ kind: 'sent', status: 200 });

    const mine = received.filter((r) => r.body.key === t.ticketNo);
    expect(mine.map((r) => r.status)).toEqual([500, 503, 200]);
    expect(mine.filter((r) => r.status === 200)).toHaveLength(1);
    expect(mine[2].headers.authorization).toBe(`Basic ${Buffer.from('WB_RFC:Sap#Pass-2026').toString('base64')}`);
    expect(mine[2].body.payload).toMatchObject({ HEADER: { XBLNR: t.ticketNo, BKTXT: '苏E66601' }, ITEM: { BWART: '101', MENGE: '25.5', MEINS: 'TO', ZGROSS: '40.5', ZTARE: '15' } });
    const tries = expectOk(await call(app, 'GET', `/api/system/outbox/attempts/${d.id}`, admin)).data as { status: number }[];
    expect(tries.map((a) => a.status)).toEqual([500, 503, 200]);
    // a second delivery of a sent one is nothing
    expect(await deliver(d.id)).toEqual({ kind: 'skipped' });

    // taken by SAP: the lock ends, and voiding tells SAP to reverse it (102)
    const free = expectOk(await call(app, 'GET', `/api/weigh/pu/get/${t.id}`, admin)).data;
    expectOk(await call(app, 'PUT', '/api/weigh/pu/update', admin, { entity: { id: t.id, version: free.version, tare: '16' } }));
    expectOk(await call(app, 'POST', '/api/weigh/pu/obsolete', admin, { ids: [t.id] }));
    const [, reversal] = await deliveriesOf(UPLOAD_EVENTS.purchase, t.ticketNo);
    expect(await deliver(reversal.id)).toMatchObject({ kind: 'sent' });
    expect(received.at(-1)?.body.payload).toMatchObject({ ITEM: { BWART: '102', MENGE: '24.5' } });
  });

  it('is resent from the event history', async () => {
    const [d] = (await pool.query("SELECT id::text FROM sys_delivery WHERE event_type = $1 AND state = 'SENT' ORDER BY id LIMIT 1", [UPLOAD_EVENTS.purchase])).rows;
    expect(expectOk(await call(app, 'POST', '/api/system/outbox/resend', admin, { ids: [d.id] })).data.count).toBe(1);
    expect((await pool.query('SELECT state, resent FROM sys_delivery WHERE id = $1', [d.id])).rows[0]).toEqual({ state: 'PENDING', resent: 1 });
  });

  it('writes nothing for a company without the subscription, and nothing for another family\'s ticket', async () => {
    expectOk(await call(app, 'POST', '/api/system/interface/disable', admin, { ids: [subscriptionId] }));
    const t = expectOk(await call(app, 'POST', '/api/weigh/pu/create', admin, { entity: { plateNumber: '苏E66602', materialId, gross: '40', tare: '15', price: '10' } })).data;
    expect(await deliveriesOf(UPLOAD_EVENTS.purchase, t.ticketNo)).toEqual([]);
    const u = expectOk(await call(app, 'GET', `/api/weigh/pu/get/${t.id}`, admin)).data;
    expectOk(await call(app, 'PUT', '/api/weigh/pu/update', admin, { entity: { id: t.id, version: u.version, tare: '16' } }));
  });
});

describe('the registry\'s SAP upload', () => {
  it('tells SAP of a truck let in, on the plant\'s clock', async () => {
    expectOk(await subscribe({ name: 'SAP 门岗', events: [UPLOAD_EVENTS.registry] }));
    const { lineId, noticeNo } = await newNotice(pool, orgId);
    const r = expectOk(await call(app, 'POST', '/api/registry/tr/create', admin, { entity: { plateNumber: '浙E99901', noticeLineId: lineId, preQuantity: 30 } })).data;
    expectOk(await call(app, 'POST', '/api/registry/tr/audit', admin, { ids: [r.id] }));
    expectOk(await call(app, 'POST', '/api/registry/tr/letin', admin, { ids: [r.id] }));
    const [d] = await deliveriesOf(UPLOAD_EVENTS.registry, r.registryNo);
    expect(await deliver(d.id)).toMatchObject({ kind: 'sent' });
    const got = received.at(-1);
    expect(got?.body).toMatchObject({ topic: 'upload.registry', key: r.registryNo });
    expect(got?.body.payload).toMatchObject({ ZREGNO: r.registryNo, ZKIND: 'TR', ZMOVE: 'IN', ZPLATE: '浙E99901', ZNOTICE: noticeNo });
    expect(got?.body.payload.ZDATE).toMatch(/^\d{8}$/);
    expect(got?.headers.authorization).toBeUndefined();
  });
});

describe('the sales freight\'s upload to the freight platform', () => {
  it('sends a sales freight settlement when examined, with its money in cents, and keeps it from being taken back until delivered', async () => {
    expectOk(await subscribe({ name: '物流平台', events: [UPLOAD_EVENTS.freight] }));
    const { rows: [c] } = await pool.query('SELECT archive_id FROM md_carrier_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [orgId]);
    const { rows: [s] } = await pool.query(
      `INSERT INTO wb_settlement (org_id, scope, kind, settle_no, carrier_id, period_from, period_to, ticket_count, rows_amount, total_amount)
       VALUES ($1, 'FREIGHT', 'sa', 'YFJS-UP-1', $2, now() - interval '7 days', now(), 1, 1101.375, 1090.38) RETURNING id::text`, [orgId, c.archive_id]);
    expectOk(await call(app, 'POST', '/api/freightSettle/audit', admin, { ids: [s.id] }));
    // before its event is fanned out and after: being uploaded
    expectFailure(await call(app, 'POST', '/api/freightSettle/Operating', admin, { id: s.id, action: 'unaudit' }), 400, '运费结算 YFJS-UP-1 正在上传，已锁定，不能反审核');
    const [d] = await deliveriesOf(UPLOAD_EVENTS.freight, 'YFJS-UP-1');
    expectFailure(await call(app, 'POST', '/api/freightSettle/Operating', admin, { id: s.id, action: 'unaudit' }), 400, '运费结算 YFJS-UP-1 正在上传，已锁定，不能反审核');
    expect(await deliver(d.id)).toMatchObject({ kind: 'sent' });
    expect(received.at(-1)?.body.payload).toMatchObject({ settleNo: 'YFJS-UP-1', freightCents: 110138, payableCents: 109038, tripCount: 0 });
    expectOk(await call(app, 'POST', '/api/freightSettle/Operating', admin, { id: s.id, action: 'unaudit' }));
  });
});
