import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { bearerFor, freshDatabase } from '../../../test/harness';
import { startStandby } from '../../../test/standby';
import { executeDataset } from '../reports/execute';
import type { ReportDataset } from '../reports/dataset';
import { isConnectionFailure, openReplica, readOnReplica, replicaOf, type ReplicaStatus } from './replica';

/** A reading that says which server answered it and whether it sees the row the test wrote. */
const probe: ReportDataset = {
  key: 'test.replica-probe', name: '副本探测', nameEn: 'Replica probe', permission: 'sys_job_view', params: [], fields: [], executor: 'app',
  query: (input) => ({ text: 'SELECT pg_is_in_recovery() AS on_replica, (SELECT count(*)::int FROM sys_param WHERE org_id = $1 AND param_key = $2) AS seen', values: [input.orgId, 'replica.probe'] }),
};

const read = (pool: pg.Pool, orgId: string) => executeDataset(pool, probe, async (client) =>
  (await client.query<{ on_replica: boolean; seen: number }>(probe.query({ orgId, userId: '0', params: {}, timeZone: 'Asia/Shanghai' }))).rows[0]!);

async function until<T>(what: string, get: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await get();
    if (ok(v)) return v;
    if (i > 300) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a read replica (DATABASE_REPLICA_URL)', async () => {
  const standby = await startStandby(inject('pgAdminUrl'));
  afterAll(() => standby.stop());
  const { url, database } = await freshDatabase();
  const config = loadConfig({ CAPTCHA: 'off', JOBS: 'off', DATABASE_REPLICA_URL: standby.url(url), REPLICA_CHECK_MS: '0', REPLICA_MAX_LAG_SECONDS: '30' });
  const app = await buildApp({ config, database });
  afterAll(() => app.close());
  const admin = await bearerFor(app, 'admin');
  const { rows: [org] } = await database.pool.query<{ id: string }>("SELECT id::text FROM sys_org WHERE org_code = 'HDSN'");
  const orgId = org!.id;
  const status = async () => (await app.inject({ method: 'GET', url: '/api/sys-info/replica', headers: { authorization: admin.authorization } })).json().data as ReplicaStatus;

  it('reads a report written on the primary from the replica, and every write stays on the primary', async () => {
    await until('the replica catching up', status, (s) => s.readsFrom === 'replica' && s.lagBytes === 0);
    await database.pool.query("INSERT INTO sys_param (org_id, param_key, param_value) VALUES ($1, 'replica.probe', '1')", [orgId]);
    const row = await until('the write reaching the replica', () => read(database.pool, orgId), (r) => r.seen === 1);
    expect(row.on_replica).toBe(true);
    // a list (kysely) reads there too; a write transaction reads on the primary, its own connection
    expect((await readOnReplica(database.db, (db) => sql<{ r: boolean }>`SELECT pg_is_in_recovery() AS r`.execute(db))).rows[0]!.r).toBe(true);
    expect(await database.db.transaction().execute(async (tx) => (await sql<{ r: boolean }>`SELECT pg_is_in_recovery() AS r`.execute(tx)).rows[0]!.r)).toBe(false);
    const list = await app.inject({ method: 'POST', url: '/api/system/job/v2/list', headers: { authorization: admin.authorization }, payload: { search: [], limit: { pn: 1, ps: 5 } } });
    expect(list.statusCode).toBe(200);
  });

  it('says the lag on the system page, and reads on the primary when the replica is further behind than the limit', async () => {
    const s = await status();
    expect(s).toMatchObject({ configured: true, up: true, readsFrom: 'replica', maxLagSeconds: 30, reason: null });
    expect(s.lagSeconds).toBeGreaterThanOrEqual(0);
    // replay paused on the replica, a write on the primary: the replica falls behind
    const strict = openReplica(database, { url: standby.url(url), maxLagSeconds: 0, checkMs: 0 });
    try {
      await strict.database.pool.query('SELECT pg_wal_replay_pause()');
      await database.pool.query("UPDATE sys_param SET param_value = '2' WHERE org_id = $1 AND param_key = 'replica.probe'", [orgId]);
      const behind = await until('the replica falling behind', () => strict.status(true), (x) => (x.lagBytes ?? 0) > 0 && (x.lagSeconds ?? 0) > 0);
      expect(behind.readsFrom).toBe('primary');
      expect(behind.reason).toMatch(/落后 .* 秒，超过上限 0 秒/);
    } finally {
      await strict.database.pool.query('SELECT pg_wal_replay_resume()');
      await strict.close();
    }
  });

  it('reads on the primary once the replica is stopped, and the page says why', async () => {
    await standby.stop();
    const row = await read(database.pool, orgId);
    expect(row).toEqual({ on_replica: false, seen: 1 });
    const list = await app.inject({ method: 'POST', url: '/api/system/job/v2/list', headers: { authorization: admin.authorization }, payload: { search: [], limit: { pn: 1, ps: 5 } } });
    expect(list.statusCode).toBe(200);
    const s = await status();
    expect(s).toMatchObject({ configured: true, up: false, readsFrom: 'primary' });
    expect(s.reason).toMatch(/只读副本不可用/);
    expect(replicaOf(database.pool)).not.toBeNull();
  });
});

describe('without a replica', async () => {
  const { database } = await freshDatabase();
  const app = await buildApp({ config: loadConfig({ CAPTCHA: 'off', JOBS: 'off' }), database });
  afterAll(() => app.close());

  it('reads everything on the primary and the page says no replica is set', async () => {
    const admin = await bearerFor(app, 'admin');
    const res = await app.inject({ method: 'GET', url: '/api/sys-info/replica', headers: { authorization: admin.authorization } });
    expect(res.json().data).toMatchObject({ configured: false, readsFrom: 'primary', reason: '未配置只读副本（见部署说明）' });
    expect(replicaOf(database.pool)).toBeNull();
    const operator = await bearerFor(app, 'operator');
    expect((await app.inject({ method: 'GET', url: '/api/sys-info/replica', headers: { authorization: operator.authorization } })).statusCode).toBe(403);
  });
});

describe('what sends a reading back to the primary', () => {
  it('is a replica that could not serve, never a query that is wrong', () => {
    expect(isConnectionFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:59001'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isConnectionFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' }))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('column "x" does not exist'), { code: '42703' }))).toBe(false);
    expect(isConnectionFailure(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(false);
  });
});
