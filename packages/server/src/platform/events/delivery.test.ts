import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import { deliverOne } from './deliver';
import { emitEvent } from './emit';
import { fanOutEvent, resendDeliveries, uploadInFlight } from './repo';
import { signBody } from './rules';
import { fanOutAndDeliver, fanOutPending, sweepDue } from './sweep';
import type { EmittedEvent } from './emit';

// Events, their fan-out and their delivery against a real database and a real HTTP receiver.
const { database } = await freshDatabase();
const { db, pool } = database;

interface Received { headers: IncomingMessage['headers']; body: string; signed: boolean }
let received: Received[] = [];
let answer: (r: Received) => number | 'hang' = () => 200;
let server: Server;
let url: string;
let orgA: string;
let orgB: string;
let hookA: string;
const SECRET = 'whsec_test_a';

/** The receiver checks the signature as a subscriber would: HMAC-SHA256 of "<t>.<body>" with its secret. */
function verified(headers: IncomingMessage['headers'], body: string, secret: string): boolean {
  const t = Number(/t=(\d+)/.exec(String(headers['x-signature']))?.[1]);
  return Number.isInteger(t) && headers['x-signature'] === signBody(secret, t, body);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const r = { headers: req.headers, body, signed: verified(req.headers, body, SECRET) };
      received.push(r);
      const status = answer(r);
      if (status === 'hang') return;
      res.writeHead(status).end(status >= 300 ? `<h1>error ${status}</h1>` : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const { rows } = await pool.query('SELECT id FROM sys_org ORDER BY id LIMIT 2');
  [orgA, orgB] = rows.map((r) => String(r.id));
  hookA = await subscribe(orgA, 'A hook', 'ticket.completed,ticket.voided', { secret: SECRET, maxAttempts: 5 });
});
afterAll(() => { server.closeAllConnections(); server.close(); });
beforeEach(async () => {
  received = [];
  answer = () => 200;
  await pool.query('DELETE FROM sys_delivery; DELETE FROM sys_event');
});

async function subscribe(org: string, name: string, events: string, o: { secret?: string | null; enabled?: boolean; maxAttempts?: number; timeoutMs?: number } = {}) {
  const { rows: [s] } = await pool.query(
    'INSERT INTO sys_subscription (org_id, name, events, url, secret, enabled, max_attempts, timeout_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id',
    [org, name, events, url, o.secret === undefined ? SECRET : o.secret, o.enabled ?? true, o.maxAttempts ?? 12, o.timeoutMs ?? 500]);
  return String(s.id);
}
const payload = (no: string) => ({ ticketId: '1', ticketNo: no, kind: 'pu', plateNumber: '晋A12345', gross: '48.2', tare: '16', net: '32.2', completedAt: '2026-11-28T01:00:00.000Z', manual: false });
/** An event recorded and fanned out at once, as the poller does after the commit: its deliveries. */
async function emitted(e: EmittedEvent) {
  const { eventId } = await emitEvent(db, e);
  return { eventId, deliveryIds: eventId ? await fanOutEvent(db, e.orgId, eventId) : [] };
}
const completed = (no: string, org = orgA) => emitted({ orgId: org, type: 'ticket.completed', key: no, payload: payload(no) });
const waiting = async () => (await pool.query('SELECT count(*)::int AS n FROM sys_event WHERE fanned_out_at IS NULL')).rows[0].n as number;
const delivery = async (id: string) => (await pool.query(
  `SELECT state, attempts, last_status, last_error, resent, next_attempt_at > now() + interval '20 seconds' AS later FROM sys_delivery WHERE id = $1`, [id])).rows[0];
const tries = async (id: string) => (await pool.query('SELECT attempt, status, error, response, duration_ms >= 0 AS timed FROM sys_delivery_attempt WHERE delivery_id = $1 ORDER BY id', [id])).rows;

