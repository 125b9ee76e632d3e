import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk } from '../../../../test/api';

// 系统管理 → 定时任务 through its calls, the runner off (JOBS off): what each call leaves in the
// job table and in the library's queue, and in the operation log.
const { app, database } = await createTestApp();
const { db } = database;
const BASE = '/api/system/job';
let admin: string;
let operator: string;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
});

const job = (key: string) => db.selectFrom('sys_job').selectAll().where('job_key', '=', key).executeTakeFirstOrThrow();
const waiting = async (key: string) => (await sql<{ start_after: Date; manual: boolean | null; cron: string }>`
  SELECT start_after, (data->>'manual')::boolean AS manual, data->>'cron' AS cron FROM pgboss.job
  WHERE name = ${`job.${key}`} AND state = 'created' ORDER BY start_after`.execute(db)).rows;
const logOf = async (action: string) => (await sql<{ doc_no: string | null; detail: string | null }>`
  SELECT doc_no, detail FROM sys_log WHERE action = ${action} ORDER BY id`.execute(db)).rows;

describe('the job list', () => {
  it('lists every declared job with its schedule, for the administrator only', async () => {
    const list = expectOk(await call(app, 'POST', `${BASE}/v2/list`, admin, { search: [], limit: { pn: 1, ps: 50 } }));
    const keys = list.data.list.map((r: { jobKey: string }) => r.jobKey);
    expect(keys).toEqual(expect.arrayContaining(['notice.expiry', 'licence.expiring', 'webhook.sweep', 'files.sweep', 'db.backup']));
    const backup = list.data.list.find((r: { jobKey: string }) => r.jobKey === 'db.backup');
    expect(backup).toMatchObject({ name: '数据库备份', cron: '0 2 * * *', enabled: true, declared: true, rowActions: { start: false, stop: true, remove: false, run: true } });
    expectFailure(await call(app, 'POST', `${BASE}/v2/list`, operator, { search: [], limit: { pn: 1, ps: 50 } }), 403);
    expectFailure(await call(app, 'POST', `${BASE}/run/${backup.id}`, operator), 403);
  });
});

describe('stop, start, run now', () => {
  it('stop cancels the waiting firing; start sends the next one; both logged', async () => {
    const { id } = await job('licence.expiring');
    // started once already (the schedule's chain), so a firing waits
    expectOk(await call(app, 'POST', `${BASE}/start`, admin, { ids: [id] }));
    expectOk(await call(app, 'POST', `${BASE}/stop/${id}`, admin));
    expect((await job('licence.expiring')).enabled).toBe(false);
    expect(await waiting('licence.expiring')).toEqual([]);
    expect((await logOf('jobStop')).at(-1)).toMatchObject({ doc_no: '许可证到期提醒' });

    // two starts at once: one firing waits
    const both = await Promise.all([1, 2].map(() => call(app, 'POST', `${BASE}/start`, admin, { ids: [id] })));
    expect(both.map((r) => r.json().data.count).sort()).toEqual([0, 1]);
    const next = await waiting('licence.expiring');
    expect(next).toHaveLength(1);
    expect(next[0].start_after.getTime()).toBeGreaterThan(Date.now());
    expect((await job('licence.expiring')).enabled).toBe(true);
    expect((await logOf('jobStart')).filter((e) => e.detail === '许可证到期提醒')).toHaveLength(1);
  });

  it('run now puts one run on the queue, also for a stopped job', async () => {
    const { id } = await job('files.sweep');
    expectOk(await call(app, 'POST', `${BASE}/stop/${id}`, admin));
    expectOk(await call(app, 'POST', `${BASE}/run/${id}`, admin));
    const w = await waiting('files.sweep');
    expect(w.filter((x) => x.manual)).toHaveLength(1);
    expect((await logOf('jobRunNow')).at(-1)).toMatchObject({ doc_no: '文件清理' });
  });
});

