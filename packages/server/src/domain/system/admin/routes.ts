import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/db/pool';
import { menuAdminRoutes } from './menus/routes';
import { paramRoutes } from './params/routes';
import { roleAdminRoutes } from './roles/routes';
import { userAdminRoutes } from './users/routes';

/** 系统管理: users, roles, menus and the weighing parameters. */
export function adminRoutes(app: FastifyInstance, db: Database): void {
  userAdminRoutes(app, db);
  roleAdminRoutes(app, db);
  menuAdminRoutes(app, db);
  paramRoutes(app, db);
}
