import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, ScaleLiveEvent } from '@wb/protocol';
import { basic, demo, freshDatabase } from '../../../test/harness';
import { makeNoticeLine, makeRegistry, plantOf, testPlate } from '../../domain/weighing/test-support';
import type { Database } from '../db/pool';
import { httpsClient, type Instance, startInstance } from './instances';
import { nginxBinary, type RunningNginx, startNginx } from './nginx-run';

/**
 * Issue 22, item 1: two server instances, each a process of its own as `npm start` runs it, on one
 * database, behind deploy/nginx.conf (TLS ends at nginx; the instances believe X-Forwarded-* from
 * it only). What one instance takes, the other shows and acts on: a scale's readings, the plant's
 * live vehicles, the sign-in throttle, a scheduled job's firing.
 */
const NGINX = nginxBinary();
if (!NGINX) console.warn('two-instances.test.ts skipped: nginx is not installed (apt-get install -y nginx-light; .ci/run installs it)');

let db: Database;
let a: Instance;
let b: Instance;
let proxy: RunningNginx;
let client: ReturnType<typeof httpsClient>;
// a subscriber of 'ticket completed' (系统管理 → 接口配置): what it receives, by event id
const received: string[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => { body += c; });
  req.on('end', () => {
    received.push(String(req.headers['x-event-id'] ?? body));
    res.writeHead(204).end();
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-two-'));

const byPort = (upstream: string | string[] | undefined) => {
  const port = Number(String(upstream).split(':').pop());
  if (port === a.port) return { self: a, other: b };
  if (port === b.port) return { self: b, other: a };
  throw new Error(`answered by ${String(upstream)}, neither instance`);
};

async function signIn(base: string, username: 'admin' | 'operator'): Promise<string> {
  const q = new URLSearchParams({ grant_type: 'password', username, password: demo(username).password, scope: 'server' });
  const res = await client.request('POST', `${base}/api/oauth/token?${q}`, { headers: { authorization: basic() } });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${res.body}`);
  return `Bearer ${res.json<{ access_token: string }>().access_token}`;
}

/** A plain-http call straight to one instance (as a station agent on the plant's network may). */
async function direct(instance: Instance, method: string, url: string, authorization: string, body?: unknown) {
  const res = await fetch(`${instance.url}${url}`, {
    method, headers: { authorization, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() as { success?: boolean; data?: any; accepted?: number; msg?: string } };
}

beforeAll(async () => {
  if (!NGINX) return;
  const fresh = await freshDatabase();
  db = fresh.database.db;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  await sql`INSERT INTO sys_subscription (org_id, name, events, url, secret) SELECT id, 'two-instances', 'ticket.completed', ${hook}, 'whsec_two_instances_0123456789abcdef'
            FROM sys_org WHERE org_code = 'HDSN'`.execute(db);
  // a job fired every second, enabled before the instances start: each sends its next firing at start
  await sql`INSERT INTO sys_job (job_key, name, name_en, cron, default_cron) VALUES ('jobs.prune', '运行记录清理', 'Run history cleanup', '* * * * * *', '40 3 * * *')
            ON CONFLICT (job_key) DO UPDATE SET cron = excluded.cron, enabled = true`.execute(db);
  const env = {
    DATABASE_URL: fresh.url, DATA_DIR: dataDir, CAPTCHA: 'off', JOBS: 'on', JOBS_POLL_SECONDS: '0.5', TRUST_PROXY: '127.0.0.1', WEB_DIST: path.join(dataDir, 'no-web'),
  };
  [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
  proxy = await startNginx(NGINX, [a.port, b.port], { revealUpstream: true });
  client = httpsClient(proxy.ca);
}, 180_000);

afterAll(async () => {
  client?.close();
  await Promise.all([proxy?.stop(), a?.stop(), b?.stop()]);
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!NGINX)('two instances behind nginx', () => {
  it('a scale publishing through one instance is seen on a screen of the other, through nginx, and weighed there', async () => {
    const admin = await signIn(proxy.httpsUrl, 'admin');
    const operator = await signIn(proxy.httpsUrl, 'operator');
    const issued = await client.request('POST', `${proxy.httpsUrl}/api/station/credential/issue`, { headers: { authorization: admin }, body: { stationName: '1号磅', scaleId: 'NG1' } });
    const key = issued.json<{ data: { key: string } }>().data.key;

    // the weighing screen's stream, through nginx: the instance that holds it says who it is
    const screen = await client.events<ScaleLiveEvent>(`${proxy.httpsUrl}/api/station/live?scaleId=NG1`, operator);
    expect(screen.status).toBe(200);
    const { self: screenSide, other: stationSide } = byPort(screen.headers['x-upstream']);
    await screen.next((e) => e.type === 'snapshot');

    // the station agent posts to the other instance
    let seq = 1;
    const reading = (weight: string, stable: boolean) => ({ seq: seq++, at: new Date().toISOString(), weight, unit: 'kg', stable });
    const posted = await direct(stationSide, 'POST', '/api/station/readings', `Station ${key}`, { scaleId: 'NG1', readings: [reading('40100', false), reading('40120', true)] });
    expect(posted.body).toEqual({ accepted: 2 });
    expect(await screen.next((e) => e.type === 'reading' && e.reading.weight === '40120')).toMatchObject({ reading: { stable: true, scaleId: 'NG1' } });
    screen.close();

    // the plant's live list on one instance (through nginx), the weighing on the other
    const plant = await plantOf(db);
    const { noticeId, lineId } = await makeNoticeLine(db, plant, { maxLimit: '1000', price: '10' });
    const plate = testPlate('N');
    const registryId = await makeRegistry(db, plant, { noticeId, lineId, plate, preQuantity: '20' });
    const live = await client.events<LiveEvent>(`${proxy.httpsUrl}/api/live/vehicles`, operator);
    const { self: liveSide, other: weighSide } = byPort(live.headers['x-upstream']);
    await live.next((e) => e.type === 'snapshot');

    // the first weighing on the screen's instance takes the reading the station posted to the other
    // (made on the screen's instance, told to the live list's whichever it is)
    const first = await direct(screenSide, 'POST', '/api/weigh/pu/first', operator, { stationId: 'NG1', requestId: 'ng-1', registryId, scaleId: 'NG1' });
    expect(first.body.data).toMatchObject({ gross: '40.12', state: 'FIRST_WEIGHED' });
    // the second, with the empty truck's reading, completes the ticket on the instance the live list is not on
    expect((await direct(stationSide, 'POST', '/api/station/readings', `Station ${key}`, { scaleId: 'NG1', readings: [reading('15080', true)] })).body).toEqual({ accepted: 1 });
    const second = await direct(weighSide, 'POST', '/api/weigh/pu/second', operator, { stationId: 'NG1', requestId: 'ng-2', plate, scaleId: 'NG1' });
    expect(second.body.data).toMatchObject({ tare: '15.08', net: '25.04', state: 'COMPLETED' });
    // the live list's instance tells its screen of the completion the other instance made
    const completed = await live.next((e) => (e.type === 'upsert' && e.vehicle.registryId === registryId && e.vehicle.tare !== null) || (e.type === 'remove' && e.registryId === registryId));
    expect(completed.type === 'remove' || (completed.type === 'upsert' && completed.vehicle.ticketState === 'COMPLETED')).toBe(true);
    live.close();
    expect(liveSide).not.toBe(weighSide);

    // the completion's delivery to its subscriber: queued once, taken by one of the two instances' workers
    const delivery = () => sql<{ state: string; attempts: number }>`SELECT d.state, (SELECT count(*)::int FROM sys_delivery_attempt x WHERE x.delivery_id = d.id) AS attempts
      FROM sys_delivery d JOIN sys_event e ON e.id = d.event_id AND e.org_id = d.org_id WHERE e.payload->>'ticketId' = ${String(second.body.data.ticketId)}`.execute(db);
    await expect.poll(async () => (await delivery()).rows, { timeout: 20_000, interval: 250 }).toEqual([{ state: 'SENT', attempts: 1 }]);
    expect(received).toHaveLength(1);
  });

  it('guesses at a password spread over both instances are throttled together, by the address nginx saw', async () => {
    const q = (password: string) => new URLSearchParams({ grant_type: 'password', username: 'quality', password, scope: 'server' });
    const answered = new Set<string>();
    for (let i = 0; i < 5; i++) {
      // a client's own X-Forwarded-For is replaced by nginx: it cannot spread its guesses over made-up addresses
      const res = await client.request('POST', `${proxy.httpsUrl}/api/oauth/token?${q('Wrong@2026')}`, { headers: { authorization: basic(), 'x-forwarded-for': `203.0.113.${i}` } });
      expect(res.status).toBe(426);
      answered.add(String(res.headers['x-upstream']));
    }
    expect(answered.size).toBe(2);
    // the sixth try, the right password, on either instance: locked
    for (const instance of [a, b]) {
      const res = await fetch(`${instance.url}/api/oauth/token?${q(demo('quality').password)}`, { method: 'POST', headers: { authorization: basic() } });
      expect(res.status).toBe(429);
    }
    const ips = await sql<{ ip: string }>`SELECT DISTINCT ip FROM auth_failure WHERE username = 'quality'`.execute(db);
    expect(ips.rows.map((r) => r.ip)).toEqual(['127.0.0.1']);
  });

  it('a session signed out on one instance is refused by both', async () => {
    const token = await signIn(proxy.httpsUrl, 'operator');
    for (const instance of [a, b]) expect((await direct(instance, 'GET', '/api/sys-info/me', token)).status).toBe(200);
    expect((await direct(b, 'GET', '/api/base/logout', token)).status).toBe(200);
    for (const instance of [a, b]) expect((await direct(instance, 'GET', '/api/sys-info/me', token)).status).toBe(401);
  });

  it('a job both instances scheduled fires once a second, each firing run once', async () => {
    const runs = () => db.selectFrom('sys_job_run').select(['fire_at', 'instance', 'result']).where('job_key', '=', 'jobs.prune').orderBy('fire_at').execute();
    await expect.poll(async () => (await runs()).filter((r) => r.result === 'ok').length, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(5);
    await sql`UPDATE sys_job SET enabled = false WHERE job_key = 'jobs.prune'`.execute(db);
    const all = await runs();
    const fired = all.map((r) => r.fire_at.getTime());
    expect(new Set(fired).size).toBe(all.length);
    // one second apart: no firing missed or doubled between the first and the last
    expect(fired.at(-1)! - fired[0]!).toBe((all.length - 1) * 1000);
    // and in the job library, one job per firing however many instances sent it
    const jobs = await sql<{ n: number; distinct_ids: number }>`SELECT count(*)::int AS n, count(DISTINCT data->>'fireAt')::int AS distinct_ids FROM pgboss.job WHERE name = 'job.jobs.prune'`.execute(db);
    expect(jobs.rows[0]!.n).toBe(jobs.rows[0]!.distinct_ids);
  });

  it('answers plain http with the way to https, and passes no client X-Forwarded-Proto', async () => {
    const res = await fetch(`${proxy.httpUrl}/api/config/client`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toMatch(/^https:\/\//);
    // over TLS the instance is told https by nginx, and so sends HSTS
    const tls = await client.request('GET', `${proxy.httpsUrl}/api/config/client`);
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
