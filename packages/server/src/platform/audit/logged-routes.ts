import type { FastifyInstance, HTTPMethods } from 'fastify';

/**
 * How a call that changes something gets its operation-log entry: written by the module action
 * wrapper in the action's transaction ('action'), by the document engine in each action's
 * transaction ('engine'), or by the route itself ('self': sign-in, the company switch, uploads).
 * Every write route carries one of these marks or is a read sent by POST (demoAllowed); the test
 * beside this file fails on any other, so no change goes unlogged by omission.
 */
export type LoggedBy = 'action' | 'engine' | 'self';

declare module 'fastify' {
  interface FastifyContextConfig {
    logged?: LoggedBy;
  }
}

export interface RouteMark {
  method: string;
  url: string;
  logged: LoggedBy | null;
  read: boolean;
  public: boolean;
}

const marks = new WeakMap<FastifyInstance, RouteMark[]>();

export function collectRouteLogMarks(app: FastifyInstance): void {
  const routes: RouteMark[] = [];
  marks.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];
    const access = route.config?.access;
    for (const method of methods) {
      routes.push({
        method, url: route.url, logged: route.config?.logged ?? null,
        read: Boolean(access && 'demoAllowed' in access && access.demoAllowed),
        public: Boolean(access && 'public' in access && access.public),
      });
    }
  });
}

export function routeLogMarks(app: FastifyInstance): readonly RouteMark[] {
  return marks.get(app) ?? [];
}
