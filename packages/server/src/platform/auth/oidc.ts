import type { FastifyInstance } from 'fastify';
import type { ClientConfig } from '@wb/protocol';
import type { Config } from '../../config';
import type { Database } from '../db/pool';

/** External OpenID Connect sign-in: what the web is told about it. */
export function oidcClientInfo(config: Config): ClientConfig['oidc'] {
  return { enabled: Boolean(config.oidc), loginUrl: config.oidc ? '/api/oauth/oidc/authorize' : null, logoutUrl: null };
}

export function oidcRoutes(_app: FastifyInstance, _db: Database, _config: Config): void {}
