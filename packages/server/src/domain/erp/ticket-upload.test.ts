import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { fanOutWaiting, sweepDue } from '../../platform/events/sweep';
import { signBody } from '../../platform/events/rules';

// Weigh tickets to the ERP as 'erp.ticket' events to the ERP subscription, on a real database and a real receiving HTTP server.
const { app, database } = await createTestApp();
const { pool, db } = database;
let admin: string;
let operator: string;
let orgId: string;
const received: { key: string; payload: Record<string, unknown>; headers: Record<string, unknown>; raw: string }[] = [];
let server: Server;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  orgId = String(expectOk(await call(app, 'GET', '/api/sys-info/me', admin)).data.currentOrg);
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => { received.push({ ...JSON.parse(body), headers: req.headers, raw: body }); res.writeHead(200).end(); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/erp`;
  expectOk(await call(app, 'POST', '/api/system/interface/create', admin, { entity: { name: 'ERP', events: ['erp.ticket'], url, secret: 'erp-shared-secret-1' } }));
});
afterAll(() => { server.closeAllConnections(); server.close(); });

let serial = 0;
async function ticket(state: 'COMPLETED' | 'FIRST_WEIGHED' = 'COMPLETED'): Promise<{ id: string; no: string }> {
  serial += 1;
  const no = `CGBD-ERP-${serial}`;
  const complete = state === 'COMPLETED';
  const { rows: [m] } = await pool.query('SELECT archive_id FROM md_material_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [orgId]);
  const { rows: [t] } = await pool.query(
    `INSERT INTO wb_ticket (org_id, kind, ticket_no, state, material_id, plate_number, first_is, gross, gross_time, tare, tare_time, tare_source, net, completed_at)
     VALUES ($1, 'pu', $2, $3, $4, '晋A88888', 'GROSS', 48.2, now(), ${complete ? "16, now(), 'WEIGHED', 32.2, now()" : 'NULL, NULL, NULL, NULL, NULL'}) RETURNING id`,
    [orgId, no, state, m.archive_id]);
  return { id: String(t.id), no };
}
const upload = (ids: string[], who = admin) => call(app, 'POST', '/api/weigh/pu/upload', who, { ids });

describe('weigh tickets to the ERP', () => {
  it('locks the ticket and queues its message in one step; the ERP subscription receives it', async () => {
    const t = await ticket();
    expect(expectOk(await upload([t.id])).data.count).toBe(1);
    expect((await pool.query('SELECT uploaded_at IS NOT NULL AS locked FROM wb_ticket WHERE id = $1', [t.id])).rows[0].locked).toBe(true);
    await sweepDue(db, { overdueSeconds: 0 });
    const got = received.find((r) => r.key === t.no);
    expect(got?.payload).toMatchObject({ ticketNo: t.no, kind: 'pu', gross: '48.2', tare: '16', net: '32.2', plateNumber: '晋A88888' });
    // the README's wire format: the same body fields and headers the ERP's receiver has always read
    expect(Object.keys(JSON.parse(got?.raw ?? '{}'))).toEqual(['id', 'topic', 'key', 'orgId', 'createdAt', 'payload']);
    expect(got?.headers).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': `erp.ticket:${t.no}`, 'x-outbox-topic': 'erp.ticket' });
    const stamp = Number(/t=(\d+)/.exec(String(got?.headers['x-signature']))?.[1]);
    expect(got?.headers['x-signature']).toBe(signBody('erp-shared-secret-1', stamp, got?.raw ?? ''));
    expect(got?.headers['x-outbox-id']).toBe(JSON.parse(got?.raw ?? '{}').id);
  });

  it('refuses a ticket without its net, or uploaded already, and leaves the batch untouched', async () => {
    const done = await ticket();
    const open = await ticket('FIRST_WEIGHED');
    expectFailure(await upload([done.id, open.id]), 400, /一次过磅，不能上传/);
    expect((await pool.query('SELECT uploaded_at FROM wb_ticket WHERE id = $1', [done.id])).rows[0].uploaded_at).toBeNull();
    await fanOutWaiting(db);
    expect((await pool.query('SELECT count(*)::int AS n FROM sys_delivery WHERE event_key = $1', [done.no])).rows[0].n).toBe(0);
    expectOk(await upload([done.id]));
    expectFailure(await upload([done.id]), 400, /已上传，已锁定/);
  });

  it('withdraws an upload the ERP has not taken, and not one it has', async () => {
    const waiting = await ticket();
    expectOk(await upload([waiting.id]));
    expectOk(await call(app, 'POST', '/api/weigh/pu/cancelUpload', admin, { ids: [waiting.id] }));
    expect((await pool.query('SELECT uploaded_at FROM wb_ticket WHERE id = $1', [waiting.id])).rows[0].uploaded_at).toBeNull();
    expect((await pool.query('SELECT state, last_error FROM sys_delivery WHERE event_key = $1', [waiting.no])).rows[0]).toEqual({ state: 'FAILED', last_error: '上传已撤销' });
    // withdrawn before it was fanned out: the fan-out, when it runs, sends nothing
    await sweepDue(db, { overdueSeconds: 0 });
    expect(received.filter((r) => r.key === waiting.no)).toEqual([]);

    const taken = await ticket();
    expectOk(await upload([taken.id]));
    await sweepDue(db, { overdueSeconds: 0 });
    expectFailure(await call(app, 'POST', '/api/weigh/pu/cancelUpload', admin, { ids: [taken.id] }), 400, `磅单 ${taken.no} 已被ERP接收，不能撤销上传`);
  });

  it('uploads once when the same upload is pressed twice at once', async () => {
    const t = await ticket();
    const answers = await Promise.all([upload([t.id]), upload([t.id])]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    await fanOutWaiting(db);
    expect((await pool.query('SELECT count(*)::int AS n FROM sys_delivery WHERE event_key = $1', [t.no])).rows[0].n).toBe(1);
  });

  it('keeps the upload to those granted it and to the company\'s tickets', async () => {
    const t = await ticket();
    expectFailure(await upload([t.id], operator), 403);
    expectFailure(await upload(['999999999']), 404);
  });
});