describe('the schedule', () => {
  it('a bad cron answers 400 naming the field and changes nothing', async () => {
    const { id, cron } = await job('notice.expiry');
    for (const bad of ['61 * * * *', 'every day', '* * * *', '* * * * * * *']) {
      const body = expectFailure(await call(app, 'PUT', `${BASE}/update/${id}`, admin, { cron: bad }), 400, /cron/);
      expect(body.data).toMatchObject({ field: 'cron' });
    }
    expectFailure(await call(app, 'PUT', `${BASE}/update/${id}`, admin, {}), 400);
    expect((await job('notice.expiry')).cron).toBe(cron);
    expect(await logOf('jobCron')).toEqual([]);
  });

  it('a new schedule replaces the waiting firing with the next of the new one', async () => {
    const { id } = await job('notice.expiry');
    expectOk(await call(app, 'POST', `${BASE}/start`, admin, { ids: [id] }));
    const res = expectOk(await call(app, 'PUT', `${BASE}/update/${id}`, admin, { cron: ' 30  3 * * * ' }));
    expect(res.data).toEqual({ cron: '30 3 * * *' });
    expect((await job('notice.expiry')).cron).toBe('30 3 * * *');
    const w = await waiting('notice.expiry');
    expect(w.map((x) => x.cron)).toEqual(['30 3 * * *']);
    expect((await logOf('jobCron')).at(-1)).toMatchObject({ doc_no: '通知单到期关闭', detail: '*/5 * * * * -> 30 3 * * *' });
  });
});

describe('the declarations', () => {
  it('a schedule left at its default follows the code’s new default; one changed on the screen stays', async () => {
    const { syncJobs } = await import('../../../platform/jobs/repo');
    const { collectJobs } = await import('../../../platform/jobs/install');
    const { MODULES } = await import('../../modules');
    const declared = collectJobs(MODULES).jobs;
    const moved = declared.map((j) => (j.key === 'db.backup' || j.key === 'notice.expiry' ? { ...j, cron: '15 1 * * *' } : j));
    await syncJobs(db, moved);
    expect((await job('db.backup'))).toMatchObject({ cron: '15 1 * * *', default_cron: '15 1 * * *' });
    // changed on the screen above (30 3 * * *): kept
    expect((await job('notice.expiry'))).toMatchObject({ cron: '30 3 * * *', default_cron: '15 1 * * *' });
    await syncJobs(db, declared.filter((j) => j.key !== 'files.sweep'));
    expect((await job('files.sweep')).declared).toBe(false);
    await syncJobs(db, declared);
    expect((await job('files.sweep')).declared).toBe(true);
  });
});

describe('remove', () => {
  it('a job the code declares cannot be removed, only stopped: 400', async () => {
    const { id } = await job('db.backup');
    expectFailure(await call(app, 'POST', `${BASE}/remove/${id}`, admin), 400, '定时任务 数据库备份 由程序声明，不能删除，只能停止');
    expect((await job('db.backup')).id).toBe(id);
  });

  it('a job whose module is gone is removed with its history', async () => {
    const row = await db.insertInto('sys_job').values({ job_key: 'old.gone', name: '旧任务', name_en: 'Old job', cron: '0 1 * * *', default_cron: '0 1 * * *', declared: false, enabled: false })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('sys_job_run').values({ job_key: 'old.gone', fire_at: new Date(), attempt: 1, started_at: new Date(), result: 'ok', instance: 'x' }).execute();
    expectFailure(await call(app, 'POST', `${BASE}/start`, admin, { ids: [row.id] }), 400, /已不在程序中/);
    expectOk(await call(app, 'POST', `${BASE}/remove/${row.id}`, admin));
    expect(await db.selectFrom('sys_job').select('id').where('job_key', '=', 'old.gone').execute()).toEqual([]);
    expect(await db.selectFrom('sys_job_run').select('id').where('job_key', '=', 'old.gone').execute()).toEqual([]);
    expect((await logOf('jobRemove')).at(-1)).toMatchObject({ doc_no: '旧任务' });
    expectFailure(await call(app, 'POST', `${BASE}/stop/${row.id}`, admin), 400, '定时任务不存在');
  });
});
