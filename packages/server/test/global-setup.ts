import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/platform/db/embedded';
import { ensureDatabase } from '../src/platform/db/start';
import { migrate } from '../src/platform/db/migrate';
import { openDatabase } from '../src/platform/db/pool';
import { seedDemoPlant } from '../src/seed/demo';
import { seedTemplatesOnChange } from '../src/platform/templates/seed';
import { ALL_TEMPLATES } from '../src/domain/templates';
import { MODULES } from '../src/domain/modules';
import { ensureQueues } from '../src/platform/jobs/boss';
import { collectJobs } from '../src/platform/jobs/install';
import { jobQueues } from '../src/platform/jobs/runner';

export const TEMPLATE_DB = 'wb_template';

/**
 * One real PostgreSQL for the whole run, with a migrated and seeded template database; each test
 * file clones the template into a fresh database of its own (see harness.ts).
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL ?? null;
  let stop = async () => {};
  if (!adminUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-test-pg-'));
    fs.chmodSync(dir, 0o777);
    const port = 55000 + Math.floor(Math.random() * 4000);
    const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port, persistent: false, throwaway: true });
    adminUrl = server.url('postgres');
    stop = async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  await ensureDatabase(adminUrl, TEMPLATE_DB);
  const template = openDatabase(adminUrl.replace(/\/[^/]*$/, `/${TEMPLATE_DB}`), 2);
  await migrate(template.pool);
  await seedDemoPlant(template.db);
  await seedTemplatesOnChange(template.db, ALL_TEMPLATES);
  // the job library's queues (a partition each): made once here, not in every test's database
  const declared = collectJobs(MODULES);
  await ensureQueues(template.pool, jobQueues(declared.jobs, declared.workers));
  await template.close();
  project.provide('pgAdminUrl', adminUrl);
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
