import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../../platform/db/pool';
import { ok } from '../../../../platform/http/envelope';
import { parse } from '../../../../platform/http/errors';
import { allMenuEntries } from './repo';
import { routePermissions } from './route-permissions';
import { scanResources } from './scan';
import { buildEntryTree } from './tree';

const scanBody = z.strictObject({ components: z.array(z.string().max(100)).max(1000) });

const VIEW = { access: { permission: 'sys_menu_view' } };

/** 菜单管理's reads: the one menu and button tree every role's permissions are cut from, and the scan. Saves: module.ts. */
export function menuAdminRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/sys-menu/tree', { config: VIEW }, async () => ok(buildEntryTree(await allMenuEntries(db))));

  app.post('/api/sys-menu/scan', { config: { access: { permission: 'sys_menu_view', demoAllowed: true } } }, async (request) => {
    const { components } = parse(scanBody, request.body);
    return ok(scanResources(components, routePermissions(app), await allMenuEntries(db)));
  });
}
