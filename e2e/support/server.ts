import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

async function waitUntilUp(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
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

/**
 * Starts the real server as a child process, exactly as `npm start` runs it, on ports of its own.
 * With no databaseUrl it starts its own embedded PostgreSQL in a fresh directory.
 */
export async function startServer(opts: { env?: Record<string, string>; databaseUrl?: string } = {}): Promise<RunningServer> {
  const port = 18000 + Math.floor(Math.random() * 2000);
  const pgPort = 56000 + Math.floor(Math.random() * 3000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-e2e-'));
  fs.chmodSync(dataDir, 0o777);
  const databaseUrl = opts.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${pgPort}/weighbridge`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(ROOT, 'packages/web/dist'),
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => { output += d; });
  child.stderr?.on('data', (d) => { output += d; });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(baseUrl, child, () => output);
  return {
    baseUrl,
    databaseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
