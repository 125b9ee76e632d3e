import type { FastifyInstance } from 'fastify';
import { listRequest } from '@wb/protocol';
import type { Database } from '../../../platform/db/pool';
import { ok } from '../../../platform/http/envelope';
import { AppError, parse } from '../../../platform/http/errors';
import { type ListOptions, runList } from '../../../platform/list/repo';
import { planList } from '../../../platform/list/rules';
import { loadListTemplate } from '../../../platform/templates/repo';
import { PRODUCTION_STOCK_LIST_CODE, PRODUCTION_STOCK_URL, PRODUCTS_ONLY } from './list';

/** 生产库存: the list engine over the stock balances, held to the company's products whatever is asked. */
export function productionStockRoutes(app: FastifyInstance, db: Database, list: ListOptions): void {
  app.post(PRODUCTION_STOCK_URL, { config: { access: { permission: 'stock_production_view', demoAllowed: true } } }, async (request) => {
    const body = parse(listRequest, request.body ?? {});
    const template = await loadListTemplate(db, PRODUCTION_STOCK_LIST_CODE);
    if (!template) throw new AppError(500, `列表模板 ${PRODUCTION_STOCK_LIST_CODE} 未配置`);
    const search = [...(body.search ?? []), ...PRODUCTS_ONLY];
    return ok(await runList(db, planList(template, { ...body, search }), request.caller.orgId, list));
  });
}
