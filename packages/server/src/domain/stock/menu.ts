import type { ButtonAction } from '@wb/protocol';
import { documentButtons, type MenuButtonSeed, type MenuSeed } from '../../platform/menu/define';

/**
 * The 库存管理 (Stock) menu area: balances and records to look at, opening stock and transfer
 * forms to write (opening stock also from a sheet). Accountants keep the stock; operators look at it.
 */
const OP = 'ROLE_OPERATOR';
const AC = 'ROLE_ACCOUNTANT';

const DOCUMENT: ButtonAction[] = ['create', 'update', 'delList', 'audit', 'unaudit', 'export'];

const viewButton = (permission: string): MenuButtonSeed[] => [{ name: '查看', en: 'View', permission, component: 'view', roles: [AC, OP] }];

/** The 库存管理 (Stock) folder's leaves. */
export const STOCK_LEAVES: MenuSeed[] = [
  { name: '库存查询', en: 'Stock balances', path: '/stock/balance', roles: [AC, OP], buttons: viewButton('stock_balance_view') },
  { name: '出入库记录', en: 'Stock records', path: '/stock/record', roles: [AC, OP], buttons: viewButton('stock_record_view') },
  { name: '期初库存', en: 'Opening stock', path: '/stock/early', roles: [AC, OP], buttons: documentButtons('stock_early', [...DOCUMENT, 'import'], [AC], [OP]) },
  { name: '移库单', en: 'Transfer forms', path: '/stock/transfer-form', roles: [AC, OP], buttons: documentButtons('stock_transfer', [...DOCUMENT, 'copy'], [AC], [OP]) },
];

/** 生产库存 under the 生产 (Production) area: the finished goods' stock and the day's production. */
export const PRODUCTION_STOCK_LEAF: MenuSeed = {
  name: '生产库存', en: 'Production stock', path: '/production/stock', roles: [AC, OP], buttons: viewButton('stock_production_view'),
};
