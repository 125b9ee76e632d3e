import type { SearchCondition } from '@wb/protocol';
import { defineListTemplate } from '../../../platform/templates/define';
import { materialCodeSql, materialNameSql, tonsColumn, warehouseNameSql } from '../fields';

/**
 * 生产库存 (the spec's "pr stock"): the finished goods' stock, per product and warehouse. A product
 * is a material a production ticket (weigh kind pr) of the company weighs; its stock comes in from
 * the posted production tickets and goes out by the posted sales tickets (stock/README.md), and the
 * balance is the stock ledger's own. Beside it, the day's production: the net of the production
 * tickets of that product into that warehouse completed today (completed, audited or posted; a
 * ticket still at the scale has no net yet).
 */
export const PRODUCTION_STOCK_LIST_CODE = 'stock.production.list';
export const PRODUCTION_STOCK_URL = '/api/stock/production/v2/list';

/** What every search of the screen is held to: the balances of products only. */
export const PRODUCTS_ONLY: SearchCondition[] = [{ key: 'isProduct', op: 'eq', val: true }];

const ticketMoves = (direction: 'IN' | 'OUT', kind: 'pr' | 'sa') => `coalesce((SELECT sum(r.quantity) FROM wb_stock_record r JOIN wb_ticket k ON k.id = r.ticket_id
  WHERE r.org_id = t.org_id AND r.warehouse_id = t.warehouse_id AND r.material_id = t.material_id
    AND r.reversed_at IS NULL AND r.direction = '${direction}' AND k.kind = '${kind}'), 0)`;

const producedToday = (what: 'sum(k.net)' | 'count(*)') => `(SELECT coalesce(${what}, 0) FROM wb_ticket k
  WHERE k.org_id = t.org_id AND k.kind = 'pr' AND k.material_id = t.material_id AND k.warehouse_id = t.warehouse_id
    AND k.state IN ('COMPLETED', 'AUDITED', 'POSTED')
    AND k.completed_at >= current_date::timestamptz AND k.completed_at < (current_date + 1)::timestamptz)`;

const isProduct = `EXISTS (SELECT 1 FROM wb_ticket k WHERE k.org_id = t.org_id AND k.kind = 'pr' AND k.material_id = t.material_id AND k.state <> 'OBSOLETE')`;

export const productionStockListTemplate = defineListTemplate({
  formatCode: PRODUCTION_STOCK_LIST_CODE, formatName: '生产库存', formatNameEn: 'Production stock', mainTable: 'wb_stock_balance',
  resUrl: PRODUCTION_STOCK_URL, menuPath: '/production/stock',
  fields: [
    { fieldName: 'invCode', fieldExplain: '产品编码', fieldExplainEn: 'Product code', fieldType: 'TEXT', columnSql: materialCodeSql('material_id'),
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'asc', searchType: 'input', fixed: 'left', columnWidth: 120 },
    { fieldName: 'invName', fieldExplain: '产品', fieldExplainEn: 'Product', fieldType: 'TEXT', columnSql: materialNameSql('material_id'),
      iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 180 },
    { fieldName: 'wareName', fieldExplain: '仓库', fieldExplainEn: 'Warehouse', fieldType: 'TEXT', columnSql: warehouseNameSql('warehouse_id'),
      iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 150 },
    tonsColumn('todayNet', '今日产量(吨)', "Today's production (t)", producedToday('sum(k.net)'), { displayKind: 'weight', itotal: true, columnWidth: 130 }),
    { fieldName: 'todayTrips', fieldExplain: '今日车次', fieldExplainEn: "Today's trucks", fieldType: 'NUMBER', columnSql: producedToday('count(*)'), itotal: true, columnWidth: 100 },
    tonsColumn('producedIn', '生产入库(吨)', 'In from production (t)', ticketMoves('IN', 'pr'), { displayKind: 'weight', itotal: true, columnWidth: 140 }),
    tonsColumn('soldOut', '销售出库(吨)', 'Out by sales (t)', ticketMoves('OUT', 'sa'), { displayKind: 'weight', itotal: true, columnWidth: 140 }),
    tonsColumn('quantity', '结存数量(吨)', 'Balance (t)', 't.quantity', { displayKind: 'weight', itotal: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 130 }),
    { fieldName: 'updatedAt', fieldExplain: '更新时间', fieldExplainEn: 'Updated', fieldType: 'DATE', columnSql: 't.updated_at', isortField: true, columnWidth: 170 },
    { fieldName: 'isProduct', fieldExplain: '产品', fieldExplainEn: 'Product', fieldType: 'BOOLEAN', columnSql: isProduct, iallowQuery: true, ishow: false, ihidden: true },
  ],
});
