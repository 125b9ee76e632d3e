/**
 * The track scale's target (issue 24): a 60-wagon list imported, weighed and posted in <= 1 s.
 * Through the real HTTP stack on a throw-away embedded PostgreSQL with the demo plant:
 *
 *   1. import: POST /api/track/pu/import, one .xlsx of 60 wagons of one train, each with its gross,
 *      tare (标重) and waybill weight: the train and its 60 weighed wagons written in one transaction;
 *   2. audit:  POST /api/track/pu/audit of that train: the figures stamped on the 60 wagons and the
 *      60 stock records posted with their balance, in one transaction.
 *
 * Each is timed from the first byte sent to the answer; the figure is their sum. Beside each train,
 * in the same run, the reference: a 60-row sheet of the vendor archive through its import call
 * (POST /api/masterdata/vendor/import), so the figure reads as a ratio on a shared machine.
 *
 *   npx tsx bench/track-scale.ts
 *
 * Settings (environment; defaults in brackets):
 *   BENCH_TRACK_WAGONS  wagons per train [60]
 *   BENCH_TRACK_RUNS    trains, one after another, each its own [5]
 *
 * Raw figures go to bench/results/track-scale-<time>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import { benchPostgres, cleanUp, cleanups, listen, round, signIn, waitQuiet } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};
const WAGONS = num('BENCH_TRACK_WAGONS', 60);
const RUNS = num('BENCH_TRACK_RUNS', 5);

async function wagonSheet(trainNo: string, codes: { vendor: string; warehouse: string; material: string }): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('轨道衡');
  sheet.addRow(['车次', '到达时间', '供应商编码', '仓库编码', '物料编码', '损耗方式', '允许损耗', '超耗处理', '车号', '毛重', '皮重', '皮重方式', '票重']);
  for (let i = 1; i <= WAGONS; i++) {
    const tare = 22 + (i % 7) * 0.1;
    const gross = tare + 60 + (i % 11) * 0.013;
    sheet.addRow([trainNo, '2026-11-28 08:00:00', codes.vendor, codes.warehouse, codes.material, 'PERMILLE', 2, 'CHARGE',
      `C64-${String(i).padStart(4, '0')}`, round(gross, 3), round(tare, 3), 'MARKED', 60.2]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function vendorSheet(run: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('供应商');
  sheet.addRow(['供应商编码', '供应商名称', '联系人', '联系电话', '启用']);
  for (let i = 1; i <= WAGONS; i++) sheet.addRow([`T${run}V${String(i).padStart(4, '0')}`, `第${run}批轨道衡供应商${i}`, `联系人${i}`, '13800000000', '是']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function main(): Promise<void> {
  const started = new Date();
  const { url } = await benchPostgres();
  const database = openDatabase(url, 10);
  cleanups.push(() => database.close());
  const app = await buildApp({ config: loadConfig({ CAPTCHA: 'off', JOBS: 'off' }), database });
  cleanups.push(() => app.close());
  const base = `http://127.0.0.1:${await listen(app)}`;
  const token = await signIn(base, 'operator');
  const { rows: [c] } = await database.pool.query(`
    SELECT (SELECT v.vendor_code FROM md_vendor v JOIN md_vendor_alloc a ON a.archive_id = v.id WHERE a.org_id = o.id ORDER BY v.id LIMIT 1) AS vendor,
           (SELECT w.ware_code FROM md_warehouse w WHERE w.org_id = o.id ORDER BY w.id LIMIT 1) AS warehouse,
           (SELECT m.inv_code FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id WHERE a.org_id = o.id ORDER BY m.id LIMIT 1) AS material
      FROM sys_org o WHERE o.org_code = 'HDSN'`);
  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${base}${p}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await res.json()) as { success: boolean; msg: string; data: Record<string, unknown> };
  };

  const accountant = await signIn(base, 'accountant');
  const upload = async (p: string, bytes: Buffer, bearer: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'sheet.xlsx');
    const t0 = performance.now();
    const body = (await (await fetch(`${base}${p}`, { method: 'POST', headers: { authorization: `Bearer ${bearer}` }, body: form })).json()) as { success: boolean; msg: string };
    if (!body.success) throw new Error(`${p}: ${body.msg}`);
    return performance.now() - t0;
  };
  const runs: { run: number; importMs: number; auditMs: number; totalMs: number; vendorImportMs: number; quiet: unknown }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const trainNo = `BENCH-${run}`;
    const bytes = await wagonSheet(trainNo, c);
    const vendors = await vendorSheet(run);
    const quiet = await waitQuiet(30);
    const vendorImportMs = await upload('/api/masterdata/vendor/import', vendors, accountant);
    const importMs = await upload('/api/track/pu/import', bytes, token);
    const { rows: [t] } = await database.pool.query('SELECT id::text FROM wb_train WHERE train_no = $1', [trainNo]);
    const t2 = performance.now();
    const audited = await post('/api/track/pu/audit', { ids: [t.id] });
    const t3 = performance.now();
    if (!audited.success) throw new Error(`audit ${run}: ${audited.msg}`);
    const auditMs = t3 - t2;
    runs.push({ run, importMs: round(importMs, 1), auditMs: round(auditMs, 1), totalMs: round(importMs + auditMs, 1), vendorImportMs: round(vendorImportMs, 1), quiet });
    console.log(`run ${run}: ${WAGONS} wagons imported in ${round(importMs, 0)} ms, audited and posted in ${round(auditMs, 0)} ms, together ${round(importMs + auditMs, 0)} ms;`
      + ` ${WAGONS} vendors imported in ${round(vendorImportMs, 0)} ms (ratio ${round((importMs + auditMs) / vendorImportMs, 2)})`);
  }
  const check = await database.pool.query(`SELECT count(*)::int AS n FROM wb_stock_record r JOIN wb_wagon w ON w.id = r.wagon_id WHERE r.reversed_at IS NULL`);
  if (check.rows[0].n !== WAGONS * RUNS) throw new Error(`expected ${WAGONS * RUNS} stock records, found ${check.rows[0].n}`);
  const loadavg = os.loadavg();
  console.log(`load average at the end: ${loadavg.map((l) => l.toFixed(2)).join(', ')}`);
  const out = path.join(here, 'results', `track-scale-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(out, JSON.stringify({ started, wagons: WAGONS, runs, loadavg }, null, 1));
  console.log(`raw figures: ${path.relative(process.cwd(), out)}`);
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(cleanUp);
