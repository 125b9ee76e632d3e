import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/pool';
import { documentRoutes } from '../../platform/documents/routes';
import type { ListOptions } from '../../platform/list/repo';
import { MASTERDATA_FAMILIES } from './families';
import { classRoutes } from './material/classes';

export function masterdataRoutes(app: FastifyInstance, db: Database, list: ListOptions): void {
  for (const family of MASTERDATA_FAMILIES) documentRoutes(app, db, family, list);
  classRoutes(app, db);
}
