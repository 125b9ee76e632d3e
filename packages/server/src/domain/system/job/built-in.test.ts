import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectOk, orgId } from '../../../../test/api';
import { backupJob } from '../../../platform/db/backup-job';
import { pruneBackups } from '../../../platform/db/backup';
import { openDatabase } from '../../../platform/db/pool';
import { fileSweepJob } from '../../../platform/files/job';
import type { JobContext } from '../../../platform/jobs/define';
import { emitEvent } from '../../../platform/events/emit';
import { webhookSweepJob } from '../interface/module';
import { pruneRunsJob } from '../../../platform/jobs/prune-job';
import { reserveOnLine } from '../../notice/quantity';
import { noticeExpiryJob } from '../../notice/expiry';
import { licenceExpiryJob } from '../../licence/expiry-warning';

// What each built-in job does when it runs (the scheduler itself: platform/jobs/scheduler.test.ts).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-jobs-'));
const { app, database, config } = await createTestApp({ DATA_DIR: dataDir, BACKUP_KEEP_DAYS: '3' });
const { pool, db } = database;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const warnings: string[] = [];
const ctx: JobContext = {
  db, database, now: Date.now, storage: { } as JobContext['storage'], config,
  log: { info: () => {}, warn: (m) => warnings.push(m) },
};
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

let operator: string;
let HDSN: string;
beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  HDSN = await orgId(pool, 'HDSN');
});

describe('notice expiry', () => {
  it('an audited notice past its end time is closed with its log entry; one in the future, or with a truck on the way, stays', async () => {
    const vendorId = (await pool.query("SELECT id::text FROM md_vendor WHERE vendor_code = 'GYS0001'")).rows[0].id;
    const make = async () => {
      const n = expectOk(await call(app, 'POST', '/api/notice/pu/create', operator, {
        entity: { vendorId, startTime: '2026-01-01 00:00:00', endTime: '2030-12-31 23:59:59' },
        entitysub: [{ materialCode: '0101001', warehouseCode: 'CK01', quantity: '1000' }],
      })).data;
      expectOk(await call(app, 'POST', '/api/notice/pu/audit', operator, { ids: [n.id] }));
      return n as { id: string; noticeNo?: string };
    };
    const [past, future, onTheWay] = [await make(), await make(), await make()];
    await pool.query("UPDATE wb_notice SET end_time = now() - interval '1 hour' WHERE id = ANY($1::bigint[])", [[past.id, onTheWay.id]]);
    const line = (await pool.query('SELECT id::text FROM wb_notice_line WHERE notice_id = $1', [onTheWay.id])).rows[0].id;
    await db.transaction().execute((tx) => reserveOnLine(tx, HDSN, line, '30'));

    const out = await noticeExpiryJob.run(ctx);
    const status = async (id: string) => (await pool.query('SELECT doc_status, notice_no FROM wb_notice WHERE id = $1', [id])).rows[0];
    const closed = await status(past.id);
    expect(closed.doc_status).toBe('CLOSED');
    expect((await status(future.id)).doc_status).toBe('AUDITED');
    expect((await status(onTheWay.id)).doc_status).toBe('AUDITED');
    expect(out?.summary).toContain(closed.notice_no);
    const log = await pool.query("SELECT org_id::text, action, family, doc_no, username FROM sys_log WHERE action = 'noticeExpire'");
    expect(log.rows).toEqual([{ org_id: HDSN, action: 'noticeExpire', family: '采购通知单', doc_no: closed.notice_no, username: '系统定时任务' }]);
    // a second run finds nothing more to close
    await noticeExpiryJob.run(ctx);
    expect((await pool.query("SELECT count(*)::int AS n FROM sys_log WHERE action = 'noticeExpire'")).rows[0].n).toBe(1);
  });
});

describe('licence expiry warnings', () => {
  it('an audited grant ending within 30 days is warned in its company’s log, once a day however often the job runs', async () => {
    await pool.query(`
      INSERT INTO mgp_grant (org_id, grant_no, doc_status, customer_id, valid_from, valid_to)
      SELECT a.org_id, g.no, 'AUDITED', a.archive_id, current_date - 10, current_date + g.days
      FROM (SELECT org_id, archive_id FROM md_customer_alloc WHERE org_id = $1 LIMIT 1) a,
           (VALUES ('XK-SOON', 5), ('XK-LATER', 90)) AS g(no, days)`, [HDSN]);
    await Promise.all([licenceExpiryJob.run(ctx), licenceExpiryJob.run(ctx)]);
    const log = await pool.query("SELECT org_id::text, doc_no, detail FROM sys_log WHERE action = 'licenceExpiring'");
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({ org_id: HDSN, doc_no: 'XK-SOON' });
    expect(log.rows[0].detail).toMatch(/许可证 XK-SOON 将于 \d{4}-\d{2}-\d{2} 到期/);
  });
});

