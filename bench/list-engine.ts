/**
 * The list engine on a million rows: the operation log of a busy plant (a year of sign-ins,
 * company switches and password changes: 1,000,000 rows in one company), read through the real
 * list call with a filter and a sort, against a bare Fastify route running the same SQL.
 *
 *   npx tsx bench/list-engine.ts
 *
 * Settings (environment; defaults in brackets):
 *   BENCH_ROWS         rows generated [1000000]
 *   BENCH_SAMPLES      sequential calls per case for the latency figures [300]
 *   BENCH_CONNECTIONS  concurrent connections of the throughput runs [20]
 *   BENCH_DURATION     seconds per throughput run [10]
 *   BENCH_RUNS         throughput runs per side, interleaved app, bare, app, bare [2]
 *   BENCH_POOL         database pool of each server [10]
 *   BENCH_QUIET_WAIT   seconds to wait at most for a quiet machine before each measurement [120]
 *
 * Latency is server time: from Fastify's request start to the reply sent (reply.elapsedTime), and
 * the page query's own time from the Server-Timing header the list call answers. Raw figures go
 * to bench/results/list-engine-<time>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { AUTH_SQL } from '../packages/server/src/platform/auth/guard';
import { tokenHash } from '../packages/server/src/platform/auth/secrets';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import {
  benchPostgres, cleanUp, cleanups, listen, loadRun, percentile, round, signIn, waitQuiet, type LoadResult,
} from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};
const settings = {
  rows: num('BENCH_ROWS', 1_000_000),
  samples: num('BENCH_SAMPLES', 300),
  connections: num('BENCH_CONNECTIONS', 20),
  duration: num('BENCH_DURATION', 10),
  runs: num('BENCH_RUNS', 2),
  pool: num('BENCH_POOL', 10),
  quietWait: num('BENCH_QUIET_WAIT', 120),
};
const LIST = '/api/system/log/v2/list';

/** A year of a plant's operation log, newest first in time, in the first company. */
async function generateLog(url: string, rows: number): Promise<{ orgId: string; seconds: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const t0 = performance.now();
    const { rows: org } = await client.query(`SELECT id FROM sys_org WHERE org_code = 'HDSN'`);
    const orgId = org[0].id as string;
    // spacing so that the rows cover 365 days; actions in the proportions a plant's log has
    await client.query(
      `INSERT INTO sys_log (org_id, username, action, detail, ip, created_at)
       SELECT $1,
              (ARRAY['admin','operator','quality','accountant','operator2','weigher1','weigher2','gate1'])[1 + i % 8],
              (ARRAY['login','login','login','logout','logout','switchOrg','modifyPassword','registerPermission'])[1 + (i * 7) % 8],
              'session ' || i,
              '10.0.' || (i % 32) || '.' || (i % 250),
              now() - make_interval(secs => i * (365.0 * 86400 / $2))
         FROM generate_series(1, $2::int) AS i`,
      [orgId, rows],
    );
    await client.query('VACUUM ANALYZE sys_log');
    return { orgId, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await client.end();
  }
}

interface Case {
  key: string;
  label: string;
  body: unknown;
}

function cases(): Case[] {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return [
    {
      key: 'month-action',
      label: 'action = login within one month, newest first',
      body: {
        search: [
          { key: 'action', op: 'eq', val: 'login' },
          { key: 'createDate', op: 'ge', val: `${day(-60)} 09:30:00` },
          { key: 'createDate', op: 'le', val: `${day(-30)} 09:30:00` },
        ],
        sort: [{ key: 'createDate', dir: 'desc' }],
        limit: { pn: 1, ps: 10 },
      },
    },
    {
      key: 'quick-search',
      label: 'quick search "weigher" (user name contains it), newest first',
      body: {
        search: [{ conj: 'or', search: [{ key: 'username', op: 'like', val: 'weigher' }] }],
        sort: [{ key: 'createDate', dir: 'desc' }],
        limit: { pn: 1, ps: 10 },
      },
    },
    {
      key: 'user-week',
      label: 'user name = gate1 within one week, sorted by user name then time',
      body: {
        search: [
          { key: 'username', op: 'eq', val: 'gate1' },
          { key: 'createDate', op: 'ge', val: `${day(-14)} 00:00:00` },
          { key: 'createDate', op: 'le', val: `${day(-7)} 23:59:59` },
        ],
        sort: [{ key: 'username', dir: 'asc' }, { key: 'createDate', dir: 'desc' }],
        limit: { pn: 1, ps: 10 },
      },
    },
  ];
}

interface Captured { text: string; values: unknown[] }

/** The statements one list call sends, in order: its template, the page, then the estimate and the count. */
async function captureStatements(url: string, token: string, body: unknown): Promise<Captured[]> {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  const captured: Captured[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string; name?: string; values?: unknown[] };
    const text = typeof q === 'string' ? q : (q?.text ?? '');
    const values = typeof q === 'string' ? ((args[1] as unknown[]) ?? []) : (q?.values ?? (args[1] as unknown[]) ?? []);
    if (!(typeof q === 'object' && q?.name === 'auth-guard')) captured.push({ text, values });
    return original.apply(this, args);
  };
  try {
    const res = await post(url, token, body);
    if (res.status !== 200) throw new Error(`list: ${res.status} ${await res.text()}`);
  } finally {
    proto.query = original;
  }
  return captured;
}

