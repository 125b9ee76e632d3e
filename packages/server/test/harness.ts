import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/pool';
import { DEMO_ACCOUNTS } from '../src/seed/demo';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  url: string;
}

const TEMPLATE_DB = 'wb_template';

/** A fresh database cloned from the seeded template; dropped when the file's tests end. */
export async function freshDatabase(): Promise<{ url: string; database: DatabaseHandle }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DB}"`);
  await admin.end();
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const database = openDatabase(url, 5);
  afterAll(async () => {
    await database.close();
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await drop.end();
  });
  return { url, database };
}

/**
 * The real app on a fresh database; captcha off unless the test turns it on, and the job runner
 * off unless the test asks (JOBS: 'on'): work it sends waits in the database.
 */
export async function createTestApp(env: Record<string, string> = {}, deps: Pick<AppDeps, 'extraModules'> = {}): Promise<TestContext> {
  const { url, database } = await freshDatabase();
  const config = loadConfig({ CAPTCHA: 'off', JOBS: 'off', ...env });
  const app = await buildApp({ config, database, ...deps });
  afterAll(() => app.close());
  return { app, database, config, url };
}

export const basic = (id = 'weighbridge', secret = id) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

export const demo = (username: (typeof DEMO_ACCOUNTS)[number]['username']) => {
  const a = DEMO_ACCOUNTS.find((x) => x.username === username);
  if (!a) throw new Error(username);
  return a;
};

export async function signIn(app: FastifyInstance, username: string, password: string, extra: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    query: { grant_type: 'password', username, password, scope: 'server', ...extra },
    headers: { authorization: basic() },
  });
}

/** Signs a demo user in and returns the bearer header for later calls. */
export async function bearerFor(app: FastifyInstance, username: Parameters<typeof demo>[0]): Promise<{ authorization: string; refresh: string; userId: string }> {
  const res = await signIn(app, username, demo(username).password);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.body}`);
  const body = res.json();
  return { authorization: `Bearer ${body.access_token}`, refresh: body.refresh_token, userId: body.user_id };
}
