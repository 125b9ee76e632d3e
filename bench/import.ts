/**
 * A 10,000-row Excel import through the real HTTP stack: the vendor archive's import call
 * (POST /api/masterdata/vendor/import, multipart, one .xlsx), timed from the first byte sent to
 * the answer, on a throw-away embedded PostgreSQL with the demo plant.
 *
 *   npx tsx bench/import.ts
 *
 * Settings (environment; defaults in brackets):
 *   BENCH_IMPORT_ROWS   data rows per file [10000]
 *   BENCH_IMPORT_RUNS   files imported one after another, each with rows of its own [3]
 *
 * Half the rows carry a code, half leave it blank for the code rule to number, as an ERP
 * export and a hand-made sheet would. Raw figures go to bench/results/import-<time>.json.
 */
import fs from 'node:fs';
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
const ROWS = num('BENCH_IMPORT_ROWS', 10_000);
const RUNS = num('BENCH_IMPORT_RUNS', 3);

async function vendorSheet(run: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('供应商');
  sheet.addRow(['供应商编码', '供应商名称', '联系人', '联系电话', '启用']);
  for (let i = 1; i <= ROWS; i++) {
    const code = i % 2 ? `R${run}V${String(i).padStart(5, '0')}` : null;
    sheet.addRow([code, `第${run}批供应商${i}有限公司`, `联系人${i}`, '13800000000', '是']);
  }
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
  const token = await signIn(base, 'accountant');

  const runs: { run: number; bytes: number; ms: number; imported: number; quiet: unknown }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const bytes = await vendorSheet(run);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'vendors.xlsx');
    const quiet = await waitQuiet(60);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/masterdata/vendor/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await res.json()) as { success: boolean; msg: string; data: { imported: number } };
    const ms = performance.now() - t0;
    if (!body.success) throw new Error(`import ${run}: ${res.status} ${body.msg}`);
    runs.push({ run, bytes: bytes.length, ms: round(ms, 0), imported: body.data.imported, quiet });
    console.log(`run ${run}: ${body.data.imported} rows (${round(bytes.length / 1024, 0)} KiB) imported in ${round(ms / 1000, 2)} s`);
  }
  const check = await database.pool.query(`SELECT count(*)::int AS n FROM md_vendor WHERE vendor_name LIKE '第%批供应商%'`);
  if (check.rows[0].n !== ROWS * RUNS) throw new Error(`expected ${ROWS * RUNS} vendors, found ${check.rows[0].n}`);

  const out = path.join(here, 'results', `import-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(out, JSON.stringify({ started, rows: ROWS, runs }, null, 1));
  console.log(`raw figures: ${path.relative(process.cwd(), out)}`);
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(cleanUp);
