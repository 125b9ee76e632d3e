/**
 * What a benchmark needs around the code it measures: a throw-away embedded PostgreSQL with the
 * demo plant, free ports, a signed-in administrator, the load client in its own process, and a
 * wait for a quiet machine (other work on a shared 2-core machine skews every figure).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { startEmbeddedPostgres } from '../../packages/server/src/platform/db/embedded';
import { migrate } from '../../packages/server/src/platform/db/migrate';
import { openDatabase } from '../../packages/server/src/platform/db/pool';
import { ensureDatabase } from '../../packages/server/src/platform/db/start';
import { seedTemplates } from '../../packages/server/src/platform/templates/seed';
import { ALL_TEMPLATES } from '../../packages/server/src/domain/templates';
import { DEMO_ACCOUNTS, seedDemoPlant } from '../../packages/server/src/seed/demo';

const here = path.dirname(fileURLToPath(import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

/** Cleanups run last-in first-out at the end, and on an early exit. */
export const cleanups: Array<() => Promise<unknown>> = [];
export async function cleanUp(): Promise<void> {
  while (cleanups.length) {
    const fn = cleanups.pop() as () => Promise<unknown>;
    await fn().catch((err) => console.error('cleanup:', err));
  }
}

/** An embedded PostgreSQL in a temporary directory, migrated, with the demo plant and its templates. */
export async function benchPostgres(): Promise<{ url: string; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-pg-'));
  fs.chmodSync(dir, 0o777);
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  console.log(`embedded PostgreSQL in ${dir}, port ${port}`);
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port, persistent: false });
  cleanups.push(async () => {
    await new Promise((r) => setTimeout(r, 300));
    await server.stop();
  });
  await ensureDatabase(server.url('postgres'), 'weighbridge');
  const url = server.url('weighbridge');
  const setup = openDatabase(url, 2);
  await migrate(setup.pool);
  await seedDemoPlant(setup.db);
  await seedTemplates(setup.db, ALL_TEMPLATES);
  await setup.close();
  return { url, dir };
}

/** Signs a demo account in through the real token call; returns its access token. */
export async function signIn(baseUrl: string, username = 'admin'): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!account) throw new Error(`no demo account ${username}`);
  const q = new URLSearchParams({ grant_type: 'password', username, password: account.password, scope: 'server' });
  const res = await fetch(`${baseUrl}/api/oauth/token?${q}`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('weighbridge:weighbridge').toString('base64')}` },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export interface LoadResult {
  rps: number;
  total: number;
  latency: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  cpuMs: number;
}

/** autocannon in a child process (../load-client.mjs), so it never shares the server's event loop. */
export function loadRun(opts: {
  url: string; token: string; connections: number; duration: number; method?: string; body?: string;
}): Promise<LoadResult> {
  const args = {
    url: opts.url, connections: opts.connections, pipelining: 1, duration: opts.duration, method: opts.method, body: opts.body,
    headers: { authorization: `Bearer ${opts.token}`, ...(opts.body ? { 'content-type': 'application/json' } : {}) },
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, '..', 'load-client.mjs'), JSON.stringify(args)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load client exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop() as string));
    });
  });
}

/** The machine's CPU ticks, busy and in all: /proc/stat's first eight columns (guest time is already in user). */
export function machineTicks(): { busy: number; total: number } {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = cpu[3] + (cpu[4] ?? 0);
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** Waits until the machine is nearly idle, at most maxSeconds; returns how busy it still was. */
export async function waitQuiet(maxSeconds: number, threshold = 0.15): Promise<{ waitedS: number; busyShare: number }> {
  const t0 = Date.now();
  let busyShare = 1;
  while (true) {
    const a = machineTicks();
    await new Promise((r) => setTimeout(r, 1000));
    const b = machineTicks();
    busyShare = (b.busy - a.busy) / Math.max(1, b.total - a.total);
    if (busyShare < threshold || Date.now() - t0 > maxSeconds * 1000) break;
  }
  return { waitedS: Math.round((Date.now() - t0) / 1000), busyShare };
}

/**
 * CPU time (ms) used so far by the embedded PostgreSQL of a data directory: its postmaster and
 * every process it started (the pool's backends live as long as their connections, so a
 * difference of two readings is the database's share of what ran between them).
 */
export function postgresCpuMs(dataDir: string): number {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const ticksPerSecond = 100; // USER_HZ on Linux
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [ppid, utime, stime] = [Number(fields[1]), Number(fields[11]), Number(fields[12])];
    if (Number(pid) === postmaster || ppid === postmaster) ticks += utime + stime;
  }
  return (ticks * 1000) / ticksPerSecond;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
