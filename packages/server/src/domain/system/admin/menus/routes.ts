import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../../platform/db/pool';
import { ok } from '../../../../platform/http/envelope';
import { AppError, parse } from '../../../../platform/http/errors';
import { idParam } from '@wb/protocol';
import { allMenuEntries } from './repo';
import { routePermissions } from './route-permissions';
import { scanResources } from './scan';
import { buildEntryTree, childrenOf } from './tree';

const scanBody = z.strictObject({ components: z.array(z.string().max(100)).max(1000) });

const VIEW = { access: { permission: 'sys_menu_view' } };

/**
 * 菜单管理's reads: the one menu and button tree every role's permissions are cut from, and the scan,
 * as the caller's plant sees it (its own report leaves, not another plant's). Saves: module.ts.
 */
export function menuAdminRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/sys-menu/tree', { config: VIEW }, async (request) => ok(buildEntryTree(await allMenuEntries(db, request.caller.orgId))));

  // the existing client's remaining reads: one entry, the entries under one, a leaf's buttons
  app.get('/api/sys-menu/info/:id', { config: VIEW }, async (request) => {
    const { id } = parse(idParam, request.params);
    const entry = (await allMenuEntries(db, request.caller.orgId)).find((e) => e.id === id);
    if (!entry) throw AppError.of('notFound', '菜单不存在', 'id');
    return ok(entry);
  });
  app.get('/api/sys-menu/list/:id', { config: VIEW }, async (request) => {
    const { id } = parse(idParam, request.params);
    return ok(childrenOf(await allMenuEntries(db, request.caller.orgId), id, 'menu'));
  });
  app.get('/api/sys-menu/button-list/:id', { config: VIEW }, async (request) => {
    const { id } = parse(idParam, request.params);
    return ok(childrenOf(await allMenuEntries(db, request.caller.orgId), id, 'button'));
  });

  app.post('/api/sys-menu/scan', { config: { access: { permission: 'sys_menu_view', demoAllowed: true } } }, async (request) => {
    const { components } = parse(scanBody, request.body);
    return ok(scanResources(components, routePermissions(app), await allMenuEntries(db, request.caller.orgId)));
  });
}
