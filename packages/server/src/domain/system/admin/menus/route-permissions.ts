import type { FastifyInstance } from 'fastify';

/**
 * The permission keys the server's routes check, gathered as routes are registered: a button
 * entry whose key a route checks cannot be deleted without taking the call away from everybody.
 */
const inUse = new WeakMap<FastifyInstance, Set<string>>();

export function collectRoutePermissions(app: FastifyInstance): void {
  const keys = new Set<string>();
  inUse.set(app, keys);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access && 'permission' in access && access.permission) keys.add(access.permission);
  });
}

export function routePermissions(app: FastifyInstance): ReadonlySet<string> {
  return inUse.get(app) ?? new Set();
}
