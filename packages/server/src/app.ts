import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import formbody from '@fastify/formbody';
import type { Config } from './config';
import type { DatabaseHandle } from './platform/db/pool';
import { closeChannels } from './platform/db/channels';
import { answerFrameworkError, BODY_LIMIT_BYTES, installErrorHandler, MAX_PATH_PARAM_LENGTH } from './platform/http/error-handler';
import { installInputGuard } from './platform/http/input-guard';
import { installSecurityHeaders } from './platform/http/security-headers';
import { installGuard } from './platform/auth/guard';
import { collectRouteLogMarks } from './platform/audit/logged-routes';
import { collectRoutePermissions } from './domain/system/admin/menus/route-permissions';
import { authRoutes } from './platform/auth/routes';
import { oidcRoutes } from './platform/auth/oidc';
import { clientConfigRoutes } from './platform/client-config/routes';
import { platformInfoRoutes } from './platform/client-config/info-routes';
import { tenancyRoutes } from './platform/tenancy/routes';
import { menuRoutes } from './platform/menu/routes';
import { listOptionsFromEnv } from './platform/list/options';
import { registerMultipart } from './platform/files/multipart';
import { fileRoutes } from './platform/files/routes';
import { fileRouteDeps } from './platform/files/create-storage';
import { serveWeb } from './platform/http/serve-web';
import { mountModules } from './platform/module/mount';
import type { FamilyModule } from './platform/module/define';
import { ALL_TEMPLATES, MODULES } from './domain/modules';
import { collectJobs, installJobs, type JobDeclarations } from './platform/jobs/install';
import { replicaRoutes } from './platform/db/replica-routes';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger?: boolean | object;
  /** the clock of time-limited grants (signed file URLs); tests move it instead of waiting */
  now?: () => number;
  /** scheduled jobs and workers besides the modules' (tests declare their own) */
  extraJobs?: Partial<JobDeclarations>;
  /** modules besides the platform's (tests declare a dataset of their own) */
  extraModules?: FamilyModule[];
}

export async function buildApp({ config, database, logger = false, now = Date.now, extraJobs, extraModules = [] }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // X-Forwarded-* believed only from the reverse proxy's addresses (TRUST_PROXY, config.ts)
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
    // a request id unique across instances and restarts: the system log and the 500's answer name it
    genReqId: () => randomUUID(),
  });
  await installSecurityHeaders(app, config);
  await app.register(formbody);
  await registerMultipart(app);
  installErrorHandler(app, database.db);
  installInputGuard(app);
  installGuard(app, database.pool, config);
  collectRoutePermissions(app);
  collectRouteLogMarks(app);

  const { db } = database;
  authRoutes(app, db, config);
  oidcRoutes(app, db, config);
  clientConfigRoutes(app, config);
  platformInfoRoutes(app, db, config);
  replicaRoutes(app, database, config.replica);
  tenancyRoutes(app, database);
  menuRoutes(app, db, config);
  const files = await fileRouteDeps(config.storage, now);
  fileRoutes(app, db, files);
  // every family's calls: domain/modules.ts is the one list
  mountModules(app, [...MODULES, ...extraModules], { db, database, list: listOptionsFromEnv(process.env), storage: files.storage, now, templates: ALL_TEMPLATES });
  // scheduled jobs and queued work: started when the app is ready, stopped when it closes
  installJobs(app, { config, database, storage: files.storage, now, declarations: collectJobs(MODULES, extraJobs) });
  // the instance's one listening connection (LISTEN/NOTIFY, platform/db/channels.ts), opened by the first listener
  app.addHook('onClose', () => closeChannels(database.pool));

  if (config.webDist && fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await serveWeb(app, config.webDist);
  }
  return app;
}
