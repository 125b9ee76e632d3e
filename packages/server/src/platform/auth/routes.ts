import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@wb/protocol';
import type { Config } from '../../config';
import type { Database } from '../db/pool';
import { ok } from '../http/envelope';
import { AppError, parse } from '../http/errors';
import { writeLog } from '../audit/log';
import { issueCaptcha } from './captcha';
import { authenticateClient } from './client';
import { signInWithPassword } from './sign-in';
import { refreshSession, revokeSession } from './sessions';

const text = (max: number) => z.string().max(max);

// Credentials arrive in the query (as the existing client sends them) or in a form body.
const tokenParams = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: text(100).min(1, '用户名不能为空'),
    password: text(200).min(1, '密码不能为空'),
    randomStr: text(100).optional(),
    code: text(20).optional(),
    scope: text(50).optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: text(200).min(1),
    scope: text(50).optional(),
  }),
]);

// the pro sign-in's password grant also names the company of its page
const proTokenParams = z.discriminatedUnion('grant_type', [
  tokenParams.options[0].extend({ org: z.string({ error: '缺少公司 org: 请从公司的登录页登录' }).pipe(idSchema) }),
  tokenParams.options[1],
]);

const captchaQuery = z.object({ randomStr: z.string().min(8).max(100).regex(/^[\w-]+$/) });

function deviceId(request: FastifyRequest): string | null {
  const value = request.headers['device-id'] ?? request.headers['x-device-id'];
  return typeof value === 'string' ? value.slice(0, 100) : null;
}

export function authRoutes(app: FastifyInstance, db: Database, config: Config): void {
  // a sign-in logs itself (login); a refresh changes nothing a plant records
  app.post('/api/oauth/token', { config: { access: { public: true }, logged: 'self' } }, async (request) => {
    const client = authenticateClient(request, config);
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const params = parse(tokenParams, { ...body, ...(request.query as Record<string, unknown>) });
    if (params.grant_type === 'refresh_token') {
      const reply = await refreshSession(db, config, params.refresh_token);
      if (!reply) throw AppError.of('expired', undefined, 'refresh_token');
      return reply;
    }
    return signInWithPassword(db, config, client, params, { ip: request.ip, deviceId: deviceId(request) });
  });

  // The spec's pro token call: the pro sign-in page (/pro/login) names its company, the session
  // opens there and keeps it (switching is refused), for users of that company only.
  app.post('/api/pro/oauth/token', { config: { access: { public: true }, logged: 'self' } }, async (request) => {
    const client = authenticateClient(request, config);
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const params = parse(proTokenParams, { ...body, ...(request.query as Record<string, unknown>) });
    if (params.grant_type === 'refresh_token') {
      const reply = await refreshSession(db, config, params.refresh_token);
      if (!reply) throw AppError.of('expired', undefined, 'refresh_token');
      return reply;
    }
    return signInWithPassword(db, config, client, params, { ip: request.ip, deviceId: deviceId(request) });
  });

  app.get('/api/code/image', { config: { access: { public: true } } }, async (request, reply) => {
    const { randomStr } = parse(captchaQuery, request.query);
    const svg = await issueCaptcha(db, randomStr);
    return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
  });

  app.route({ method: ['GET', 'POST'], url: '/api/base/logout', config: { access: { anyOrg: true, demoAllowed: true } }, handler: async (request) => {
    await revokeSession(db, request.caller.sessionId);
    const { caller } = request;
    await writeLog(db, { orgId: caller.orgId, userId: caller.userId, username: caller.username, action: 'logout', ip: request.ip });
    return ok(true, '退出成功');
  } });
}
