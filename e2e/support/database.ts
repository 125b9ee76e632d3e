import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../packages/server/src/platform/db/embedded';
import { ensureDatabase } from '../../packages/server/src/platform/db/start';
import { migrate } from '../../packages/server/src/platform/db/migrate';
import { openDatabase } from '../../packages/server/src/platform/db/pool';
import { seedDemoPlant } from '../../packages/server/src/seed/demo';
import { seedTemplatesOnChange } from '../../packages/server/src/platform/templates/seed';
import { ALL_TEMPLATES } from '../../packages/server/src/domain/templates';
// the server's request typing (request.caller), which the seeded families' code relies on
import type {} from '../../packages/server/src/platform/auth/guard';
import { E2E_TEMPLATE_DB } from './plant-copy';

/**
 * One PostgreSQL for the browser run, holding the demo plant migrated and seeded once as a template;
 * each spec's server gets a fresh copy of it (CREATE DATABASE ... TEMPLATE), which takes a moment
 * where a server's own embedded PostgreSQL took an initdb, the migrations and the seed every file.
 */
export async function startRunDatabase(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-e2e-pg-'));
  fs.chmodSync(dir, 0o777);
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port: await freePgPort(), persistent: false, throwaway: true });
  const adminUrl = server.url('postgres');
  await ensureDatabase(adminUrl, E2E_TEMPLATE_DB);
  const template = openDatabase(adminUrl.replace(/\/[^/]*$/, `/${E2E_TEMPLATE_DB}`), 2);
  await migrate(template.pool);
  await seedDemoPlant(template.db);
  await seedTemplatesOnChange(template.db, ALL_TEMPLATES);
  await template.close();
  return {
    adminUrl,
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function freePgPort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as import('node:net').AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
