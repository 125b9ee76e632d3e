import type { FastifyInstance } from 'fastify';
import { listRequest } from '@wb/protocol';
import type { Access } from '../auth/guard';
import type { Database } from '../db/pool';
import { ok } from '../http/envelope';
import { AppError, parse } from '../http/errors';
import { loadListTemplate } from '../templates/repo';
import { type ListOptions, runList } from './repo';
import { planList } from './rules';

export interface TemplateListRoute {
  url: string;
  /** the template the list reads; a body's tplId must name this one */
  formatCode: string;
  access: Access;
}

/**
 * A `POST .../v2/list` served by the list engine: parse, load the template, check and plan,
 * run in the caller's organisation. A body without tplId uses the route's template.
 */
export function templateListRoute(app: FastifyInstance, db: Database, route: TemplateListRoute, options: ListOptions): void {
  app.post(route.url, { config: { access: route.access } }, async (request) => {
    const body = parse(listRequest, request.body ?? {});
    const template = await loadListTemplate(db, route.formatCode);
    // the templates are seeded at start; a missing one is a broken installation, not bad input
    if (!template) throw new AppError(500, `列表模板 ${route.formatCode} 未配置`);
    return ok(await runList(db, planList(template, body), request.caller.orgId, options));
  });
}
