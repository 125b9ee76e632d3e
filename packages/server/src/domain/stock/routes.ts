import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/pool';
import { documentRoutes } from '../../platform/documents/routes';
import { templateListRoute } from '../../platform/list/route';
import type { ListOptions } from '../../platform/list/repo';
import { STOCK_FAMILIES } from './families';
import { BALANCE_LIST_CODE, RECORD_LIST_CODE } from './lists';
import { productionStockRoutes } from './production/routes';

/** 库存: the balances, records and production stock (read through the list engine) and the stock documents. */
export function stockRoutes(app: FastifyInstance, db: Database, list: ListOptions): void {
  templateListRoute(app, db, {
    url: '/api/stock/balance/v2/list', formatCode: BALANCE_LIST_CODE, access: { permission: 'stock_balance_view', demoAllowed: true },
  }, list);
  templateListRoute(app, db, {
    url: '/api/stock/record/v2/list', formatCode: RECORD_LIST_CODE, access: { permission: 'stock_record_view', demoAllowed: true },
  }, list);
  productionStockRoutes(app, db, list);
  for (const family of STOCK_FAMILIES) documentRoutes(app, db, family, list);
}
