import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { EXCEL_MONEY_FORMAT, type ReportDefinition } from '@wb/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { LocalStorage } from '../../platform/files/local-storage';
import { sweepFiles } from '../../platform/files/sweep';
import { defineModule } from '../../platform/module/define';
import type { ReportDataset } from '../../platform/reports/dataset';
import { failOrphanedExports, ORPHANED_EXPORT } from './repo';
import { writeToStore } from './worker';

/** A dataset of i = 1..n rows the database makes (no table needed), read with the team report's right. */
const generated: ReportDataset = {
  key: 'test.export', name: '导出测试', nameEn: 'Export test', permission: 'report_team_view', executor: 'app',
  params: [{ key: 'n', title: '行数', titleEn: 'Rows', type: 'number', default: '10' }],
  fields: [
    { key: 'kind', title: '业务类型', titleEn: 'Kind', type: 'text' },
    { key: 'i', title: '序号', titleEn: 'No', type: 'int' },
    { key: 'amount', title: '金额', titleEn: 'Amount', type: 'money', total: true },
  ],
  query: (input) => ({
    text: `SELECT CASE WHEN i % 2 = 0 THEN '采购' ELSE '销售' END AS kind, i, (i * 100.25)::numeric(14,2) AS amount
             FROM generate_series(1, $1::int) AS i`,
    values: [input.params.n],
  }),
};
const report: ReportDefinition = {
  code: 'export_test', name: '导出测试', nameEn: 'Export test', source: { kind: 'dataset', key: 'test.export' }, params: [],
  columns: [
    { field: 'kind', title: '业务类型', titleEn: 'Kind' },
    { field: 'i', title: '序号', titleEn: 'No', head: 'figures' },
    { field: 'amount', title: '金额', titleEn: 'Amount', head: 'figures' },
  ],
  heads: [{ id: 'figures', title: '数据', titleEn: 'Figures' }], groupBy: [], sort: [{ key: 'i', dir: 'asc' }],
  page: { size: 'A4', orientation: 'landscape' }, roles: [],
};
const testModule = defineModule({ key: 'export-test', datasets: [generated], reports: [report] });

// an export of more than 100 rows is a job here
process.env.REPORT_EXPORT_STREAM_ROWS = '100';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-export-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const { app, database, config } = await createTestApp({ JOBS: 'on', JOBS_POLL_SECONDS: '0.5', DATA_DIR: dataDir }, { extraModules: [testModule] });
const accountant = (await bearerFor(app, 'accountant')).authorization;
const operator = (await bearerFor(app, 'operator')).authorization;
const quality = (await bearerFor(app, 'quality')).authorization;

const start = (body: object, auth = accountant, code = 'export_test') =>
  app.inject({ method: 'POST', url: `/api/report/export/${code}`, headers: { authorization: auth }, payload: body });
const progress = async (id: string, auth = accountant) => app.inject({ method: 'GET', url: `/api/report/export/jobs/${id}`, headers: { authorization: auth } });
const cancel = (id: string, auth = accountant) => app.inject({ method: 'DELETE', url: `/api/report/export/jobs/${id}`, headers: { authorization: auth } });
const file = (id: string, auth = accountant) => app.inject({ method: 'GET', url: `/api/report/export/jobs/${id}/file`, headers: { authorization: auth } });
const stateOf = async (id: string) => (await progress(id)).json().data as { state: string; rowsWritten: number; rowsEstimated: number | null; ready: boolean };

async function sheetOf(res: LightMyRequestResponse): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

