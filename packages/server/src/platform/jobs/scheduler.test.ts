import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, freshDatabase } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type DatabaseHandle } from '../db/pool';
import type { ScheduledJobDecl } from './define';

/**
 * The scheduler as two server instances run it over one database: every firing runs once,
 * failures are retried with backoff and kept, run-now, stop. Jobs of the test's own, declared
 * beside the modules' (buildApp's extraJobs), on the real library.
 */
let a: FastifyInstance;
let b: FastifyInstance;
let db: DatabaseHandle['db'];
let auth: string;
const invoked: Record<string, number> = { tick: 0, flaky: 0, broken: 0, quiet: 0, start: 0 };

const jobs: ScheduledJobDecl[] = [
  { key: 'test.tick', name: '测试秒级', nameEn: 'Test tick', cron: '* * * * * *', run: async () => { invoked.tick += 1; } },
  {
    key: 'test.flaky', name: '测试重试', nameEn: 'Test retries', cron: '0 0 1 1 *', retry: { limit: 3, delaySeconds: 1, backoff: true },
    run: async () => {
      invoked.flaky += 1;
      if (invoked.flaky < 3) throw new Error(`第 ${invoked.flaky} 次失败`);
      return { summary: '第三次成功' };
    },
  },
  {
    key: 'test.broken', name: '测试失败', nameEn: 'Test failure', cron: '0 0 1 1 *', retry: { limit: 0, delaySeconds: 1, backoff: false },
    run: async () => { invoked.broken += 1; throw new Error('仓库连接失败: ECONNREFUSED'); },
  },
  { key: 'test.quiet', name: '测试立即执行', nameEn: 'Test run now', cron: '0 0 1 1 *', run: async () => { invoked.quiet += 1; return { summary: 'done' }; } },
  {
    key: 'test.start', name: '测试启动时执行', nameEn: 'Test at start', cron: '0 0 1 1 *', atStart: true,
    run: async () => { invoked.start += 1; return { summary: 'at start' }; },
  },
];

const jobId = async (key: string) => (await db.selectFrom('sys_job').select('id').where('job_key', '=', key).executeTakeFirstOrThrow()).id;
const runs = (key: string) => db.selectFrom('sys_job_run').selectAll().where('job_key', '=', key).orderBy('fire_at').orderBy('attempt').execute();

beforeAll(async () => {
  const { url, database } = await freshDatabase();
  db = database.db;
  // the second instance: its own connections, as another server would have
  const other = openDatabase(url, 5);
  const config = loadConfig({ CAPTCHA: 'off', JOBS: 'on', JOBS_POLL_SECONDS: '0.5' });
  a = await buildApp({ config, database, extraJobs: { jobs } });
  b = await buildApp({ config, database: other, extraJobs: { jobs } });
  // the minute-grained ones are not wanted here: only what a test starts
  await a.ready();
  await sql`UPDATE sys_job SET enabled = false WHERE job_key <> 'test.tick'`.execute(db);
  await b.ready();
  auth = (await bearerFor(a, 'admin')).authorization;
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await other.close();
  });
});

