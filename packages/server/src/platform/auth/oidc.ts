import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';
import type { ClientConfig, TokenReply } from '@wb/protocol';
import type { Config, OidcConfig } from '../../config';
import type { Database } from '../db/pool';
import { writeLog } from '../audit/log';
import { AppError, parse } from '../http/errors';
import { authenticateClient } from './client';
import { openSession } from './sessions';
import { accountForSubject } from './oidc/account';
import { discover, discovered } from './oidc/discovery';
import { exchangeCode, profileOf, redirectUriOf } from './oidc/exchange';
import { type PendingSignIn, savePendingSignIn, takePendingSignIn } from './oidc/pending';

export const OIDC_LOGIN_PATH = '/api/oauth/oidc/authorize';
const DEFAULT_RETURN_PATH = '/login';

// A path on this site: one leading slash but never two (//host is another site), no backslash
// (browsers read it as a slash), printable ASCII only.
const sitePath = z.string().max(500).regex(/^\/(?!\/)[\x21-\x5b\x5d-\x7e]*$/, '只能是本站的路径');
const authorizeQuery = z.object({ return: sitePath.optional() });

/** The code and state the provider put on the web's /login or /clouds/index address. */
const iamTokenBody = z.strictObject({
  code: z.string().min(1, '授权码不能为空').max(2048),
  state: z.string().min(1, 'state 不能为空').max(200),
  iss: z.url().max(500).optional(),
});

/** The password grant's token answer, plus where the person wanted to go when sign-in began. */
export type OidcTokenReply = TokenReply & { return_path: string };

const unavailable = () => new AppError(503, '统一身份认证服务暂不可用，请稍后再试');
// Neither message carries the re-login marker: the web would answer it by going straight back
// to the provider, and a sign-in that keeps failing would loop.
const staleSignIn = () => new AppError(401, '登录请求已失效或已使用，请返回登录页再试', 'state');
const failedExchange = () => new AppError(401, '统一身份认证失败，授权码无效或已过期，请返回登录页再试', 'code');

/** External OpenID Connect sign-in: what the web is told about it. Never waits for the provider. */
export function oidcClientInfo(config: Config): ClientConfig['oidc'] {
  if (!config.oidc) return { enabled: false, loginUrl: null, logoutUrl: null };
  return { enabled: true, loginUrl: OIDC_LOGIN_PATH, logoutUrl: logoutUrl(config.oidc) };
}

function logoutUrl(oidc: OidcConfig): string | null {
  const provider = discovered(oidc);
  if (!provider?.serverMetadata().end_session_endpoint) return null;
  const params: Record<string, string> = { client_id: oidc.clientId };
  if (oidc.postLogoutRedirectUri) params.post_logout_redirect_uri = oidc.postLogoutRedirectUri;
  return client.buildEndSessionUrl(provider, params).href;
}

/** Discovers the provider now; false when it cannot be reached (sign-in then retries on demand). */
export async function initOidc(config: Config): Promise<boolean> {
  if (!config.oidc) return false;
  return discover(config.oidc).then(() => true, () => false);
}

export function oidcRoutes(app: FastifyInstance, db: Database, config: Config): void {
  const { oidc } = config;
  if (!oidc) return;
  discover(oidc).catch((err: Error) => app.log.warn({ err }, 'OpenID Connect discovery failed; retrying on first sign-in'));

  app.get(OIDC_LOGIN_PATH, { config: { access: { public: true } } }, async (request, reply) => {
    const { return: returnPath = DEFAULT_RETURN_PATH } = parse(authorizeQuery, request.query);
    const provider = await providerOf(request, oidc);
    const pending: PendingSignIn = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      returnPath,
    };
    await savePendingSignIn(db, pending);
    const target = client.buildAuthorizationUrl(provider, {
      response_type: 'code',
      redirect_uri: redirectUriOf(oidc),
      scope: oidc.scope,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    });
    return reply.header('cache-control', 'no-store').redirect(target.href, 302);
  });

  app.post('/api/oauth/iam/token', { config: { access: { public: true } } }, async (request): Promise<OidcTokenReply> => {
    const oauthClient = authenticateClient(request, config);
    const body = parse(iamTokenBody, request.body ?? {});
    const pending = await takePendingSignIn(db, body.state);
    if (!pending) throw staleSignIn();
    const provider = await providerOf(request, oidc);
    const identity = await fromProvider(request, () => exchangeCode(provider, oidc, body, pending));
    const account = await accountForSubject(db, identity.subject, () => fromProvider(request, () => profileOf(provider, identity)));
    const tokens = await openSession(db, config, account, { clientId: oauthClient.id, ip: request.ip, deviceId: deviceId(request) });
    await writeLog(db, {
      orgId: account.currentOrgId,
      userId: account.id,
      username: account.username,
      action: 'oidcLogin',
      detail: account.newlyBound ? `${oauthClient.id}; bound subject ${identity.subject}` : oauthClient.id,
      ip: request.ip,
    });
    return { ...tokens, return_path: pending.returnPath };
  });
}

async function providerOf(request: FastifyRequest, oidc: OidcConfig): Promise<client.Configuration> {
  try {
    return await discover(oidc);
  } catch (err) {
    request.log.warn({ err }, 'OpenID Connect discovery failed');
    throw unavailable();
  }
}

/** Anything the provider refuses or fails at is one answer to the web: sign in again. */
async function fromProvider<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    request.log.warn({ err }, 'OpenID Connect code exchange failed');
    throw failedExchange();
  }
}

function deviceId(request: FastifyRequest): string | null {
  const value = request.headers['device-id'] ?? request.headers['x-device-id'];
  return typeof value === 'string' ? value.slice(0, 100) : null;
}
