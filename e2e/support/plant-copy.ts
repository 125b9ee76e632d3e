import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The run's seeded demo plant (support/database.ts makes it once, in the global setup) and the
 * copies each spec's server gets of it. Apart from database.ts so a spec loads the PostgreSQL
 * client only, not the server's migrations, seed and templates.
 */
export const E2E_TEMPLATE_DB = 'wb_e2e_template';

/** A fresh copy of the seeded demo plant for one server, and how to drop it afterwards. */
export async function copyOfDemoPlant(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${E2E_TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
  return {
    url: adminUrl.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
