import type { AddressInfo } from 'node:net';
import type { LiveEvent } from '@wb/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../platform/db/pool';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { insertTicket, insertTrip } from '../report/test-support/trips';
import { pruneLiveChanges } from './hub';

// Two instances of the server on one database, as behind a balancer: the browser's stream is held
// by instance A, the gate lets the truck in through instance B. Streams check their session every
// 300 ms here (25 s in service).
process.env.LIVE_HEARTBEAT_MS = '300';
const a = await createTestApp();
const bDatabase = openDatabase(a.url, 3);
const b = await buildApp({ config: a.config, database: bDatabase });
afterAll(async () => {
  await b.close();
  await bDatabase.close();
});
const { pool } = a.database;

interface Received { at: number; event: LiveEvent }

/** An open stream: the events as they come, each with the time it arrived. */
class Stream {
  readonly events: Received[] = [];
  private readonly controller = new AbortController();
  status = 0;
  /** the server closed the stream */
  ended = false;

  static async open(base: string, authorization: string): Promise<Stream> {
    const s = new Stream();
    const res = await fetch(`${base}/api/live/vehicles`, { headers: { authorization }, signal: s.controller.signal });
    s.status = res.status;
    if (res.ok && res.body) void s.read(res.body);
    return s;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (data) this.events.push({ at: Date.now(), event: JSON.parse(data.slice(6)) });
        }
      }
      this.ended = true;
    } catch {
      // aborted by close()
    }
  }

  async next(test: (e: LiveEvent) => boolean, timeoutMs = 3000): Promise<Received> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find((r) => test(r.event));
      if (found) return found;
      if (Date.now() > until) throw new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(this.events.map((r) => r.event))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  close(): void {
    this.controller.abort();
  }
}

let base: string;
let hdsn: string;
let hdjc: string;
let operator: string;
let adminInB: string;

beforeAll(async () => {
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
  hdsn = await orgId(pool, 'HDSN');
  hdjc = await orgId(pool, 'HDJC');
  operator = (await bearerFor(a.app, 'operator')).authorization;
  adminInB = (await bearerFor(a.app, 'admin')).authorization;
  expectOk(await call(a.app, 'POST', `/api/sys-user-org/switchOrg/${hdjc}`, adminInB));
});

/** The gate's letin as instance B commits it (domain/registry's SQL, for trips made straight in the database). */
const letIn = (id: string) => bDatabase.pool.query("UPDATE wb_registry SET trip_state = 'ENTERED', entered_at = now() WHERE id = $1", [id]);

/** An audited registry of another weighing (st: no notice) made through instance B's calls; its id. */
async function auditedThroughB(authorization: string, plateNumber: string): Promise<string> {
  const created = expectOk(await call(b, 'POST', '/api/registry/st/create', authorization, { entity: { plateNumber } })).data as { id: string };
  expectOk(await call(b, 'POST', '/api/registry/st/audit', authorization, { ids: [created.id] }));
  return created.id;
}
const letInThroughB = async (authorization: string, id: string) => expectOk(await call(b, 'POST', '/api/registry/st/letin', authorization, { ids: [id] }));