describe('event delivery sweep', () => {
  let server: Server;
  const received: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => { let b = ''; req.on('data', (c) => { b += c; }); req.on('end', () => { received.push(b); res.writeHead(200).end(); }); });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/erp`;
    await pool.query(`INSERT INTO sys_subscription (org_id, name, events, url, secret, timeout_ms, max_attempts) VALUES ($1, 'ERP', 'erp.ticket', $2, 'k3y-0123456789abcdef', 2000, 3)`, [HDSN, url]);
  });
  afterAll(() => { server.closeAllConnections(); server.close(); });

  it('a run fans out and delivers what is overdue', async () => {
    // an event no poller took two minutes ago (no instance running jobs)
    const { eventId } = await emitEvent(db, { orgId: HDSN, type: 'erp.ticket', key: 'CGBD-JOB-1', payload: { n: 1 } });
    await pool.query(`UPDATE sys_event SET created_at = now() - interval '2 minutes' WHERE id = $1`, [eventId]);
    await pool.query(`UPDATE sys_subscription SET created_at = now() - interval '1 hour' WHERE org_id = $1 AND name = 'ERP'`, [HDSN]);
    const out = await webhookSweepJob.run(ctx);
    expect(out?.summary).toBe('补发 1 条');
    expect((await pool.query('SELECT state FROM sys_delivery WHERE event_id = $1', [eventId])).rows.map((r) => r.state)).toEqual(['SENT']);
    expect(received).toHaveLength(1);
  });
});

describe('file sweep', () => {
  it('a run sweeps (nothing to remove in a fresh plant) and says so', async () => {
    const { fileRouteDeps } = await import('../../../platform/files/create-storage');
    const storage = (await fileRouteDeps(config.storage, Date.now)).storage;
    const out = await fileSweepJob.run({ ...ctx, storage });
    expect(out?.summary).toBe('删除未引用文件 0 个，孤立文件 0 个');
  });
});

describe('run history cleanup', () => {
  it('runs older than JOB_HISTORY_DAYS are deleted, newer ones kept', async () => {
    await app.ready();
    const at = (days: number) => new Date(Date.now() - days * 86_400_000);
    await db.insertInto('sys_job_run').values([20, 1].map((d) => ({ job_key: 'files.sweep', fire_at: at(d), attempt: 1, started_at: at(d), result: 'ok' as const, instance: 'x' }))).execute();
    expect(config.jobHistoryDays).toBe(14);
    expect((await pruneRunsJob.run(ctx))?.summary).toBe('删除 14 天前的运行记录 1 条');
    const left = await db.selectFrom('sys_job_run').select('started_at').where('job_key', '=', 'files.sweep').execute();
    expect(left).toHaveLength(1);
    expect(left[0].started_at.getTime()).toBeGreaterThan(at(2).getTime());
  });
});

describe('the nightly backup', () => {
  it('a backup made by the job restores, by the README’s command, into a fresh database with the same row counts', async () => {
    const out = await backupJob.run(ctx);
    const dir = path.join(dataDir, 'backups');
    const [folder] = fs.readdirSync(dir);
    expect(folder).toMatch(/^wb-\d{8}-\d{6}$/);
    expect(out?.summary).toContain(folder);

    const adminUrl = inject('pgAdminUrl');
    const name = `restored_${Date.now()}`;
    const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
    try {
      const { stdout } = await promisify(execFile)('npm', ['run', 'db:restore', '--', path.join(dir, folder), url], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '' } });
      expect(stdout).toMatch(/restored \d+ tables/);
      const restored = openDatabase(url, 2);
      try {
        const tables = (await pool.query<{ t: string }>("SELECT c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1")).rows.map((r) => r.t);
        const counts = async (p: pg.Pool) => (await p.query(`SELECT ${tables.map((t, i) => `(SELECT count(*)::int FROM "${t}") AS c${i}`).join(', ')}`)).rows[0];
        const [before, after] = [await counts(pool), await counts(restored.pool)];
        expect(after).toEqual(before);
        expect(before[`c${tables.indexOf('sys_user')}`]).toBeGreaterThan(0);
        // the restored plant works: its sequences go on past the restored rows
        const next = await restored.pool.query("INSERT INTO sys_log (org_id, action) VALUES (NULL, 'restoreCheck') RETURNING id");
        const max = await pool.query('SELECT max(id) AS m FROM sys_log');
        expect(BigInt(next.rows[0].id)).toBeGreaterThan(BigInt(max.rows[0].m));
      } finally {
        await restored.close();
      }
    } finally {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);

  it('keeps backups for BACKUP_KEEP_DAYS days', () => {
    const dir = path.join(dataDir, 'backups');
    const old = path.join(dir, 'wb-20260101-020000');
    fs.mkdirSync(old, { recursive: true });
    const then = new Date(Date.now() - 4 * 86_400_000);
    fs.utimesSync(old, then, then);
    expect(config.backupKeepDays).toBe(3);
    expect(pruneBackups(dir, config.backupKeepDays)).toEqual(['wb-20260101-020000']);
    expect(fs.readdirSync(dir)).toHaveLength(1);
  });
});
