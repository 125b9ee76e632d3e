/**
 * An Excel export of 100,000 report rows through the real calls, timed, with the server's memory
 * watched while it runs:
 *   stream  POST /api/report/export/:code answering the .xlsx (the stream threshold raised above the row count)
 *   job     the same export as a job of the job library (background: true): started, polled until
 *           done, then the file downloaded (GET /api/report/export/jobs/:id/file)
 *   cursor  the floor: the same rows read through the same cursor and thrown away (no Excel)
 *
 *   npx tsx bench/report-export.ts
 *
 * The rows: a dataset declared here over generated rows (generate_series in the bench database:
 * kind, material, party, plate, time, gross/tare/net weights, unit price, amount), not the
 * plant-year tickets, so the bench needs no 730k-ticket plant. Settings (environment; defaults in brackets):
 *   BENCH_EXPORT_ROWS    rows exported [100000]
 *   BENCH_EXPORT_ROUNDS  rounds, sides interleaved (stream, job, cursor, stream, ...) [2]
 *   BENCH_QUIET_WAIT     seconds to wait at most for a quiet machine before measuring [30]
 * Budget: each export <= 10 s, and the server process's RSS and heap growing by < 100 MB during it
 * (sampled every 20 ms; growth = peak during the export minus the reading just before it, after a GC).
 * Raw figures: bench/results/report-export-<time>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { MODULES } from '../packages/server/src/domain/modules';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import { defineModule } from '../packages/server/src/platform/module/define';
import type { ReportDataset } from '../packages/server/src/platform/reports/dataset';
import { executeDataset } from '../packages/server/src/platform/reports/execute';
import type { ReportDefinition } from '@wb/protocol';
import { benchPostgres, cleanUp, cleanups, listen, round, signIn, waitQuiet } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};
const settings = { rows: num('BENCH_EXPORT_ROWS', 100_000), rounds: num('BENCH_EXPORT_ROUNDS', 2), quietWait: num('BENCH_QUIET_WAIT', 30) };
const BUDGET = { seconds: 10, growthMb: 100 };

const dataset: ReportDataset = {
  key: 'bench.tickets', name: '导出基准', nameEn: 'Export bench', permission: 'report_team_view', executor: 'app',
  params: [{ key: 'rows', title: '行数', titleEn: 'Rows', type: 'number', required: true }],
  fields: [
    { key: 'ticket_no', title: '磅单号', titleEn: 'Ticket', type: 'text' },
    { key: 'kind', title: '业务类型', titleEn: 'Kind', type: 'text' },
    { key: 'material', title: '物料', titleEn: 'Material', type: 'text' },
    { key: 'party', title: '客商', titleEn: 'Party', type: 'text' },
    { key: 'plate', title: '车牌', titleEn: 'Plate', type: 'text' },
    { key: 'weighed_at', title: '过磅时间', titleEn: 'Weighed at', type: 'datetime' },
    { key: 'day', title: '日期', titleEn: 'Day', type: 'date' },
    { key: 'gross', title: '毛重', titleEn: 'Gross', type: 'weight', total: true },
    { key: 'tare', title: '皮重', titleEn: 'Tare', type: 'weight', total: true },
    { key: 'net', title: '净重', titleEn: 'Net', type: 'weight', total: true },
    { key: 'price', title: '单价', titleEn: 'Price', type: 'price' },
    { key: 'amount', title: '金额', titleEn: 'Amount', type: 'money', total: true },
  ],
  query: (input) => ({
    text: `SELECT 'PU' || lpad(i::text, 10, '0') AS ticket_no, (ARRAY['采购','销售','调拨'])[1 + i % 3] AS kind,
                  '物料' || (i % 40) AS material, '客商有限公司' || (i % 300) AS party, '冀A' || lpad((i % 99999)::text, 5, '0') AS plate,
                  timestamptz '2026-01-01 00:00:00+08' + (i * interval '5 minutes') AS weighed_at,
                  (timestamptz '2026-01-01 00:00:00+08' + (i * interval '5 minutes'))::date AS day,
                  (40 + (i % 900) / 100.0)::numeric(12,3) AS gross, (15 + (i % 300) / 100.0)::numeric(12,3) AS tare,
                  (25 + (i % 900) / 100.0 - (i % 300) / 100.0)::numeric(12,3) AS net, (350 + (i % 50))::numeric(12,4) AS price,
                  ((25 + (i % 900) / 100.0 - (i % 300) / 100.0) * (350 + (i % 50)))::numeric(14,2) AS amount
             FROM generate_series(1, $1::int) AS i`,
    values: [input.params.rows],
  }),
};
const report: ReportDefinition = {
  code: 'bench_export', name: '导出基准', nameEn: 'Export bench', source: { kind: 'dataset', key: dataset.key }, params: [],
  columns: dataset.fields.map((f) => ({ field: f.key, title: f.title, titleEn: f.titleEn, ...(['gross', 'tare', 'net'].includes(f.key) ? { head: 'weights' } : {}) })),
  heads: [{ id: 'weights', title: '重量', titleEn: 'Weights' }], groupBy: [], sort: [],
  page: { size: 'A4', orientation: 'landscape' }, roles: [],
};
MODULES.push(defineModule({ key: 'bench-export', datasets: [dataset], reports: [report] }));

const gc = (v8.setFlagsFromString('--expose-gc'), vm.runInNewContext('gc')) as () => void;
const MB = 1024 * 1024;

/** Runs `fn` while sampling this process's memory; answers the time and the growth of RSS and heap over the reading before. */
async function watched(fn: () => Promise<number>): Promise<{ seconds: number; cpuSeconds: number; rssMb: number; heapMb: number; bytes: number }> {
  gc();
  const before = process.memoryUsage();
  const cpu = process.cpuUsage();
  let peak = { rss: before.rss, heap: before.heapUsed };
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, m.rss), heap: Math.max(peak.heap, m.heapUsed) };
  }, 20);
  const t = performance.now();
  try {
    const bytes = await fn();
    const used = process.cpuUsage(cpu);
    return { seconds: round((performance.now() - t) / 1000), cpuSeconds: round((used.user + used.system) / 1e6), rssMb: round((peak.rss - before.rss) / MB, 1), heapMb: round((peak.heap - before.heapUsed) / MB, 1), bytes };
  } finally {
    clearInterval(timer);
  }
}

