/**
 * The second weighing through nginx to two instances against one instance directly, side by side
 * (issue 22, item 1): one database, two server instances started as `npm start` runs them
 * (packages/server/src/platform/deploy/instances.ts), deploy/nginx.conf in front with TLS
 * (platform/deploy/nginx-run.ts). Runs alternate, direct then proxied, ROUNDS times, so both see
 * the same machine; each run is the real call (POST /api/weigh/pu/second) from bench/weigh-client.mjs
 * in a process of its own, over kept-alive connections (https to nginx, plain http to the instance).
 *
 *   npm run bench:proxy
 *
 * Settings (environment; defaults in brackets):
 *   BENCH_TRUCKS       trucks waiting for their second weighing [12000]
 *   BENCH_LINES        notice lines they are spread over [50]
 *   BENCH_CONNECTIONS  stations weighing at once [16]
 *   BENCH_DURATION     seconds of each run [15]
 *   BENCH_ROUNDS       direct/proxied pairs [2]
 *
 * Prints each run with the machine's load average before and after (`uptime`'s figures) and the
 * CPU the instances and the stations took per weighing; raw figures go to bench/results/proxy-<time>.json.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Instance, startInstance } from '../packages/server/src/platform/deploy/instances';
import { nginxBinary, startNginx } from '../packages/server/src/platform/deploy/nginx-run';
import { generatePurchaseTrucks } from './support/purchase-trucks';
import { benchPostgres, cleanUp, cleanups, percentile, round, signIn } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};
const settings = {
  trucks: num('BENCH_TRUCKS', 12_000),
  lines: num('BENCH_LINES', 50),
  connections: num('BENCH_CONNECTIONS', 16),
  duration: num('BENCH_DURATION', 15),
  rounds: num('BENCH_ROUNDS', 2),
};

/** Purchase trucks first weighed at 40 t, as bench/weighing.ts makes them. */
async function generateTrucks(url: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const org = (await c.query(`SELECT id FROM sys_org WHERE org_code = 'HDSN'`)).rows[0].id as string;
    const vendor = (await c.query('SELECT archive_id FROM md_vendor_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [org])).rows[0].archive_id;
    const material = (await c.query(`SELECT m.id FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id AND a.org_id = $1
      WHERE NOT m.scene_confirm AND m.hidden_deduct = 0 ORDER BY m.id LIMIT 1`, [org])).rows[0].id;
    const warehouse = (await c.query('SELECT id FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 1', [org])).rows[0].id;
    await c.query('BEGIN');
    await generatePurchaseTrucks(c, settings, org, vendor, material, warehouse);
    await c.query('COMMIT');
    await c.query('VACUUM ANALYZE');
    return (await c.query(`SELECT id FROM wb_registry WHERE registry_no LIKE 'BENCHDJ%' ORDER BY random()`)).rows.map((r) => r.id as string);
  } finally {
    await c.end();
  }
}

interface ClientResult { count: number; failures: number; firstFailures: string[]; wallMs: number; cpuMs: number; latencies: number[] }

function runClient(opts: { url: string; token: string; idsFile: string; offset: number; calls: number; seconds: number; connections: number; caFile?: string }): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'weigh-client.mjs'), JSON.stringify({ ...opts, weightBase: 14 })], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop() as string)) : reject(new Error(`weigh client exited with ${code}`))));
  });
}

/** A process's CPU time so far (user + system), in ms, from /proc. */
function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

const loadavg = () => os.loadavg().map((x) => round(x, 2));

async function main() {
  const nginx = nginxBinary();
  if (!nginx) throw new Error('nginx is not installed: apt-get install -y nginx-light');
  console.log('settings', settings, 'uptime load average', loadavg());
  const postgres = await benchPostgres();
  const ids = await generateTrucks(postgres.url);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-proxy-'));
  cleanups.push(async () => fs.rmSync(work, { recursive: true, force: true }));
  const idsFile = path.join(work, 'registries.txt');
  fs.writeFileSync(idsFile, ids.join('\n'));

  const env = { DATABASE_URL: postgres.url, DATA_DIR: work, CAPTCHA: 'off', JOBS: 'off', TRUST_PROXY: '127.0.0.1', WEB_DIST: path.join(work, 'no-web') };
  const instances: Instance[] = await Promise.all([startInstance(env), startInstance(env)]);
  for (const i of instances) cleanups.push(() => i.stop());
  const [a] = instances as [Instance, Instance];
  const proxy = await startNginx(nginx, instances.map((i) => i.port));
  cleanups.push(() => proxy.stop());
  const caFile = path.join(work, 'ca.crt');
  fs.writeFileSync(caFile, proxy.ca);
  const token = await signIn(a.url, 'operator');
  const sides = {
    direct: { url: `${a.url}/api/weigh/pu/second`, caFile: undefined },
    nginx: { url: `${proxy.httpsUrl}/api/weigh/pu/second`, caFile },
  };

  // warm both paths (connections, plans, TLS sessions)
  let offset = 0;
  for (const side of Object.values(sides)) {
    const warm = await runClient({ ...side, token, idsFile, offset, calls: 200, seconds: 60, connections: 4 });
    offset += warm.count;
  }

  const runs: Array<Record<string, unknown>> = [];
  for (let r = 1; r <= settings.rounds; r++) {
    for (const name of ['direct', 'nginx'] as const) {
      const before = loadavg();
      const cpu0 = instances.map((i) => processCpuMs(i.pid));
      const run = await runClient({ ...sides[name], token, idsFile, offset, calls: ids.length - offset, seconds: settings.duration, connections: settings.connections });
      offset += run.count;
      const instancesMs = instances.reduce((sum, i, k) => sum + processCpuMs(i.pid) - (cpu0[k] ?? 0), 0);
      const perSecond = round(run.count / (run.wallMs / 1000), 1);
      const sorted = [...run.latencies].sort((x, y) => x - y);
      const row = {
        round: r, side: name, calls: run.count, failures: run.failures, firstFailures: run.firstFailures, perSecond,
        p50: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)), p99: round(percentile(sorted, 99)),
        cpuPerWeighing: { instancesMs: round(instancesMs / Math.max(1, run.count), 3), stationsMs: round(run.cpuMs / Math.max(1, run.count), 3) },
        load: { before, after: loadavg() },
      };
      runs.push(row);
      console.log(`round ${r} ${name.padEnd(6)}: ${perSecond} weighings/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${run.failures} failures; CPU per weighing: instances ${row.cpuPerWeighing.instancesMs} ms, stations ${row.cpuPerWeighing.stationsMs} ms (load average ${before.join(' ')} -> ${row.load.after.join(' ')})`);
      if (offset >= ids.length) break;
    }
  }
  const mean = (side: string) => {
    const xs = runs.filter((x) => x.side === side).map((x) => x.perSecond as number);
    return round(xs.reduce((p, q) => p + q, 0) / Math.max(1, xs.length), 1);
  };
  const summary = { direct: mean('direct'), nginx: mean('nginx'), ratio: round(mean('nginx') / Math.max(1e-9, mean('direct')), 3) };
  console.log(`mean: one instance directly ${summary.direct}/s, two instances through nginx (TLS) ${summary.nginx}/s, ratio ${summary.ratio}`);
  const result = { when: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadavg: loadavg() }, settings, summary, runs };
  const dir = path.join(here, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `proxy-${result.when.replace(/[:.]/g, '-')}.json`), JSON.stringify(result, null, 2));
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(cleanUp);
