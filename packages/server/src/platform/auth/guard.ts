import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { DATA_SCOPES, type DataScope, MISSING_PERMISSION_HEADER } from '@wb/protocol';
import type { Config } from '../../config';
import { AppError } from '../http/errors';
import { tokenHash } from './secrets';

/** Who is calling: filled by the guard on every authenticated request. */
export interface Caller {
  sessionId: string;
  userId: string;
  orgId: string;
  groupId: string;
  username: string;
  realName: string;
  /** the client's address, for the operation log */
  ip: string;
  /** the widest data scope of the roles held in the current company: whose rows a list shows */
  dataScope: DataScope;
  /** the caller's department in the current company, if any (the department scope narrows to it) */
  deptId: string | null;
}

/**
 * What a route needs: nothing (public), a signed-in user, or a named permission key. Two marks
 * widen a signed-in route: anyOrg, callable by a session whose company the user has left (the
 * company list, the switch and logout: the way out the 403 points to); demoAllowed, a POST that
 * changes no business data (a list query, the switch, logout), answered in the demo environment.
 */
export type Access = { public: true } | { permission?: string; anyOrg?: true; demoAllowed?: true };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

// One round trip decides who calls and whether they may: session, user, membership of the
// session's organisation (a disabled one counts as left), and the permission key through the
// roles held there. The same round trip reads the data scope the lists narrow by: the widest of
// the enabled roles held there (ranked as DATA_SCOPES lists them; none held: company, as before
// scopes existed), and the department the caller belongs to there.
const RANKED_SCOPES = `ARRAY[${DATA_SCOPES.map((s) => `'${s}'`).join(', ')}]`;
export const AUTH_SQL = `
SELECT s.id AS session_id, s.user_id, s.org_id, u.group_id, u.username, u.real_name,
       s.access_expires_at > now() AS live,
       coalesce((${RANKED_SCOPES})[(
         SELECT max(array_position(${RANKED_SCOPES}, ro.data_scope))
           FROM sys_user_org_role r JOIN sys_role ro ON ro.id = r.role_id AND ro.enabled
          WHERE r.user_id = s.user_id AND r.org_id = s.org_id)], 'company') AS data_scope,
       m.dept_id::text AS dept_id, u.enabled, o.id IS NOT NULL AS member,
       ($2::text IS NULL OR EXISTS (
         SELECT 1 FROM sys_user_org_role r
           JOIN sys_role ro ON ro.id = r.role_id AND ro.enabled
           JOIN sys_role_menu rm ON rm.role_id = r.role_id
           JOIN sys_menu mn ON mn.id = rm.menu_id
          WHERE r.user_id = s.user_id AND r.org_id = s.org_id AND mn.permission = $2)) AS allowed
  FROM auth_session s JOIN sys_user u ON u.id = s.user_id
  -- the membership row (one per user and company) gives the department; a disabled company counts as left
  LEFT JOIN sys_user_org m ON m.user_id = s.user_id AND m.org_id = s.org_id
  LEFT JOIN sys_org o ON o.id = m.org_id AND o.enabled
 WHERE s.access_hash = $1 AND s.revoked_at IS NULL`;

export interface AuthRow {
  session_id: string;
  user_id: string;
  org_id: string | null;
  group_id: string;
  username: string;
  real_name: string;
  live: boolean;
  enabled: boolean;
  member: boolean;
  allowed: boolean;
  data_scope: DataScope;
  dept_id: string | null;
}

function bearer(request: FastifyRequest): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return m ? m[1] : null;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every /api route is closed unless it says `access: { public: true }`; a route that names a
 * permission answers 403 (with the key in a header, so an administrator's client can register it)
 * to a caller whose roles in the current organisation lack it.
 */
export function installGuard(app: FastifyInstance, pool: pg.Pool, config: Config): void {
  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!request.routeOptions.url) return; // not-found handler
    // Outside /api is the built web app (index.html and hashed assets), public by nature; its
    // static-file routes are registered by a plugin and carry no access mark of their own.
    if (!request.routeOptions.url.startsWith('/api/')) return;
    if (access && 'public' in access) return;
    const token = bearer(request);
    if (!token) throw AppError.of('expired');
    const permission = access?.permission ?? null;
    const { rows } = await pool.query<AuthRow>({ name: 'auth-guard', text: AUTH_SQL, values: [tokenHash(token), permission] });
    const row = rows[0];
    // a disabled user's sessions end as an expired login would: sign in again (and be refused)
    if (!row || !row.live || !row.org_id || !row.enabled) throw AppError.of('expired');
    if (!row.member && !access?.anyOrg) throw AppError.of('forbidden', '您已不属于当前组织，请重新选择公司');
    if (!row.allowed) {
      const err = AppError.of('forbidden');
      err.headers[MISSING_PERMISSION_HEADER] = permission ?? '';
      throw err;
    }
    if (config.demoMode && WRITE_METHODS.has(request.method) && !access?.demoAllowed) throw AppError.of('demo');
    request.caller = {
      sessionId: row.session_id,
      userId: row.user_id,
      orgId: row.org_id,
      groupId: row.group_id,
      username: row.username,
      realName: row.real_name,
      ip: request.ip,
      dataScope: row.data_scope,
      deptId: row.dept_id,
    };
  });
}
