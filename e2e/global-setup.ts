import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const ROOT = path.resolve(import.meta.dirname, '..');

declare module 'vitest' {
  export interface ProvidedContext {
    webDist: string;
  }
}

/**
 * Builds the web app once per run into a directory of its own, so the servers of this run serve
 * one consistent build even while packages/web/dist is rebuilt during the run.
 * E2E_WEB_DIST names an existing build to use instead.
 */
export default function setup(project: TestProject): () => void {
  const given = process.env.E2E_WEB_DIST;
  if (given) {
    if (!fs.existsSync(path.join(given, 'index.html'))) throw new Error(`E2E_WEB_DIST has no index.html: ${given}`);
    project.provide('webDist', path.resolve(given));
    return () => undefined;
  }
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-e2e-web-'));
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(ROOT, 'packages/web'),
    // vitest sets NODE_ENV=test; the servers must serve the production build users get
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  project.provide('webDist', outDir);
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}
