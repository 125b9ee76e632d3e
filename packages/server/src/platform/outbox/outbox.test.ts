import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import { claimDue, enqueue, resend } from './repo';
import { signBody } from './rules';
import { startOutboxWorker } from './worker';

// The outbox against a real database and a real HTTP receiver on a local port.
const { database } = await freshDatabase();
const { db, pool } = database;

interface Received { headers: IncomingMessage['headers']; body: string }
let received: Received[] = [];
let answer: (r: Received) => number | 'hang' = () => 200;
let server: Server;
let url: string;
let orgId: string;
let otherOrgId: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const r = { headers: req.headers, body };
      received.push(r);
      const status = answer(r);
      if (status === 'hang') return;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/erp`;
  const { rows } = await pool.query('SELECT id FROM sys_org ORDER BY id LIMIT 2');
  [orgId, otherOrgId] = rows.map((r) => String(r.id));
  await pool.query(`INSERT INTO sys_outbox_endpoint (org_id, topic, url, secret, timeout_ms, max_attempts) VALUES ($1, 'erp.ticket', $2, 'k3y', 500, 3)`, [orgId, url]);
});
afterAll(() => { server.closeAllConnections(); server.close(); });
beforeEach(async () => {
  received = [];
  answer = () => 200;
  await pool.query('DELETE FROM sys_outbox');
});

const row = async (id: string) => (await pool.query('SELECT state, attempts, last_status, last_error, next_attempt_at > now() + interval \'20 seconds\' AS later FROM sys_outbox WHERE id = $1', [id])).rows[0];
const queue = (key: string, org = orgId) => enqueue(db, { orgId: org, topic: 'erp.ticket', key, payload: { ticketNo: key, net: '31.5' } });
const worker = () => startOutboxWorker(db, { intervalMs: 0 });

describe('outbox', () => {
  it('delivers a queued message once, signed, with its idempotency key', async () => {
    const id = await queue('CGBD0001');
    expect(await worker().runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'SENT', attempts: 1, last_status: 200 });
    const [r] = received;
    expect(JSON.parse(r.body)).toMatchObject({ topic: 'erp.ticket', key: 'CGBD0001', payload: { ticketNo: 'CGBD0001', net: '31.5' } });
    expect(r.headers['idempotency-key']).toBe('erp.ticket:CGBD0001');
    const t = Number(/t=(\d+)/.exec(String(r.headers['x-signature']))?.[1]);
    expect(r.headers['x-signature']).toBe(signBody('k3y', t, r.body));
    expect(await worker().runOnce()).toBe(0);
  });

  it('queues nothing when the change it reports is rolled back', async () => {
    await expect(db.transaction().execute(async (tx) => {
      await enqueue(tx, { orgId, topic: 'erp.ticket', key: 'ROLLED', payload: {} });
      throw new Error('the ticket failed to save');
    })).rejects.toThrow();
    expect((await pool.query(`SELECT count(*)::int AS n FROM sys_outbox`)).rows[0].n).toBe(0);
  });

  it('keeps one waiting copy per key, with the newest payload', async () => {
    const a = await queue('DUP');
    const b = await enqueue(db, { orgId, topic: 'erp.ticket', key: 'DUP', payload: { ticketNo: 'DUP', net: '40' } });
    expect(b).toBe(a);
    await worker().runOnce();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0].body).payload.net).toBe('40');
  });

  it('retries a receiver that is down, later, and sends when it is back', async () => {
    const id = await queue('DOWN');
    answer = () => 503;
    await worker().runOnce();
    expect(await row(id)).toMatchObject({ state: 'PENDING', attempts: 1, last_status: 503, last_error: '接收方返回 HTTP 503', later: true });
    expect(await worker().runOnce()).toBe(0);
    await pool.query('UPDATE sys_outbox SET next_attempt_at = now()');
    answer = () => 200;
    await worker().runOnce();
    expect(await row(id)).toMatchObject({ state: 'SENT', attempts: 2 });
  });

  it('fails a message the receiver refuses, and after the last attempt', async () => {
    const refused = await queue('BAD');
    answer = (r) => (JSON.parse(r.body).key === 'BAD' ? 400 : 500);
    const tired = await queue('TIRED');
    for (let i = 0; i < 3; i++) {
      await worker().runOnce();
      await pool.query(`UPDATE sys_outbox SET next_attempt_at = now() WHERE state = 'PENDING'`);
    }
    expect(await row(refused)).toMatchObject({ state: 'FAILED', attempts: 1, last_status: 400 });
    expect(await row(tired)).toMatchObject({ state: 'FAILED', attempts: 3, last_error: '接收方返回 HTTP 500（已重试 3 次）' });
  });

  it('gives a receiver that hangs its timeout, then retries', async () => {
    const id = await queue('HANG');
    answer = () => 'hang';
    await worker().runOnce();
    expect(await row(id)).toMatchObject({ state: 'PENDING', last_status: null, last_error: '接收方 500 ms 内无应答' });
  });

  it('leaves messages of a company without an endpoint waiting', async () => {
    const id = await queue('NOWHERE', otherOrgId);
    expect(await worker().runOnce()).toBe(0);
    expect(await row(id)).toMatchObject({ state: 'PENDING', attempts: 0 });
  });

  it('delivers each message once when two instances work the outbox at once', async () => {
    for (let i = 0; i < 40; i++) await queue(`PAR${i}`);
    const a = startOutboxWorker(db, { intervalMs: 0, batch: 7 });
    const b = startOutboxWorker(db, { intervalMs: 0, batch: 7 });
    while ((await Promise.all([a.runOnce(), b.runOnce()])).some((n) => n > 0));
    const keys = received.map((r) => JSON.parse(r.body).key as string);
    expect(keys).toHaveLength(40);
    expect(new Set(keys).size).toBe(40);
  });

  it('hands a message claimed by an instance that died to another once the lease runs out', async () => {
    const id = await queue('ORPHAN');
    expect(await claimDue(db, 300, 10)).toHaveLength(1);
    expect(await claimDue(db, 300, 10)).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 400));
    await worker().runOnce();
    expect(await row(id)).toMatchObject({ state: 'SENT', attempts: 2 });
  });

  it('resends a company\'s failed message, and not another company\'s', async () => {
    const id = await queue('AGAIN');
    answer = () => 400;
    await worker().runOnce();
    expect(await resend(db, otherOrgId, [id])).toBe(0);
    expect(await resend(db, orgId, [id])).toBe(1);
    answer = () => 200;
    await worker().runOnce();
    expect(await row(id)).toMatchObject({ state: 'SENT', attempts: 1 });
  });
});
