import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/db/pool';
import type { ListOptions } from '../../../platform/list/repo';
import { templateListRoute } from '../../../platform/list/route';
import { VEHICLE_LIST_CODE } from './templates';

export function vehicleRoutes(app: FastifyInstance, db: Database, list: ListOptions): void {
  templateListRoute(app, db, {
    url: '/api/masterdata/vehicle/v2/list',
    formatCode: VEHICLE_LIST_CODE,
    access: { permission: 'md_vehicle_view', demoAllowed: true },
  }, list);
}
