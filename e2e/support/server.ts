import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { copyOfDemoPlant } from './plant-copy';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  databaseUrl: string;
  /** what the server printed so far (warnings and errors) */
  log(): string;
  stop(): Promise<void>;
}

/** The run's PostgreSQL (global-setup.ts), or null outside a vitest run: each server then starts its own. */
function runDatabase(): string | null {
  try {
    return inject('e2ePgAdminUrl') || null;
  } catch {
    return null;
  }
}

/** The web build of this run (see global-setup.ts); packages/web/dist when run without it. */
function webDist(): string {
  try {
    const dir = inject('webDist');
    if (dir) return dir;
  } catch {
    // outside a vitest run
  }
  return path.join(ROOT, 'packages/web/dist');
}

async function waitUntilUp(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new ServerExitedEarly(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${baseUrl}/api/config/client`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start within 90 s:\n${log()}`);
}

/** A port nothing listens on right now, as the kernel hands it out. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server as a child process, exactly as `npm start` runs it, on ports of its own.
 * With no databaseUrl it gets a fresh copy of the run's seeded demo plant (dropped when it stops),
 * or, outside a vitest run, starts its own embedded PostgreSQL in a fresh directory.
 *
 * In a run, the plain server (no options) of the next file is started while this file's tests run
 * (the files share one worker: e2e/vitest.config.ts, isolate false), so a file finds its server
 * up, on its own fresh copy of the plant, instead of waiting the start out.
 */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const plain = !opts.env && !opts.databaseUrl && runDatabase() !== null;
  const warm = plain ? spare : null;
  if (warm) spare = null;
  const server = (warm ? await warm.catch(() => null) : null) ?? await startRetrying(opts);
  if (plain) {
    spare = startRetrying({});
    // a spare that fails to start is replaced by a fresh start when it is asked for
    spare.catch(() => undefined);
  }
  return server;
}

/** The next file's server, starting (see startServer). */
let spare: Promise<RunningServer> | null = null;

async function startRetrying(opts: StartOptions): Promise<RunningServer> {
  try {
    return await startOnce(opts);
  } catch (err) {
    // a port taken between the probe and the bind is the test machine's doing, not the product's:
    // one more try on fresh ports; the first failure stays in the output
    if (!(err instanceof ServerExitedEarly)) throw err;
    process.stderr.write(`[e2e] retrying the server start once after: ${err.message}\n`);
    return startOnce(opts);
  }
}

/** The run's note of its servers (global-setup.ts), or null outside a vitest run. */
function serversDir(): string | null {
  try {
    return inject('e2eServersDir') || null;
  } catch {
    return null;
  }
}

/** The servers running now, ended with the test process (the last spare, a server a spec left). */
const running = new Set<{ child: ChildProcess; dataDir: string; stopping: () => void }>();
process.once('exit', () => {
  for (const r of running) {
    r.stopping();
    if (r.child.exitCode === null) r.child.kill('SIGKILL');
    fs.rmSync(r.dataDir, { recursive: true, force: true });
  }
});

interface StartOptions { env?: Record<string, string>; databaseUrl?: string }

class ServerExitedEarly extends Error {}

async function startOnce(opts: StartOptions): Promise<RunningServer> {
  const admin = opts.databaseUrl ? null : runDatabase();
  const copy = admin ? await copyOfDemoPlant(admin) : null;
  try {
    return await startProcess({ ...opts, databaseUrl: opts.databaseUrl ?? copy?.url }, copy ? copy.drop : async () => {});
  } catch (err) {
    await copy?.drop();
    throw err;
  }
}

async function startProcess(opts: StartOptions, dropDatabase: () => Promise<void>): Promise<RunningServer> {
  const port = await freePort();
  const pgPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-e2e-'));
  fs.chmodSync(dataDir, 0o777);
  const databaseUrl = opts.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${pgPort}/weighbridge`;
  let output = '';
  let stopping = false;
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist(),
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => { output += d; });
  child.stderr?.on('data', (d) => { output += d; });
  child.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`[e2e] server on port ${port} exited (code ${code}, signal ${signal}):\n${output.slice(-4000)}\n`);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const entry = { child, dataDir, stopping: () => { stopping = true; } };
  running.add(entry);
  // noted for the run's teardown too, which ends a server the test process did not
  const noted = serversDir() && child.pid ? path.join(serversDir() as string, String(child.pid)) : null;
  if (noted) fs.writeFileSync(noted, '');
  child.once('exit', () => { if (noted) fs.rmSync(noted, { force: true }); });
  try {
    await waitUntilUp(baseUrl, child, () => output);
  } catch (err) {
    running.delete(entry);
    stopping = true;
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    baseUrl,
    databaseUrl,
    log: () => output,
    stop: async () => {
      running.delete(entry);
      stopping = true;
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase();
    },
  };
}
