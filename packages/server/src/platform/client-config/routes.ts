import type { FastifyInstance } from 'fastify';
import type { ClientConfig } from '@wb/protocol';
import type { Config } from '../../config';
import { ok } from '../http/envelope';
import { oidcClientInfo } from '../auth/oidc';

/** What the web needs before anyone signs in: timers, version, captcha, external sign-in and the plant's time zone. */
export function clientConfigRoutes(app: FastifyInstance, config: Config): void {
  app.get('/api/config/client', { config: { access: { public: true } } }, async () => {
    const reply: ClientConfig = {
      versionCode: config.versionCode,
      lockAfterMs: config.lockAfterMs,
      captcha: config.captcha,
      oidc: oidcClientInfo(config),
      copyright: '© 2026 华东建材集团 统一称重管控平台',
      timeZone: process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai',
    };
    return ok(reply);
  });
}
