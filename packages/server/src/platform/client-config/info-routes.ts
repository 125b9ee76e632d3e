import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { VersionInfo } from '@wb/protocol';
import type { Config } from '../../config';
import type { Database } from '../db/pool';
import { ok } from '../http/envelope';
import { sql } from 'kysely';
import { buildCommit, schemaNumber } from './version';

const require = createRequire(import.meta.url);
/** The release the server was built as: its package.json. */
const PACKAGE_VERSION = (JSON.parse(readFileSync(require.resolve('../../../package.json'), 'utf8')) as { version: string }).version;

/**
 * The platform's own facts for a signed-in user (spec: global version info, config info): what
 * release and commit runs on which schema, and the settings that shape what users meet. Nothing
 * secret: no key, password, address of a database or bucket.
 */
export function platformInfoRoutes(app: FastifyInstance, db: Database, config: Config): void {
  app.get('/api/sys-info/version', { config: { access: {} } }, async () => {
    const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migration ORDER BY name DESC LIMIT 1`.execute(db);
    const last = rows[0];
    const info: VersionInfo = {
      version: PACKAGE_VERSION, versionCode: config.versionCode, commit: buildCommit(process.env.BUILD_COMMIT),
      schemaVersion: schemaNumber(last?.name ?? null), schemaMigration: last?.name ?? null,
    };
    return ok(info);
  });

  app.get('/api/sys-info/config', { config: { access: {} } }, async () => ok({
    versionCode: config.versionCode,
    timeZone: config.timeZone,
    captcha: config.captcha,
    externalSignIn: config.oidc !== null,
    lockAfterMs: config.lockAfterMs,
    accessTtlSeconds: config.accessTtlSeconds,
    demoMode: config.demoMode,
    storage: config.storage.kind,
    maxFileBytes: config.storage.maxFileBytes,
    jobs: config.jobs,
  }));
}
