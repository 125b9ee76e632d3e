import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import formbody from '@fastify/formbody';
import type { Config } from './config';
import type { DatabaseHandle } from './platform/db/pool';
import { answerFrameworkError, BODY_LIMIT_BYTES, installErrorHandler, MAX_PATH_PARAM_LENGTH } from './platform/http/error-handler';
import { installInputGuard } from './platform/http/input-guard';
import { installSecurityHeaders } from './platform/http/security-headers';
import { installGuard } from './platform/auth/guard';
import { collectRoutePermissions } from './domain/system/admin/menus/route-permissions';
import { authRoutes } from './platform/auth/routes';
import { oidcRoutes } from './platform/auth/oidc';
import { clientConfigRoutes } from './platform/client-config/routes';
import { tenancyRoutes } from './platform/tenancy/routes';
import { menuRoutes } from './platform/menu/routes';
import { systemRoutes } from './domain/system/routes';
import { masterdataRoutes } from './domain/masterdata/routes';
import { weighingRoutes } from './domain/weighing/routes';
import { stockRoutes } from './domain/stock/routes';
import { noticeRoutes } from './domain/notice/routes';
import { confirmRoutes } from './domain/confirm/routes';
import { erpRoutes } from './domain/erp/routes';
import { templateRoutes } from './platform/templates/routes';
import { templateAdminRoutes } from './platform/templates/admin/routes';
import { ALL_TEMPLATES } from './domain/templates';
import { listOptionsFromEnv } from './platform/list/options';
import { registerMultipart } from './platform/files/multipart';
import { fileRoutes } from './platform/files/routes';
import { fileRouteDeps } from './platform/files/create-storage';
import { startFileSweepWithApp } from './platform/files/sweep';
import { registryRoutes } from './domain/registry/routes';
import { reportRoutes } from './domain/report/routes';
import { liveRoutes } from './domain/live/routes';
import { serveWeb } from './platform/http/serve-web';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger?: boolean | object;
  /** the clock of time-limited grants (signed file URLs); tests move it instead of waiting */
  now?: () => number;
}

export async function buildApp({ config, database, logger = false, now = Date.now }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    trustProxy: process.env.TRUST_PROXY === '1',
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
  });
  await installSecurityHeaders(app, config);
  await app.register(formbody);
  await registerMultipart(app);
  installErrorHandler(app);
  installInputGuard(app);
  installGuard(app, database.pool, config);
  collectRoutePermissions(app);

  const { db } = database;
  authRoutes(app, db, config);
  oidcRoutes(app, db, config);
  clientConfigRoutes(app, config);
  tenancyRoutes(app, database);
  menuRoutes(app, db, config);
  templateRoutes(app, db);
  templateAdminRoutes(app, db, ALL_TEMPLATES);
  const list = listOptionsFromEnv(process.env);
  systemRoutes(app, db, list);
  masterdataRoutes(app, db, list);
  weighingRoutes(app, db, list);
  stockRoutes(app, db, list);
  noticeRoutes(app, db, list);
  confirmRoutes(app, db, list);
  erpRoutes(app, db);
  const files = await fileRouteDeps(config.storage, now);
  fileRoutes(app, db, files);
  startFileSweepWithApp(app, db, files.storage, config.storage, now);
  registryRoutes(app, db, list, { storage: files.storage, now });
  reportRoutes(app, db);
  liveRoutes(app, database);

  if (config.webDist && fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await serveWeb(app, config.webDist);
  }
  return app;
}
