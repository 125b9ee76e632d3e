import type { FastifyInstance } from 'fastify';
import { listRequest } from '@wb/protocol';
import type { Access } from '../auth/guard';
import type { Database } from '../db/pool';
import { ok } from '../http/envelope';
import { AppError, parse } from '../http/errors';
import { loadListTemplate } from '../templates/repo';
import { type ListOptions, type ListTiming, runList } from './repo';
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
  app.post(route.url, { config: { access: route.access } }, async (request, response) => {
    const body = parse(listRequest, request.body ?? {});
    const template = await loadListTemplate(db, route.formatCode);
    // the templates are seeded at start; a missing one is a broken installation, not bad input
    if (!template) throw new AppError(500, `列表模板 ${route.formatCode} 未配置`);
    const timing: ListTiming = { pageMs: 0, totalMs: 0 };
    const reply = ok(await runList(db, planList(template, body), request.caller.orgId, options, timing));
    // visible in the browser's network panel: which half of a slow list was slow
    void response.header('server-timing', `page;dur=${timing.pageMs.toFixed(1)}, total;dur=${timing.totalMs.toFixed(1)}`);
    return reply;
  });
}