describe('events and their deliveries', () => {
  it('records the event and queues one delivery per subscription naming it, which goes out signed with its idempotency key', async () => {
    const { eventId, deliveryIds } = await completed('CGBD0001');
    expect(deliveryIds).toHaveLength(1);
    expect(await deliverOne(db, deliveryIds[0])).toMatchObject({ kind: 'sent', status: 200, attempt: 1 });
    const [r] = received;
    expect(JSON.parse(r.body)).toMatchObject({ id: eventId, topic: 'ticket.completed', key: 'CGBD0001', orgId: orgA, payload: payload('CGBD0001') });
    expect(r.headers).toMatchObject({ 'idempotency-key': `ticket.completed:${eventId}`, 'x-event-id': eventId, 'x-event-type': 'ticket.completed', 'x-delivery-id': deliveryIds[0] });
    expect(r.signed).toBe(true);
    expect(await delivery(deliveryIds[0])).toMatchObject({ state: 'SENT', attempts: 1, last_status: 200 });
    expect(await tries(deliveryIds[0])).toEqual([{ attempt: 1, status: 200, error: null, response: 'ok', timed: true }]);
    expect(await deliverOne(db, deliveryIds[0])).toEqual({ kind: 'skipped' });
    expect(received).toHaveLength(1);
  });

  it('delivers once after three failures, each failure recorded with its answer', async () => {
    let calls = 0;
    answer = () => (++calls <= 3 ? 500 : 200);
    const { deliveryIds: [id] } = await completed('FLAKY');
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push((await deliverOne(db, id)).kind);
    expect(outcomes).toEqual(['retry', 'retry', 'retry', 'sent']);
    expect(received.filter((r) => r.signed)).toHaveLength(4);
    expect(await delivery(id)).toMatchObject({ state: 'SENT', attempts: 4, last_status: 200, last_error: null });
    const recorded = await tries(id);
    expect(recorded.filter((t) => t.status === 500)).toEqual([1, 2, 3].map((attempt) => ({ attempt, status: 500, error: '接收方返回 HTTP 500', response: '<h1>error 500</h1>', timed: true })));
    expect(recorded.filter((t) => t.status === 200)).toHaveLength(1);
    expect(await deliverOne(db, id)).toEqual({ kind: 'skipped' });
  });

  it('resends a delivered event with the same body and idempotency key, freshly signed', async () => {
    const { deliveryIds: [id] } = await completed('AGAIN');
    await deliverOne(db, id);
    expect(await resendDeliveries(db, orgB, [id])).toEqual([]);
    expect((await resendDeliveries(db, orgA, [id])).map((r) => r.id)).toEqual([id]);
    expect(await deliverOne(db, id)).toMatchObject({ kind: 'sent' });
    expect(received).toHaveLength(2);
    expect(received.every((r) => r.signed)).toBe(true);
    expect(received[1].body).toBe(received[0].body);
    expect(received[1].headers['idempotency-key']).toBe(received[0].headers['idempotency-key']);
    expect(await delivery(id)).toMatchObject({ state: 'SENT', resent: 1 });
    expect(await tries(id)).toHaveLength(2);
  });

  it('leaves nothing when the change it reports is rolled back', async () => {
    await expect(db.transaction().execute(async (tx) => {
      await emitEvent(tx, { orgId: orgA, type: 'ticket.completed', key: 'ROLLED', payload: payload('ROLLED') });
      throw new Error('the ticket failed to save');
    })).rejects.toThrow();
    expect((await pool.query('SELECT (SELECT count(*) FROM sys_event)::int AS e, (SELECT count(*) FROM sys_delivery)::int AS d')).rows[0]).toEqual({ e: 0, d: 0 });
  });

  it('never sends a company\'s event to another company\'s subscription', async () => {
    const hookB = await subscribe(orgB, 'B hook', 'ticket.completed');
    const a = await completed('ONLY-A');
    const b = await completed('ONLY-B', orgB);
    const to = async (eventId: string | null) => (await pool.query('SELECT subscription_id::text AS s FROM sys_delivery WHERE event_id = $1', [eventId])).rows.map((r) => r.s);
    expect(await to(a.eventId)).toEqual([hookA]);
    expect(await to(b.eventId)).toEqual([hookB]);
    await pool.query('DELETE FROM sys_subscription WHERE id = $1', [hookB]);
  });

  it('gives a switched-off subscription nothing, and holds what it had waiting', async () => {
    const off = await subscribe(orgA, 'Off hook', 'ticket.completed', { enabled: false });
    const { deliveryIds } = await completed('QUIET');
    expect(deliveryIds).toHaveLength(1);
    expect((await pool.query('SELECT count(*)::int AS n FROM sys_delivery WHERE subscription_id = $1', [off])).rows[0].n).toBe(0);
    await pool.query('UPDATE sys_subscription SET enabled = false WHERE id = $1', [hookA]);
    try {
      expect(await deliverOne(db, deliveryIds[0])).toEqual({ kind: 'skipped' });
      expect(received).toHaveLength(0);
    } finally {
      await pool.query('UPDATE sys_subscription SET enabled = true WHERE id = $1', [hookA]);
      await pool.query('DELETE FROM sys_subscription WHERE id = $1', [off]);
    }
  });

  it('sends only the events a subscription names', async () => {
    const { deliveryIds } = await emitted({ orgId: orgA, type: 'registry.letin', key: 'CGDJ0001', payload: { registryId: '1', registryNo: 'CGDJ0001', kind: 'pu', plateNumber: '晋A1' } });
    expect(deliveryIds).toEqual([]);
  });

  it('writes no event when no enabled subscription of the company names it, and the event alone (no job, no delivery) when some do', async () => {
    const jobs = async () => (await pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name LIKE 'webhook.%'`)).rows[0].n as number;
    const jobsBefore = await jobs();
    // no one subscribes to 'registry.letin', nor does company B to anything
    expect(await emitEvent(db, { orgId: orgA, type: 'registry.letin', key: 'CGDJ0002', payload: { registryId: '2', registryNo: 'CGDJ0002', kind: 'pu', plateNumber: '晋A2' } })).toEqual({ eventId: null });
    expect(await completed('NOBODY-B', orgB)).toEqual({ eventId: null, deliveryIds: [] });
    expect((await pool.query(`SELECT count(*)::int AS n FROM sys_event WHERE event_key IN ('CGDJ0002', 'NOBODY-B')`)).rows[0].n).toBe(0);
    // two subscriptions of A name it: one event waiting, no delivery and no job yet; its fan-out makes two
    const second = await subscribe(orgA, 'Second hook', 'ticket.completed');
    try {
      const { eventId } = await emitEvent(db, { orgId: orgA, type: 'ticket.completed', key: 'TWO-HOOKS', payload: payload('TWO-HOOKS') });
      expect(eventId).not.toBeNull();
      expect(await jobs()).toBe(jobsBefore);
      expect((await pool.query('SELECT fanned_out_at FROM sys_event WHERE id = $1', [eventId])).rows[0].fanned_out_at).toBeNull();
      expect((await pool.query('SELECT count(*)::int AS n FROM sys_delivery')).rows[0].n).toBe(0);
      const results = await fanOutAndDeliver(db, { orgId: orgA, eventId: eventId as string });
      expect(results.map((r) => r.kind)).toEqual(['sent', 'sent']);
      expect((await pool.query('SELECT subscription_id::text AS s FROM sys_delivery WHERE event_id = $1 ORDER BY id', [eventId])).rows.map((r) => r.s)).toEqual([hookA, second]);
      // fanned out again (another instance's poller, the sweep) it makes nothing and sends nothing
      expect(await fanOutAndDeliver(db, { orgId: orgA, eventId: eventId as string })).toEqual([]);
      expect(received).toHaveLength(2);
    } finally {
      await pool.query('DELETE FROM sys_subscription WHERE id = $1', [second]);
    }
  });

  it('the poller takes every waiting event, batch after batch, fans each out and tries its deliveries; two pollers at once make each delivery once', async () => {
    const keys = ['POLL-1', 'POLL-2', 'POLL-3'];
    for (const key of keys) await emitEvent(db, { orgId: orgA, type: 'ticket.completed', key, payload: payload(key) });
    const [one, two] = await Promise.all([fanOutPending(db, { batch: 2 }), fanOutPending(db, { batch: 2 })]);
    expect(one + two).toBe(3);
    expect(await waiting()).toBe(0);
    expect((await pool.query(`SELECT count(*)::int AS n FROM sys_delivery WHERE event_key = ANY($1::text[])`, [keys])).rows[0].n).toBe(3);
    expect(received.map((r) => JSON.parse(r.body).key).sort()).toEqual(keys);
    expect(await fanOutPending(db)).toBe(0);
  });

  it('fans an event out once when two fan-outs run at once, and once when its mark is lost', async () => {
    const second = await subscribe(orgA, 'Second hook', 'ticket.completed');
    try {
      const { eventId } = await emitEvent(db, { orgId: orgA, type: 'ticket.completed', key: 'TWICE', payload: payload('TWICE') });
      const both = await Promise.all([fanOutEvent(db, orgA, eventId as string), fanOutEvent(db, orgA, eventId as string)]);
      expect(both.map((ids) => ids.length).sort()).toEqual([0, 2]);
      // the unique delivery per event and subscription holds even for a fan-out that finds the event unmarked
      await pool.query('UPDATE sys_event SET fanned_out_at = NULL WHERE id = $1', [eventId]);
      expect(await fanOutEvent(db, orgA, eventId as string)).toEqual([]);
      expect((await pool.query('SELECT subscription_id::text AS s FROM sys_delivery WHERE event_id = $1 ORDER BY subscription_id', [eventId])).rows.map((r) => r.s)).toEqual([hookA, second]);
    } finally {
      await pool.query('DELETE FROM sys_subscription WHERE id = $1', [second]);
    }
  });

  it('loses no event no poller took (no instance running jobs): the sweep fans it out and delivers it once it is overdue', async () => {
    await emitEvent(db, { orgId: orgA, type: 'ticket.completed', key: 'LOST-JOB', payload: payload('LOST-JOB') });
    expect(await sweepDue(db)).toBe(0);
    expect(await waiting()).toBe(1);
    // once overdue (here: at once), the sweep fans it out and tries it
    expect(await sweepDue(db, { overdueSeconds: 0 })).toBe(1);
    expect(await waiting()).toBe(0);
    expect(received.map((r) => JSON.parse(r.body).key)).toEqual(['LOST-JOB']);
    expect(await sweepDue(db, { overdueSeconds: 0 })).toBe(0);
  });

  it('counts an upload not yet fanned out as on its way, for a type someone hears', async () => {
    const { eventId } = await emitEvent(db, { orgId: orgA, type: 'ticket.completed', key: 'UPLOADING', payload: payload('UPLOADING') });
    expect(await uploadInFlight(db, orgA, ['ticket.completed'], 'UPLOADING')).toBe(true);
    expect(await uploadInFlight(db, orgA, ['ticket.voided'], 'UPLOADING')).toBe(false);
    expect(await uploadInFlight(db, orgB, ['ticket.completed'], 'UPLOADING')).toBe(false);
    const [id] = await fanOutEvent(db, orgA, eventId as string);
    expect(await uploadInFlight(db, orgA, ['ticket.completed'], 'UPLOADING')).toBe(true);
    await deliverOne(db, id);
    expect(await uploadInFlight(db, orgA, ['ticket.completed'], 'UPLOADING')).toBe(false);
    // nobody hears it any more: its fan-out will make nothing, so nothing is on its way
    await emitEvent(db, { orgId: orgA, type: 'ticket.completed', key: 'UNHEARD', payload: payload('UNHEARD') });
    await pool.query('UPDATE sys_subscription SET enabled = false WHERE id = $1', [hookA]);
    try {
      expect(await uploadInFlight(db, orgA, ['ticket.completed'], 'UNHEARD')).toBe(false);
    } finally {
      await pool.query('UPDATE sys_subscription SET enabled = true WHERE id = $1', [hookA]);
    }
  });

  it('fails a delivery the receiver refuses at once, and one out of attempts after its last', async () => {
    answer = () => 422;
    const refused = (await completed('BAD')).deliveryIds[0];
    expect(await deliverOne(db, refused)).toMatchObject({ kind: 'failed', status: 422 });
    expect(await delivery(refused)).toMatchObject({ state: 'FAILED', attempts: 1, last_status: 422 });
    answer = () => 503;
    const tired = (await completed('TIRED')).deliveryIds[0];
    for (let i = 0; i < 5; i++) await deliverOne(db, tired);
    expect(await delivery(tired)).toMatchObject({ state: 'FAILED', attempts: 5, last_error: '接收方返回 HTTP 503（已重试 5 次）' });
  });

  it('gives a receiver that hangs its timeout and retries later', async () => {
    answer = () => 'hang';
    const { deliveryIds: [id] } = await completed('HANG');
    expect(await deliverOne(db, id)).toMatchObject({ kind: 'retry', status: null });
    expect(await delivery(id)).toMatchObject({ state: 'PENDING', last_status: null, last_error: '接收方 500 ms 内无应答', later: true });
  });

  it('tries a delivery once when two workers take it at once', async () => {
    const { deliveryIds: [id] } = await completed('RACE');
    const both = await Promise.all([deliverOne(db, id), deliverOne(db, id)]);
    expect(both.map((b) => b.kind).sort()).toEqual(['sent', 'skipped']);
    expect(received).toHaveLength(1);
  });

  it('hands a delivery whose worker died to another once its lease runs out', async () => {
    answer = () => 'hang';
    const { deliveryIds: [id] } = await completed('ORPHAN');
    await pool.query(`UPDATE sys_delivery SET attempts = 1, leased_until = now() + interval '300 milliseconds' WHERE id = $1`, [id]);
    expect(await deliverOne(db, id)).toEqual({ kind: 'skipped' });
    answer = () => 200;
    await expect.poll(async () => (await deliverOne(db, id)).kind, { interval: 100, timeout: 5000 }).toBe('sent');
    expect(await delivery(id)).toMatchObject({ state: 'SENT', attempts: 2 });
  });

  it('sweeps what is overdue, each delivery once across two instances, and leaves what is not yet due', async () => {
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(...(await completed(`PAR${i}`)).deliveryIds);
    const sweep = () => sweepDue(db, { batch: 7, overdueSeconds: 0 });
    while ((await Promise.all([sweep(), sweep()])).some((n) => n > 0));
    const keys = received.map((r) => JSON.parse(r.body).key as string);
    expect(keys).toHaveLength(30);
    expect(new Set(keys).size).toBe(30);
    const { deliveryIds: [late] } = await completed('NOT-YET');
    expect(await sweepDue(db)).toBe(0);
    await pool.query(`UPDATE sys_delivery SET next_attempt_at = now() - interval '2 minutes' WHERE id = $1`, [late]);
    expect(await sweepDue(db)).toBe(1);
  });

  it('queues the next try of a delivery the receiver asked to wait for, once, at its time', async () => {
    answer = () => 503;
    const { deliveryIds: [id] } = await completed('LATER');
    await pool.query(`UPDATE sys_delivery SET next_attempt_at = now() - interval '2 minutes' WHERE id = $1`, [id]);
    expect(await sweepDue(db)).toBe(1);
    const jobs = async () => (await pool.query(`SELECT start_after > now() + interval '20 seconds' AS later FROM pgboss.job WHERE name = 'webhook.deliver' AND data->'deliveryIds' = $1::jsonb AND singleton_key IS NOT NULL`, [JSON.stringify([id])])).rows;
    expect(await jobs()).toEqual([{ later: true }]);
  });
});
