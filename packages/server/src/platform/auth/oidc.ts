import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../db/pool';
import { ok } from '../http/envelope';

/** External OpenID Connect sign-in. */
export function oidcRoutes(app: FastifyInstance, _db: Database, config: Config): void {
  app.get('/api/oauth/oidc/config', { config: { access: { public: true } } }, async () => ok({ enabled: Boolean(config.oidc) }));
}
