import { defineModule } from '../../platform/module/define';
import { STOCK_FAMILIES } from './families';
import { BALANCE_LIST_CODE, balanceListTemplate, RECORD_LIST_CODE, recordListTemplate } from './lists';
import { PRODUCTION_STOCK_LEAF, STOCK_LEAVES } from './menu';
import { PRODUCTION_STOCK_LIST_CODE, PRODUCTION_STOCK_URL, PRODUCTS_ONLY, productionStockListTemplate } from './production/list';
import { stockBalanceCheck } from './consistency-repo';

/**
 * Stock (库存管理): balances and records read through the list engine, opening stock and transfer
 * forms on the document engine. A posting moves its balance in its own transaction (README).
 */
export const stockModule = defineModule({
  key: 'stock',
  checks: [stockBalanceCheck],
  depends: ['masterdata', 'weighing'],
  documents: STOCK_FAMILIES,
  templates: [balanceListTemplate, recordListTemplate, productionStockListTemplate],
  menu: [{ area: '/stock', leaves: STOCK_LEAVES }, { area: '/production', leaves: [PRODUCTION_STOCK_LEAF] }],
  lists: [
    { url: '/api/stock/balance/v2/list', template: BALANCE_LIST_CODE, permission: 'stock_balance_view' },
    { url: '/api/stock/record/v2/list', template: RECORD_LIST_CODE, permission: 'stock_record_view' },
    // 生产库存: the balances, held to the company's products whatever is asked
    { url: PRODUCTION_STOCK_URL, template: PRODUCTION_STOCK_LIST_CODE, permission: 'stock_production_view', forced: () => PRODUCTS_ONLY },
  ],
});
