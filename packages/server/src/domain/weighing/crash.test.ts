import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import type { DatabaseHandle } from '../../platform/db/pool';
import { lineFigures, makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant } from './test-support';

/**
 * kill -9 of the real server in the middle of a burst of weighings (issue: tests that race and
 * crash): every weighing the server acknowledged is stored after the restart, no ticket is half
 * written, the notice line adds up, and the station's retries of the unanswered calls are taken
 * once each.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const TRUCKS = 40;
const WORKERS = 8;
const KILL_AFTER_ACKS = 30;

let database: DatabaseHandle;
let url: string;
let plant: Plant;
let lineId: string;
const trucks: { registryId: string; plate: string }[] = [];
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The server as `npm start` runs it, on this test's database. */
async function startServer(): Promise<{ child: ChildProcess; baseUrl: string; log: () => string }> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', CAPTCHA: 'off', LOG_LEVEL: 'warn', WEB_DIST: path.join(ROOT, 'no-web-build') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (d) => { output += d; });
  child.stderr?.on('data', (d) => { output += d; });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/config/client`)).ok) return { child, baseUrl, log: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${output}`);
}

async function signIn(baseUrl: string): Promise<string> {
  const q = new URLSearchParams({ grant_type: 'password', username: 'operator', password: 'Weigh@2026', scope: 'server' });
  const res = await fetch(`${baseUrl}/api/oauth/token?${q}`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('weighbridge:weighbridge').toString('base64')}` } });
  if (!res.ok) throw new Error(`sign-in failed: ${await res.text()}`);
  return `Bearer ${(await res.json()).access_token}`;
}

interface Call { which: 'first' | 'second'; registryId: string; requestId: string; weight: string }
type Outcome = { call: Call; status: number | 'lost'; body?: { data?: { ticketId: string } } };

async function send(baseUrl: string, auth: string, c: Call): Promise<Outcome> {
  try {
    const res = await fetch(`${baseUrl}/api/weigh/pu/${c.which}`, {
      method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ registryId: c.registryId, weight: c.weight, stable: true, stationId: 'CRASH', requestId: c.requestId }),
    });
    return { call: c, status: res.status, body: await res.json() };
  } catch {
    // the connection died with the server: the station never heard an answer
    return { call: c, status: 'lost' };
  }
}

/** Each truck's two weighings in order; WORKERS trucks at a time; the server killed after KILL_AFTER_ACKS answers. */
async function burst(baseUrl: string, auth: string, child: ChildProcess): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let acks = 0;
  let killed = false;
  const queue = [...trucks];
  const worker = async () => {
    for (let t = queue.shift(); t; t = queue.shift()) {
      for (const [which, weight] of [['first', '40'], ['second', '15']] as const) {
        const o = await send(baseUrl, auth, { which, registryId: t.registryId, requestId: `${t.plate}-${which}`, weight });
        outcomes.push(o);
        if (o.status === 200 && ++acks >= KILL_AFTER_ACKS && !killed) {
          killed = true;
          child.kill('SIGKILL');
        }
        if (o.status !== 200) break;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return outcomes;
}

/** Nothing half written: each ticket's state matches its readings, figures and registry; the line adds up. */
async function expectConsistent() {
  const tickets = await database.db.selectFrom('wb_ticket as t').innerJoin('wb_registry as r', 'r.id', 't.registry_id')
    .select(['t.id', 't.state', 't.gross', 't.tare', 't.net', 'r.trip_state', 'r.reserved_quantity'])
    .select((eb) => eb.selectFrom('wb_weighing as w').whereRef('w.ticket_id', '=', 't.id').select(eb.fn.countAll<string>().as('n')).as('readings'))
    .where('t.notice_line_id', '=', lineId).execute();
  for (const t of tickets) {
    expect(t.trip_state).toBe('WEIGHING');
    expect(t.reserved_quantity).toBe('0.0000');
    if (t.state === 'FIRST_WEIGHED') expect([Number(t.readings), t.gross !== null, t.tare, t.net]).toEqual([1, true, null, null]);
    else expect([t.state, Number(t.readings), t.gross, t.tare, t.net]).toEqual(['COMPLETED', 2, '40.0000', '15.0000', '25.0000']);
  }
  const completed = tickets.filter((t) => t.state === 'COMPLETED').length;
  expect(await lineFigures(database.db, lineId)).toMatchObject({ done: completed * 25, doneTrips: completed });
  const untouched = await database.db.selectFrom('wb_registry').select('id').where('notice_line_id', '=', lineId).where('trip_state', '=', 'WEIGHING')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('wb_ticket').select('id').whereRef('wb_ticket.registry_id', '=', 'wb_registry.id')))).execute();
  expect(untouched).toEqual([]);
  return { tickets: tickets.length, completed };
}

beforeAll(async () => {
  ({ url, database } = await freshDatabase());
  plant = await plantOf(database.db);
  const line = await makeNoticeLine(database.db, plant, { maxLimit: '100000' });
  lineId = line.lineId;
  await database.db.insertInto('sys_param').values({ org_id: plant.orgId, param_key: 'sameWeightCheck', param_value: 'none' }).execute();
  for (let i = 0; i < TRUCKS; i++) {
    const plate = testPlate('K');
    trucks.push({ plate, registryId: await makeRegistry(database.db, plant, { noticeId: line.noticeId, lineId, plate, preQuantity: '20' }) });
  }
});

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

describe('kill -9 in a burst of weighings', () => {
  it('loses no acknowledged weighing, leaves no half-written ticket, and takes the retries once', async () => {
    const first = await startServer();
    const outcomes = await burst(first.baseUrl, await signIn(first.baseUrl), first.child);
    await new Promise((r) => first.child.exitCode !== null || first.child.signalCode !== null ? r(null) : first.child.once('exit', r));
    expect(first.child.signalCode).toBe('SIGKILL');

    const acked = outcomes.filter((o) => o.status === 200);
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(outcomes.some((o) => o.status === 'lost')).toBe(true);
    for (const o of outcomes) if (o.status !== 200 && o.status !== 'lost') throw new Error(`refused: ${JSON.stringify(o)}`);

    // every acknowledged weighing is there, as acknowledged
    for (const o of acked) {
      const row = await database.db.selectFrom('wb_weighing').select(['ticket_id', 'reading']).where('station', '=', 'CRASH').where('request_id', '=', o.call.requestId)
        .executeTakeFirst();
      expect(row, o.call.requestId).toEqual({ ticket_id: o.body?.data?.ticketId, reading: o.call.which === 'first' ? 'FIRST' : 'SECOND' });
    }
    const before = await expectConsistent();
    expect(before.tickets).toBeGreaterThan(0);

    // the stations retry what they never heard back about, then carry on with the rest
    const second = await startServer();
    const auth = await signIn(second.baseUrl);
    for (const o of outcomes.filter((x) => x.status === 'lost')) {
      const again = await send(second.baseUrl, auth, o.call);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
    }
    for (const t of trucks) {
      for (const [which, weight] of [['first', '40'], ['second', '15']] as const) {
        const again = await send(second.baseUrl, auth, { which, registryId: t.registryId, requestId: `${t.plate}-${which}`, weight });
        expect(again.status, JSON.stringify(again.body)).toBe(200);
      }
    }
    expect(await expectConsistent()).toEqual({ tickets: TRUCKS, completed: TRUCKS });
    const readings = await database.db.selectFrom('wb_weighing').select((eb) => eb.fn.countAll<string>().as('n')).where('station', '=', 'CRASH').executeTakeFirstOrThrow();
    expect(Number(readings.n)).toBe(TRUCKS * 2);
    second.child.kill('SIGTERM');
  }, 240_000);
});
