import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startRunDatabase } from './support/database';

const ROOT = path.resolve(import.meta.dirname, '..');

declare module 'vitest' {
  export interface ProvidedContext {
    webDist: string;
    /** the run's PostgreSQL (support/database.ts); specs' servers get copies of its demo plant */
    e2ePgAdminUrl: string;
    /** where support/server.ts notes the servers it starts (a file per process id), for the teardown */
    e2eServersDir: string;
  }
}

/**
 * Builds the web app once per run into a directory of its own, so the servers of this run serve
 * one consistent build even while packages/web/dist is rebuilt during the run (E2E_WEB_DIST names
 * an existing build to use instead), and starts the run's PostgreSQL with the demo plant seeded
 * once; the build and the database start side by side.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = startRunDatabase();
  let web: { dir: string; remove: boolean };
  try {
    web = await buildWeb();
  } catch (err) {
    await (await database).stop();
    throw err;
  }
  const db = await database;
  const servers = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-e2e-servers-'));
  project.provide('webDist', web.dir);
  project.provide('e2ePgAdminUrl', db.adminUrl);
  project.provide('e2eServersDir', servers);
  return async () => {
    // a server still up when the files are done (the spare started for a next file that never
    // came): the worker may end without its exit handlers, so the run ends it here
    for (const pid of fs.readdirSync(servers)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    fs.rmSync(servers, { recursive: true, force: true });
    await db.stop();
    if (web.remove) fs.rmSync(web.dir, { recursive: true, force: true });
  };
}

async function buildWeb(): Promise<{ dir: string; remove: boolean }> {
  const given = process.env.E2E_WEB_DIST;
  if (given) {
    if (!fs.existsSync(path.join(given, 'index.html'))) throw new Error(`E2E_WEB_DIST has no index.html: ${given}`);
    return { dir: path.resolve(given), remove: false };
  }
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-e2e-web-'));
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: path.join(ROOT, 'packages/web'),
      // vitest sets NODE_ENV=test; the servers must serve the production build users get
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`web build exited with ${code}`))));
  });
  return { dir: outDir, remove: true };
}
