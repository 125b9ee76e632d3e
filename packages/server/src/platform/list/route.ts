import type { FastifyInstance } from 'fastify';
import { listRequest, type ListRequest, type Paged, type SearchCondition } from '@wb/protocol';
import type { Access, Caller } from '../auth/guard';
import type { Database } from '../db/pool';
import { readOnReplica } from '../db/replica';
import { ok } from '../http/envelope';
import { AppError, parse } from '../http/errors';
import { loadListTemplate } from '../templates/repo';
import { type ListOptions, type ListTiming, runList } from './repo';
import { planList } from './rules';

/** What a list's hooks see: the caller and the request as sent. */
export interface ListCall {
  db: Database;
  who: Caller;
  body: ListRequest;
}

export type ListRow = Record<string, unknown>;

/** What a list adds to the engine's pipeline, each optional. */
export interface ListHooks {
  /**
   * Conditions the server adds to every query, whatever the client sends (a grid's kind, "still at
   * the site"). Planned like the client's, so they may only name the template's fields. The
   * caller's data scope (own, department) is added beside them by runList itself, from the
   * template's owner column, so no list can leave it out.
   */
  forced?: (call: ListCall) => SearchCondition[] | Promise<SearchCondition[]>;
  /** what each row carries beyond its columns: the buttons the server offers, ihandle */
  decorate?: (rows: ListRow[], call: ListCall) => ListRow[] | Promise<ListRow[]>;
  /** a popup reads these rows under its own template id: any tplId is taken as this list's */
  anyTplId?: boolean;
}

export interface TemplateListRoute extends ListHooks {
  url: string;
  /** the template the list reads; a body's tplId must name this one (unless anyTplId) */
  formatCode: string;
  access: Access;
}

/**
 * The list engine's pipeline for one request: load the template, add the forced conditions, check
 * and plan, run in the caller's organisation, decorate the rows. A body without tplId uses the
 * route's template. A route that takes its request in another shape (a GET with query words)
 * answers through this same pipeline.
 */
export async function serveList(
  db: Database, route: Omit<TemplateListRoute, 'url' | 'access'>, call: ListCall, options: ListOptions, timing?: ListTiming,
): Promise<Paged<ListRow>> {
  const { body } = call;
  const template = await loadListTemplate(db, route.formatCode);
  // the templates are seeded at start; a missing one is a broken installation, not bad input
  if (!template) throw new AppError(500, `列表模板 ${route.formatCode} 未配置`);
  const forced = route.forced ? await route.forced(call) : [];
  const planned = { ...body, search: [...(body.search ?? []), ...forced], tplId: route.anyTplId ? undefined : body.tplId };
  const page = await runList(db, planList(template, planned), call.who, options, timing);
  return route.decorate ? { ...page, list: await route.decorate(page.list, call) } : page;
}

/** A `POST .../v2/list` served by the list engine (serveList). */
export function templateListRoute(app: FastifyInstance, db: Database, route: TemplateListRoute, options: ListOptions): void {
  app.post(route.url, { config: { access: route.access } }, async (request, response) => {
    const body = parse(listRequest, request.body ?? {});
    const timing: ListTiming = { pageMs: 0, totalMs: 0 };
    // the big lists read on the replica when there is one (platform/db/replica.ts)
    const page = await readOnReplica(db, (reader) => serveList(reader, route, { db: reader, who: request.caller, body }, options, timing));
    // visible in the browser's network panel: which half of a slow list was slow
    void response.header('server-timing', `page;dur=${timing.pageMs.toFixed(1)}, total;dur=${timing.totalMs.toFixed(1)}`);
    return ok(page);
  });
}
