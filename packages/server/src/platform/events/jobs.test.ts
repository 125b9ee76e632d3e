import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';
import { emitEvent } from './emit';
import { signBody } from './rules';

// Deliveries through the job library itself: an instance with the runner on polls the events and takes each delivery's retry job.
const { app, database } = await createTestApp({ JOBS: 'on', JOBS_POLL_SECONDS: '0.5' });
const { db, pool } = database;
const received: { headers: IncomingMessage['headers']; body: string }[] = [];
let server: Server;
let orgId: string;
let admin: string;
let secret: string;

beforeAll(async () => {
  await app.ready();
  admin = (await bearerFor(app, 'admin')).authorization;
  orgId = String(expectOk(await call(app, 'GET', '/api/sys-info/me', admin)).data.currentOrg);
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => { received.push({ headers: req.headers, body }); res.writeHead(204).end(); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const created = expectOk(await call(app, 'POST', '/api/system/interface/create', admin, { entity: { name: 'Jobs hook', events: ['ticket.voided'], url } })).data;
  secret = expectOk(await call(app, 'POST', `/api/system/interface/newSecret/${created.id}`, admin)).data.secret;
});
afterAll(() => { server.closeAllConnections(); server.close(); });

const signed = (r: { headers: IncomingMessage['headers']; body: string }) => {
  const t = Number(/t=(\d+)/.exec(String(r.headers['x-signature']))?.[1]);
  return r.headers['x-signature'] === signBody(secret, t, r.body);
};

describe('deliveries on the job library', () => {
  it('delivers a committed event through the queue, and a resend through it again, signed alike', async () => {
    const { eventId } = await db.transaction().execute((tx) => emitEvent(tx, {
      orgId, type: 'ticket.voided', key: 'CGBD-JOB-1', payload: { ticketId: '1', ticketNo: 'CGBD-JOB-1', kind: 'pu', plateNumber: '晋A1', previousState: 'COMPLETED' },
    }));
    // the webhook poller fans it out and tries the delivery it made
    await expect.poll(() => received.length, { timeout: 20_000, interval: 200 }).toBe(1);
    const delivered = async () => (await pool.query('SELECT id::text, state FROM sys_delivery WHERE event_id = $1', [eventId])).rows;
    await expect.poll(async () => (await delivered())[0]?.state, { timeout: 5000 }).toBe('SENT');
    const [{ id }] = await delivered();
    expectOk(await call(app, 'POST', '/api/system/outbox/resend', admin, { ids: [id] }));
    await expect.poll(() => received.length, { timeout: 20_000, interval: 200 }).toBe(2);
    expect(received.every(signed)).toBe(true);
    expect(received[1].body).toBe(received[0].body);
    expect(received[1].headers['idempotency-key']).toBe(received[0].headers['idempotency-key']);
  });
});
