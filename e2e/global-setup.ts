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
  project.provide('webDist', web.dir);
  project.provide('e2ePgAdminUrl', db.adminUrl);
  return async () => {
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