const post = (url: string, token: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * No plugins, no hooks, no parsing of the body: the guard's statement, then the captured template,
 * page and count statements exactly as the engine sent them (page and count at once, as the engine
 * does).
 */
function bareApp(pool: pg.Pool, statements: Map<string, Captured[]>): FastifyInstance {
  const app = Fastify({ logger: false });
  app.post('/bare/:case', async (request, reply) => {
    const token = (request.headers.authorization ?? '').slice('Bearer '.length);
    const auth = await pool.query({ name: 'auth-guard', text: AUTH_SQL, values: [tokenHash(token), 'sys_log_view'] });
    if (!auth.rows[0]?.allowed) return reply.status(403).send({ success: false });
    const [templateSql, pageSql, ...countSql] = statements.get((request.params as { case: string }).case) ?? [];
    await pool.query(templateSql.text, templateSql.values);
    const countChain = async () => {
      let total = 0;
      for (const c of countSql) {
        const { rows } = await pool.query(c.text, c.values);
        total = Number(rows[0]?.n ?? total);
      }
      return total;
    };
    const [page, total] = await Promise.all([pool.query(pageSql.text, pageSql.values), countChain()]);
    return { success: true, code: 0, msg: null, data: { list: page.rows, total } };
  });
  return app;
}

async function latency(url: string, token: string, body: unknown, samples: number, serverMs: number[]) {
  const pageMs: number[] = [];
  const totalMs: number[] = [];
  serverMs.length = 0;
  for (let i = 0; i < 20; i++) await (await post(url, token, body)).arrayBuffer();
  serverMs.length = 0;
  for (let i = 0; i < samples; i++) {
    const res = await post(url, token, body);
    await res.arrayBuffer();
    const m = /page;dur=([\d.]+), total;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    if (m) {
      pageMs.push(Number(m[1]));
      totalMs.push(Number(m[2]));
    }
  }
  const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
  const s = sorted(serverMs), p = sorted(pageMs), t = sorted(totalMs);
  return {
    serverMs: { p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), p99: round(percentile(s, 99)) },
    pageQueryMs: { p50: round(percentile(p, 50)), p95: round(percentile(p, 95)) },
    totalQueryMs: { p50: round(percentile(t, 50)), p95: round(percentile(t, 95)) },
  };
}

async function main(): Promise<void> {
  const started = new Date();
  const { url } = await benchPostgres();
  console.log(`generating ${settings.rows.toLocaleString('en')} operation-log rows...`);
  const generated = await generateLog(url, settings.rows);
  console.log(`generated in ${round(generated.seconds, 1)} s`);

  const database = openDatabase(url, settings.pool);
  cleanups.push(() => database.close());
  const app = await buildApp({ config: loadConfig({ CAPTCHA: 'off', JOBS: 'off' }), database });
  const serverMs: number[] = [];
  app.addHook('onResponse', async (request, reply) => {
    if (request.url === LIST) serverMs.push(reply.elapsedTime);
  });
  cleanups.push(() => app.close());
  const appUrl = `http://127.0.0.1:${await listen(app)}`;
  const token = await signIn(appUrl);

  const statements = new Map<string, Captured[]>();
  for (const c of cases()) statements.set(c.key, await captureStatements(`${appUrl}${LIST}`, token, c.body));
  const barePool = new pg.Pool({ connectionString: url, max: settings.pool });
  cleanups.push(() => barePool.end());
  const bare = bareApp(barePool, statements);
  cleanups.push(() => bare.close());
  const bareUrl = `http://127.0.0.1:${await listen(bare)}`;

  const results: Record<string, unknown> = {};
  for (const c of cases()) {
    const sample = await (await post(`${appUrl}${LIST}`, token, c.body)).json() as { data: { total: number; totalEstimated?: boolean } };
    await waitQuiet(settings.quietWait);
    const lat = await latency(`${appUrl}${LIST}`, token, c.body, settings.samples, serverMs);
    const runs: { side: string; result: LoadResult; quiet: unknown }[] = [];
    for (let r = 0; r < settings.runs; r++) {
      for (const side of ['app', 'bare'] as const) {
        const quiet = await waitQuiet(settings.quietWait);
        const target = side === 'app' ? `${appUrl}${LIST}` : `${bareUrl}/bare/${c.key}`;
        const result = await loadRun({
          url: target, token, connections: settings.connections, duration: settings.duration, method: 'POST', body: JSON.stringify(c.body),
        });
        if (result.non2xx || result.errors) throw new Error(`${side} ${c.key}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        runs.push({ side, result, quiet });
      }
    }
    const mean = (side: string) => {
      const r = runs.filter((x) => x.side === side).map((x) => x.result.rps);
      return r.reduce((a, b) => a + b, 0) / r.length;
    };
    const summary = {
      label: c.label,
      total: sample.data.total,
      totalEstimated: Boolean(sample.data.totalEstimated),
      statements: statements.get(c.key)?.length,
      latency: lat,
      throughput: { appRps: round(mean('app'), 0), bareRps: round(mean('bare'), 0), ratio: round(mean('app') / mean('bare')) },
      runs,
    };
    results[c.key] = summary;
    console.log(`\n${c.label}\n  total ${summary.total}${summary.totalEstimated ? ' (estimated)' : ''}, ${summary.statements} statements`);
    console.log(`  server time p50 ${lat.serverMs.p50} ms (p95 ${lat.serverMs.p95}); page query p50 ${lat.pageQueryMs.p50} ms; total query p50 ${lat.totalQueryMs.p50} ms`);
    console.log(`  throughput app ${summary.throughput.appRps}/s, bare ${summary.throughput.bareRps}/s, ratio ${summary.throughput.ratio}`);
  }

  const out = path.join(here, 'results', `list-engine-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ started, settings, generated, results }, null, 1));
  console.log(`\nraw figures: ${path.relative(process.cwd(), out)}`);
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(cleanUp);