async function startJob(n: number, background = false): Promise<string> {
  const res = await start({ params: { n }, ...(background ? { background } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.jobId as string;
}

const exportRow = async (id: string) =>
  (await database.pool.query<{ state: string; file_id: string | null }>('SELECT state, file_id FROM rpt_export WHERE id = $1', [id])).rows[0]!;
const filesDir = config.storage.kind === 'local' ? config.storage.dir : '';
/** the stored files: their rows, and the bytes on disk under org/ */
const storedFiles = async () => ({
  rows: Number((await database.pool.query<{ n: string }>('SELECT count(*) AS n FROM sys_file')).rows[0]!.n),
  bytes: fs.existsSync(path.join(filesDir, 'org')) ? fs.readdirSync(path.join(filesDir, 'org'), { recursive: true }).filter((f) => fs.statSync(path.join(filesDir, 'org', String(f))).isFile()).length : 0,
});
const bossState = async (id: string) =>
  (await database.pool.query<{ state: string }>("SELECT state FROM pgboss.job WHERE name = 'report.export' AND data->>'exportId' = $1", [id])).rows[0]?.state;

describe('a small export streams in the answer', () => {
  it('answers the .xlsx with the merged head, the money format and the totals row, and logs it', async () => {
    const res = await start({ params: { n: 10 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('导出测试_'));
    const sheet = await sheetOf(res);
    // the report's name and its conditions first, a blank row, then the table
    expect([sheet.getCell('A1').value, sheet.getCell('A2').value, sheet.getCell('B2').value, sheet.getRow(3).cellCount]).toEqual(['导出测试', expect.stringMatching(/：$/), '10', 0]);
    expect([sheet.getCell('A4').value, sheet.getCell('B4').value, sheet.getCell('B5').value, sheet.getCell('C5').value]).toEqual(['业务类型', '数据', '序号', '金额']);
    expect(sheet.getCell('C4').isMerged).toBe(true);
    expect(sheet.getCell('A5').isMerged).toBe(true);
    expect([sheet.getCell('B6').value, sheet.getCell('C6').value]).toEqual([1, 100.25]);
    expect(sheet.getCell('C6').numFmt).toBe(EXCEL_MONEY_FORMAT);
    expect([sheet.getCell('A16').value, sheet.getCell('C16').value]).toEqual(['合计', 5513.75]);
    const logged = await database.pool.query("SELECT 1 FROM sys_log WHERE action = '导出' AND doc_no = 'export_test'");
    expect(logged.rowCount).toBe(1);
  });

  it('follows the order asked, and refuses an order on a field the report has not', async () => {
    const res = await start({ params: { n: 5 }, sort: [{ key: 'i', dir: 'desc' }] });
    expect((await sheetOf(res)).getCell('B6').value).toBe(5);
    const bad = await start({ params: { n: 5 }, sort: [{ key: 'password', dir: 'asc' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('password');
  });

  it('refuses a reader without the right (403), a report that does not exist (404) and bad input (400)', async () => {
    expect((await start({ params: { n: 5 } }, quality)).statusCode).toBe(403);
    expect((await start({ params: { n: 5 } }, accountant, 'no_such_report')).statusCode).toBe(404);
    expect((await start({ params: { n: 'many' } })).statusCode).toBe(400);
    expect((await start({ params: { n: 5 }, extra: 1 })).statusCode).toBe(400);
    expect((await start({ params: { n: 5 }, background: 'yes' })).statusCode).toBe(400);
    expect((await progress('abc')).statusCode).toBe(400);
  });
});

describe('a large export runs as a job', () => {
  it('moves its progress, ends with the file, and is its starter\'s only', async () => {
    const id = await startJob(30_000);
    expect(await database.pool.query("SELECT 1 FROM sys_log WHERE action = '开始导出' AND detail LIKE $1", [`%任务 ${id}`]).then((r) => r.rowCount)).toBe(1);
    const seen: number[] = [];
    await expect.poll(async () => {
      const p = await stateOf(id);
      seen.push(p.rowsWritten);
      return p.state;
    }, { timeout: 60_000, interval: 100 }).toBe('done');
    // seen part way: more than none and fewer than all
    expect(seen.some((n) => n > 0 && n < 30_000)).toBe(true);
    const p = await stateOf(id);
    expect(p).toMatchObject({ rowsWritten: 30_000, rowsEstimated: 30_000, ready: true });

    // another user of the company with the same right does not see it
    expect((await progress(id, operator)).statusCode).toBe(404);
    expect((await file(id, operator)).statusCode).toBe(404);
    expect((await cancel(id, operator)).statusCode).toBe(404);

    const res = await file(id);
    expect(res.statusCode).toBe(200);
    const sheet = await sheetOf(res);
    expect(sheet.rowCount).toBe(3 + 2 + 30_000 + 1);
    expect(sheet.getCell(`A${sheet.rowCount}`).value).toBe('合计');
    expect(sheet.getCell(`C${sheet.rowCount}`).value).toBe(100.25 * 30_000 * 30_001 / 2);
  }, 90_000);

  it('stops within a second of a cancel, ends cancelled and leaves no file', async () => {
    const before = await storedFiles();
    const id = await startJob(400_000);
    await expect.poll(async () => (await stateOf(id)).rowsWritten, { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    const res = await cancel(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe('cancelled');
    // the worker's run ends (its transaction rolled back) within a second
    await expect.poll(() => bossState(id), { timeout: 1500, interval: 50 }).toBe('completed');
    expect(await exportRow(id)).toEqual({ state: 'cancelled', file_id: null });
    expect(await storedFiles()).toEqual(before);
    expect((await file(id)).statusCode).toBe(404);
    expect(await database.pool.query("SELECT 1 FROM sys_log WHERE action = '取消导出' AND detail = $1", [`任务 ${id}`]).then((r) => r.rowCount)).toBe(1);
  }, 90_000);

  it('of two cancels at once, exactly one wins', async () => {
    const id = await startJob(20, true);
    const [a, b] = await Promise.all([cancel(id), cancel(id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    await expect.poll(() => bossState(id), { timeout: 10_000, interval: 50 }).toBe('completed');
    expect(await exportRow(id)).toEqual({ state: 'cancelled', file_id: null });
  }, 30_000);

  it('a cancel racing the finish, or after it, always leaves the export cancelled with no file', async () => {
    for (const wait of ['none', 'running', 'done'] as const) {
      const before = await storedFiles();
      const id = await startJob(300, true);
      if (wait === 'running') await expect.poll(async () => (await stateOf(id)).state, { timeout: 20_000, interval: 20 }).not.toBe('queued');
      let key: string | null = null;
      if (wait === 'done') {
        await expect.poll(async () => (await stateOf(id)).state, { timeout: 20_000, interval: 50 }).toBe('done');
        key = (await database.pool.query<{ storage_key: string }>('SELECT f.storage_key FROM sys_file f JOIN rpt_export e ON e.file_id = f.id WHERE e.id = $1', [id])).rows[0]!.storage_key;
        expect(fs.existsSync(path.join(filesDir, key))).toBe(true);
      }
      expect((await cancel(id)).statusCode).toBe(200);
      await expect.poll(() => bossState(id), { timeout: 20_000, interval: 50 }).toBe('completed');
      expect(await exportRow(id)).toEqual({ state: 'cancelled', file_id: null });
      expect(await storedFiles()).toEqual(before);
      if (key) expect(fs.existsSync(path.join(filesDir, key))).toBe(false);
    }
  }, 90_000);

  it('loses its file to the file sweep once the grace period has passed', async () => {
    const id = await startJob(150);
    await expect.poll(async () => (await stateOf(id)).state, { timeout: 20_000, interval: 50 }).toBe('done');
    await sweepFiles(database.db, await import('../../platform/files/create-storage').then(async (m) => (await m.fileRouteDeps(config.storage, Date.now)).storage), {
      graceMs: config.storage.orphanGraceMs, now: () => Date.now() + config.storage.orphanGraceMs + 60_000,
    });
    expect(await exportRow(id)).toEqual({ state: 'done', file_id: null });
    const res = await file(id);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toContain('过期');
  }, 30_000);
});

describe('an export whose server stopped', () => {
  const accountantRow = async () => (await database.pool.query<{ user_id: string; org_id: string }>(
    `SELECT u.id::text AS user_id, coalesce(u.current_org_id, uo.org_id)::text AS org_id FROM sys_user u JOIN sys_user_org uo ON uo.user_id = u.id
      WHERE u.username = 'accountant' ORDER BY uo.org_id LIMIT 1`)).rows[0]!;
  const running = async () => {
    const { user_id, org_id } = await accountantRow();
    const { rows: [row] } = await database.pool.query<{ id: string }>(
      `INSERT INTO rpt_export (org_id, user_id, report_code, file_name, request, state) VALUES ($1, $2, 'export_test', 'x.xlsx', '{}', 'running') RETURNING id::text`,
      [org_id, user_id]);
    return row!.id;
  };
  const job = (id: string, startedAgo: string) => database.pool.query(
    `INSERT INTO pgboss.job (name, data, state, started_on, expire_in) VALUES ('report.export', $1, 'active', now() - $2::interval, interval '15 minutes')`,
    [JSON.stringify({ exportId: id }), startedAgo]);

  it('is failed with a message once its job is gone or past its expiry; one whose job still runs keeps running', async () => {
    const gone = await running();
    const expired = await running();
    await job(expired, '1 hour');
    const alive = await running();
    await job(alive, '1 minute');

    expect(await stateOf(gone)).toMatchObject({ state: 'failed', error: ORPHANED_EXPORT, ready: false });
    expect(await stateOf(expired)).toMatchObject({ state: 'failed', error: ORPHANED_EXPORT });
    expect(await stateOf(alive)).toMatchObject({ state: 'running' });
    // the sweep a start runs finds none left but the live one's
    expect(await failOrphanedExports(database.db, 'report.export')).toEqual([]);
    expect((await exportRow(alive)).state).toBe('running');
    // the user runs it again
    const again = await startJob(150);
    await expect.poll(async () => (await stateOf(again)).state, { timeout: 60_000, interval: 100 }).toBe('done');
  }, 90_000);
});

describe('a large export goes into the store as it is written', () => {
  const chunk = Buffer.alloc(64 * 1024, 7);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-store-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const storage = new LocalStorage(dir, Buffer.alloc(32, 1));
  const inStore = () => (fs.existsSync(path.join(dir, 'org')) ? fs.readdirSync(path.join(dir, 'org'), { recursive: true }).map(String) : []);
  const storedBytes = () => inStore().reduce((n, f) => n + (fs.statSync(path.join(dir, 'org', f)).isFile() ? fs.statSync(path.join(dir, 'org', f)).size : 0), 0);

  it('has bytes in the store before the writing ends, the file whole after, hashed as written', async () => {
    const written = await writeToStore(storage, 'org/1/streamed.xlsx', 'application/octet-stream', async (out) => {
      for (let i = 0; i < 16; i++) if (!out.write(chunk)) await once(out, 'drain');
      // the first bytes are in the store while the writer still writes: no file held whole in memory
      await expect.poll(storedBytes, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
      out.end(chunk);
      return 17;
    });
    const whole = Buffer.concat(Array.from({ length: 17 }, () => chunk));
    expect(written).toEqual({ rows: 17, size: whole.length, sha256: createHash('sha256').update(whole).digest('hex') });
    expect(fs.readFileSync(path.join(dir, 'org/1/streamed.xlsx')).equals(whole)).toBe(true);
  });

  it('stores nothing when the writing fails', async () => {
    await expect(writeToStore(storage, 'org/1/broken.xlsx', 'application/octet-stream', async (out) => {
      out.write(chunk);
      await expect.poll(() => inStore().some((f) => f.includes('broken')), { timeout: 10_000, interval: 20 }).toBe(true);
      throw new Error('stopped');
    })).rejects.toThrow('stopped');
    await expect.poll(() => inStore().filter((f) => f.includes('broken')), { timeout: 10_000, interval: 20 }).toEqual([]);
  });
});