describe('scheduled jobs across two instances', () => {
  it('a job fired every second for 100 firings runs 100 times, not 200', async () => {
    await expect.poll(async () => (await runs('test.tick')).filter((r) => r.result !== 'running').length, { timeout: 130_000, interval: 1000 }).toBeGreaterThanOrEqual(101);
    expectOk(await call(a, 'POST', `/api/system/job/stop/${await jobId('test.tick')}`, auth));
    const all = await runs('test.tick');
    const first100 = all.slice(0, 100);
    // one run per firing: no firing twice, none missed between the first and the hundredth
    expect(new Set(all.map((r) => r.fire_at.getTime())).size).toBe(all.length);
    expect(first100[99].fire_at.getTime() - first100[0].fire_at.getTime()).toBe(99_000);
    expect(all.every((r) => r.attempt === 1 && !r.manual)).toBe(true);
    // each run recorded is one call of the job, whichever instance made it
    await expect.poll(async () => (await runs('test.tick')).every((r) => r.result === 'ok')).toBe(true);
    expect(invoked.tick).toBe((await runs('test.tick')).length);
  }, 180_000);

  it('stop stops the firing: nothing waits in the queue and no run follows', async () => {
    const waiting = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'job.test.tick' AND state IN ('created', 'retry')`.execute(db);
    expect(waiting.rows[0].n).toBe(0);
    const before = (await runs('test.tick')).length;
    // another job runs now and finishes: the stopped one had every chance to fire meanwhile
    expectOk(await call(b, 'POST', `/api/system/job/run/${await jobId('test.quiet')}`, auth));
    await expect.poll(async () => (await runs('test.quiet')).filter((r) => r.result === 'ok').length, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await runs('test.quiet')).length, { timeout: 5_000 }).toBe(1);
    expect((await runs('test.tick')).length).toBe(before);
    expect((await db.selectFrom('sys_job').select('enabled').where('job_key', '=', 'test.tick').executeTakeFirstOrThrow()).enabled).toBe(false);
  });

  it('run-now runs a stopped job once, recorded as run-now with its summary and duration', async () => {
    const [run] = await runs('test.quiet');
    expect(run).toMatchObject({ manual: true, attempt: 1, result: 'ok', summary: 'done' });
    expect(run.duration_ms).toBeGreaterThanOrEqual(0);
    expect(run.finished_at!.getTime()).toBeGreaterThanOrEqual(run.started_at.getTime());
    expect(invoked.quiet).toBe(1);
    const job = await db.selectFrom('sys_job').selectAll().where('job_key', '=', 'test.quiet').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ last_result: 'ok', enabled: false });
  });

  it('a job marked to run at start runs once as the first instance starts, and not as the second starts with it stopped', async () => {
    for (let i = 0; i < 1200 && !(await runs('test.start')).some((r) => r.result === 'ok'); i++) await new Promise((r) => setTimeout(r, 50));
    const list = await runs('test.start');
    expect(list).toEqual([expect.objectContaining({ manual: true, attempt: 1, result: 'ok', summary: 'at start' })]);
    expect(invoked.start).toBe(1);
  });

  it('a failing run is retried with backoff, each try in the history with its error, until it succeeds', async () => {
    expectOk(await call(a, 'POST', `/api/system/job/run/${await jobId('test.flaky')}`, auth));
    await expect.poll(async () => (await runs('test.flaky')).map((r) => r.result), { timeout: 30_000 }).toEqual(['failed', 'failed', 'ok']);
    const [one, two, three] = await runs('test.flaky');
    expect([one.attempt, two.attempt, three.attempt]).toEqual([1, 2, 3]);
    expect(one.error).toBe('第 1 次失败');
    expect(two.error).toBe('第 2 次失败');
    expect(three.summary).toBe('第三次成功');
    // backoff: the delay doubles (1 s, then 2 s, each up to twice that with jitter)
    const gap1 = two.started_at.getTime() - one.finished_at!.getTime();
    const gap2 = three.started_at.getTime() - two.finished_at!.getTime();
    expect(gap1).toBeGreaterThanOrEqual(900);
    expect(gap2).toBeGreaterThanOrEqual(1900);
  });

  it('a failing job keeps its error on the run and on the job', async () => {
    expectOk(await call(a, 'POST', `/api/system/job/run/${await jobId('test.broken')}`, auth));
    await expect.poll(async () => (await runs('test.broken')).map((r) => r.result), { timeout: 20_000 }).toEqual(['failed']);
    const [run] = await runs('test.broken');
    expect(run.error).toBe('仓库连接失败: ECONNREFUSED');
    const job = await db.selectFrom('sys_job').selectAll().where('job_key', '=', 'test.broken').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ last_result: 'failed', last_error: '仓库连接失败: ECONNREFUSED' });
    // the run history list shows it
    const list = expectOk(await call(a, 'POST', '/api/system/job/run/v2/list', auth, {
      search: [{ key: 'jobKey', op: 'eq', val: 'test.broken' }], limit: { pn: 1, ps: 10 },
    }));
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ result: 'failed', error: '仓库连接失败: ECONNREFUSED' });
  });
});
