import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { expect } from 'vitest';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';

/** One authenticated JSON call, as the web makes it. */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  authorization?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...(authorization ? { authorization } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * Every failure answers the spec's envelope {success:false, code, msg, data} as JSON, with the
 * catalogue status as both HTTP status and code, and a message a user can read.
 */
export function expectFailure(res: LightMyRequestResponse, status: number, msg?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg', 'success']);
  expect(body.success).toBe(false);
  expect(body.code).toBe(status);
  expect(typeof body.msg).toBe('string');
  expect(body.msg.length).toBeGreaterThan(0);
  if (typeof msg === 'string') expect(body.msg).toBe(msg);
  else if (msg) expect(body.msg).toMatch(msg);
  return body as { success: false; code: number; msg: string; data: unknown };
}

export function expectOk(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.success).toBe(true);
  expect(body.code).toBe(0);
  return body;
}

const WATCHED_TABLES = ['sys_user', 'sys_user_org', 'sys_user_org_role', 'sys_menu', 'sys_role_menu', 'auth_session', 'auth_failure', 'auth_captcha', 'sys_log', 'sys_org'];

/**
 * A fingerprint of what a call could change: row counts, password hashes, current companies,
 * session organisations and revocations. Equal fingerprints mean the call changed nothing.
 */
export async function databaseFingerprint(pool: pg.Pool): Promise<Record<string, unknown>> {
  const counts = await pool.query(`SELECT ${WATCHED_TABLES.map((t) => `(SELECT count(*)::int FROM ${t}) AS ${t}`).join(', ')}`);
  const users = await pool.query(
    "SELECT string_agg(id || ':' || md5(password_hash) || ':' || password_unsafe || ':' || coalesce(current_org_id::text, '-'), ',' ORDER BY id) AS users FROM sys_user",
  );
  const sessions = await pool.query(
    "SELECT string_agg(id || ':' || coalesce(org_id::text, '-') || ':' || (revoked_at IS NULL) || ':' || md5(access_hash), ',' ORDER BY id) AS sessions FROM auth_session",
  );
  return { ...counts.rows[0], ...users.rows[0], ...sessions.rows[0] };
}

export async function orgId(pool: pg.Pool, code: string): Promise<string> {
  const { rows } = await pool.query('SELECT id::text FROM sys_org WHERE org_code = $1', [code]);
  if (!rows[0]) throw new Error(`no org ${code}`);
  return rows[0].id;
}

export async function userId(pool: pg.Pool, username: string): Promise<string> {
  const { rows } = await pool.query('SELECT id::text FROM sys_user WHERE username = $1', [username]);
  if (!rows[0]) throw new Error(`no user ${username}`);
  return rows[0].id;
}