describe('vehicles in the plant, live', () => {
  it('sends the company\'s trucks in the plant first, and no one else\'s', async () => {
    const mine = await insertTrip(pool, { orgId: hdsn, tripState: 'ENTERED', plate: '沪A10001' });
    const theirs = await insertTrip(pool, { orgId: hdjc, tripState: 'ENTERED', plate: '沪A10002' });
    await insertTrip(pool, { orgId: hdsn, plate: '沪A10003' });
    const stream = await Stream.open(base, operator);
    try {
      const { event } = await stream.next((e) => e.type === 'snapshot');
      const ids = event.type === 'snapshot' ? event.vehicles.map((v) => v.registryId) : [];
      expect(ids).toContain(mine);
      expect(ids).not.toContain(theirs);
      expect(event.type === 'snapshot' && event.vehicles.find((v) => v.registryId === mine)).toMatchObject({ plateNumber: '沪A10001', tripState: 'ENTERED', kind: 'st' });
    } finally {
      stream.close();
    }
  });

  it('delivers a letin made through another instance\'s gate call within a second, and never another company\'s', async () => {
    const admin = adminInB;
    const mine = await auditedThroughB(operator, '沪B20001');
    const theirs = await auditedThroughB(admin, '沪B20002');
    const stream = await Stream.open(base, operator);
    try {
      await stream.next((e) => e.type === 'snapshot');
      await letInThroughB(admin, theirs);
      const started = Date.now();
      await letInThroughB(operator, mine);
      const got = await stream.next((e) => e.type === 'upsert' && e.vehicle.registryId === mine, 1000);
      expect(got.at - started).toBeLessThan(1000);
      expect(got.event).toMatchObject({ type: 'upsert', vehicle: { plateNumber: '沪B20001', tripState: 'ENTERED' } });

      // the first weighing shows on the truck's row; the gate-out takes it off the list
      await insertTicket(bDatabase.pool, { orgId: hdsn, kind: 'st', state: 'FIRST_WEIGHED', registryId: mine, plate: '沪B20001', net: '15' });
      await stream.next((e) => e.type === 'upsert' && e.vehicle.registryId === mine && e.vehicle.ticketState === 'FIRST_WEIGHED');
      await bDatabase.pool.query("UPDATE wb_registry SET trip_state = 'RELEASED', released_at = now(), release_kind = 'SINGLE_WEIGH' WHERE id = $1", [mine]);
      await stream.next((e) => e.type === 'remove' && e.registryId === mine);

      const seen = stream.events.map(({ event: e }) => (e.type === 'upsert' ? e.vehicle.registryId : e.type === 'remove' ? e.registryId : null));
      expect(seen).not.toContain(theirs);
    } finally {
      stream.close();
    }
  });

  it('announces nothing of a letin that was rolled back', async () => {
    const mine = await insertTrip(pool, { orgId: hdsn, plate: '沪C30001' });
    const stream = await Stream.open(base, operator);
    try {
      await stream.next((e) => e.type === 'snapshot');
      const client = await bDatabase.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query("UPDATE wb_registry SET trip_state = 'ENTERED', entered_at = now() WHERE id = $1", [mine]);
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
      await new Promise((r) => setTimeout(r, 600));
      expect(stream.events.filter((r) => r.event.type !== 'snapshot')).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('delivers a change that committed after a later one, and in the meantime never skips past it', async () => {
    const early = await insertTrip(pool, { orgId: hdsn, plate: '沪C30002' });
    const late = await insertTrip(pool, { orgId: hdsn, plate: '沪C30003' });
    const stream = await Stream.open(base, operator);
    const slow = await bDatabase.pool.connect();
    try {
      await stream.next((e) => e.type === 'snapshot');
      // the slow transaction changes its trip first, the quick one commits first
      await slow.query('BEGIN');
      await slow.query("UPDATE wb_registry SET trip_state = 'ENTERED', entered_at = now() WHERE id = $1", [early]);
      await letIn(late);
      await new Promise((r) => setTimeout(r, 600));
      await slow.query('COMMIT');
      await stream.next((e) => e.type === 'upsert' && e.vehicle.registryId === early);
      await stream.next((e) => e.type === 'upsert' && e.vehicle.registryId === late);
    } finally {
      await slow.query('ROLLBACK').catch(() => {});
      slow.release();
      stream.close();
    }
  });

  it('gives the other company\'s stream its own trucks', async () => {
    const admin = adminInB;
    const mine = await insertTrip(pool, { orgId: hdsn, plate: '沪D40001' });
    const theirs = await insertTrip(pool, { orgId: hdjc, plate: '沪D40002' });
    const stream = await Stream.open(base, admin);
    try {
      await stream.next((e) => e.type === 'snapshot');
      await letIn(mine);
      await letIn(theirs);
      await stream.next((e) => e.type === 'upsert' && e.vehicle.registryId === theirs);
      await new Promise((r) => setTimeout(r, 200));
      const seen = stream.events.map(({ event: e }) => (e.type === 'upsert' ? e.vehicle.registryId : null));
      expect(seen).not.toContain(mine);
    } finally {
      stream.close();
    }
  });

  it('ends the stream of a session that signed out', async () => {
    const { authorization } = await bearerFor(a.app, 'operator');
    const stream = await Stream.open(base, authorization);
    try {
      await stream.next((e) => e.type === 'snapshot');
      expectOk(await call(b, 'GET', '/api/base/logout', authorization));
      await expect.poll(() => stream.ended, { timeout: 2000, interval: 50 }).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('refuses a caller without the permission or without a session', async () => {
    const accountant = (await bearerFor(a.app, 'accountant')).authorization;
    expectFailure(await call(a.app, 'GET', '/api/live/vehicles', accountant), 403);
    expectFailure(await call(a.app, 'GET', '/api/live/vehicles'), 401);
  });
});

describe('the changes the streams read', () => {
  it('are rows written with the change, not notifications, and the old ones are pruned', async () => {
    const trip = await insertTrip(pool, { orgId: hdsn, plate: '沪E50001' });
    await letIn(trip);
    const { rows } = await pool.query("SELECT what, state FROM wb_live_change WHERE ref_id = $1", [trip]);
    expect(rows).toEqual([{ what: 'registry', state: 'ENTERED' }]);
    expect((await pool.query('SELECT pg_notification_queue_usage() AS used')).rows[0].used).toBe(0);
    await pool.query("UPDATE wb_live_change SET changed_at = now() - interval '6 minutes' WHERE ref_id = $1", [trip]);
    const fresh = await insertTrip(pool, { orgId: hdsn, plate: '沪E50002' });
    await letIn(fresh);
    await pruneLiveChanges(pool);
    const left = (await pool.query('SELECT ref_id::text AS id FROM wb_live_change WHERE ref_id = ANY($1::bigint[])', [[trip, fresh]])).rows.map((r) => r.id);
    expect(left).toEqual([fresh]);
  });
});
