import type { FastifyInstance } from 'fastify';

/**
 * The permission keys the server's routes check, gathered as routes are registered: a button
 * entry whose key a route checks cannot be deleted without taking the call away from everybody.
 */
const inUse = new WeakMap<FastifyInstance, Set<string>>();
/** Each route with the key it checks: which calls a role's keys open (the lab's blindness test walks them). */
export interface RoutePermission { method: string; url: string; permission: string }
const routesByKey = new WeakMap<FastifyInstance, RoutePermission[]>();

export function collectRoutePermissions(app: FastifyInstance): void {
  const keys = new Set<string>();
  const routes: RoutePermission[] = [];
  inUse.set(app, keys);
  routesByKey.set(app, routes);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access && 'permission' in access && access.permission) {
      keys.add(access.permission);
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) routes.push({ method, url: route.url, permission: access.permission });
    }
  });
}

export function permissionRoutes(app: FastifyInstance): readonly RoutePermission[] {
  return routesByKey.get(app) ?? [];
}

export function routePermissions(app: FastifyInstance): ReadonlySet<string> {
  return inUse.get(app) ?? new Set();
}