/** Reads a response body to its end, keeping only its length (the browser's side of the download). */
async function drain(res: Response): Promise<number> {
  if (!res.ok || !res.body) throw new Error(`${res.status} ${await res.text()}`);
  let n = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) n += chunk.length;
  return n;
}

async function main(): Promise<void> {
  process.env.REPORT_EXPORT_STREAM_ROWS = String(settings.rows + 1);
  const { url } = await benchPostgres();
  const database = openDatabase(url, 5);
  cleanups.push(() => database.close());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-export-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const app = await buildApp({ config: loadConfig({ CAPTCHA: 'off', JOBS: 'on', JOBS_POLL_SECONDS: '0.5', DATA_DIR: dataDir }), database, logger: { level: 'warn' } });
  cleanups.push(() => app.close());
  const base = `http://127.0.0.1:${await listen(app)}`;
  const token = await signIn(base, 'admin');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const body = (background: boolean) => JSON.stringify({ params: { rows: settings.rows }, background });

  const sides: Record<string, () => Promise<number>> = {
    stream: async () => drain(await fetch(`${base}/api/report/export/${report.code}`, { method: 'POST', headers, body: body(false) })),
    job: async () => {
      const started = (await (await fetch(`${base}/api/report/export/${report.code}`, { method: 'POST', headers, body: body(true) })).json()) as { data: { jobId: string } };
      const id = started.data.jobId;
      for (;;) {
        const p = (await (await fetch(`${base}/api/report/export/jobs/${id}`, { headers })).json()) as { data: { state: string; error: string | null } };
        if (p.data.state === 'done') break;
        if (p.data.state !== 'queued' && p.data.state !== 'running') throw new Error(`job ${id}: ${p.data.state} ${p.data.error}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return drain(await fetch(`${base}/api/report/export/jobs/${id}/file`, { headers }));
    },
    cursor: async () => {
      const QueryStream = (await import('pg-query-stream')).default;
      const q = dataset.query({ orgId: '1', userId: '1', params: { rows: settings.rows }, timeZone: 'Asia/Shanghai' });
      return executeDataset(database.pool, dataset, async (client) => {
        let n = 0;
        for await (const _row of client.query(new QueryStream(q.text, q.values, { batchSize: 1000 })) as AsyncIterable<unknown>) n++;
        return n;
      });
    },
  };

  // warm-up: a small export through the same call
  await drain(await fetch(`${base}/api/report/export/${report.code}`, { method: 'POST', headers, body: JSON.stringify({ params: { rows: 2000 } }) }));
  const quiet = await waitQuiet(settings.quietWait);
  const load = os.loadavg();
  console.log(`machine busy ${round(quiet.busyShare * 100, 0)} % of its CPU before measuring (waited ${quiet.waitedS} s), load average ${load.map((l) => l.toFixed(2)).join(' ')}`);
  const runs: { side: string; round: number; seconds: number; cpuSeconds: number; rssMb: number; heapMb: number; bytes: number }[] = [];
  for (let r = 1; r <= settings.rounds; r++) {
    for (const side of Object.keys(sides)) {
      const m = await watched(sides[side]!);
      runs.push({ side, round: r, ...m });
      console.log(`${side.padEnd(7)} round ${r}: ${m.seconds} s (CPU of this process ${m.cpuSeconds} s), RSS +${m.rssMb} MB, heap +${m.heapMb} MB, ${side === 'cursor' ? `${m.bytes} rows` : `${round(m.bytes / MB, 1)} MB file`}`);
    }
  }
  const best = (side: string) => runs.filter((x) => x.side === side).reduce((a, b) => (b.seconds < a.seconds ? b : a));
  const worst = (side: string, k: 'rssMb' | 'heapMb') => Math.max(...runs.filter((x) => x.side === side).map((x) => x[k]));
  const summary = Object.fromEntries(['stream', 'job'].map((side) => [side, {
    bestSeconds: best(side).seconds, cpuSeconds: best(side).cpuSeconds, worstRssMb: worst(side, 'rssMb'), worstHeapMb: worst(side, 'heapMb'),
    overCursor: round(best(side).seconds / best('cursor').seconds, 1),
  }]));
  console.log(`\n${settings.rows.toLocaleString('en')} rows; cursor floor ${best('cursor').seconds} s`);
  let within = true;
  for (const [side, s] of Object.entries(summary)) {
    const ok = s.bestSeconds <= BUDGET.seconds && s.worstRssMb < BUDGET.growthMb && s.worstHeapMb < BUDGET.growthMb;
    within &&= ok;
    console.log(`${side}: best ${s.bestSeconds} s (${s.overCursor}x the cursor alone; CPU ${s.cpuSeconds} s), worst growth RSS ${s.worstRssMb} MB, heap ${s.worstHeapMb} MB `
      + `(budget ${BUDGET.seconds} s, < ${BUDGET.growthMb} MB): ${ok ? 'within' : 'OVER'}`);
  }
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', `report-export-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ settings, quiet, load, runs, summary }, null, 2));
  console.log(`figures: ${path.relative(process.cwd(), file)}`);
  if (!within) process.exitCode = 1;
}

main().then(cleanUp, async (err) => {
  console.error(err);
  await cleanUp();
  process.exitCode = 1;
});
