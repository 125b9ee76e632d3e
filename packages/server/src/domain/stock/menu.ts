import type { MenuButtonSeed, MenuSeed } from '../../seed/menus';

/**
 * The 库存管理 (Stock) menu area: balances and records to look at, opening stock and transfer
 * forms to write (opening stock also from a sheet). Accountants keep the stock; operators look at it.
 */
const OP = 'ROLE_OPERATOR';
const AC = 'ROLE_ACCOUNTANT';

const DOCUMENT: [NonNullable<MenuButtonSeed['component']>, string, string][] = [
  ['view', '查看', 'View'], ['create', '新增', 'Add'], ['update', '修改', 'Edit'], ['delList', '删除', 'Delete'],
  ['audit', '审核', 'Audit'], ['unaudit', '反审核', 'Un-audit'], ['export', '导出', 'Export'],
];

function documentButtons(prefix: string, actions = DOCUMENT): MenuButtonSeed[] {
  return actions.map(([action, name, en]) => ({ name, en, permission: `${prefix}_${action}`, component: action, roles: action === 'view' ? [AC, OP] : [AC] }));
}

const viewButton = (permission: string): MenuButtonSeed[] => [{ name: '查看', en: 'View', permission, component: 'view', roles: [AC, OP] }];

export const STOCK_MENU: MenuSeed = {
  name: '库存管理', en: 'Stock', path: '/stock', icon: 'DatabaseOutlined',
  children: [
    { name: '库存查询', en: 'Stock balances', path: '/stock/balance', roles: [AC, OP], buttons: viewButton('stock_balance_view') },
    { name: '出入库记录', en: 'Stock records', path: '/stock/record', roles: [AC, OP], buttons: viewButton('stock_record_view') },
    { name: '期初库存', en: 'Opening stock', path: '/stock/early', roles: [AC, OP], buttons: documentButtons('stock_early', [...DOCUMENT, ['import', '导入', 'Import']]) },
    { name: '移库单', en: 'Transfer forms', path: '/stock/transfer-form', roles: [AC, OP], buttons: documentButtons('stock_transfer', [...DOCUMENT, ['copy', '复制', 'Copy']]) },
  ],
};

/** 生产库存 under the 生产 (Production) area: the finished goods' stock and the day's production. */
export const PRODUCTION_STOCK_LEAF: MenuSeed = {
  name: '生产库存', en: 'Production stock', path: '/production/stock', roles: [AC, OP], buttons: viewButton('stock_production_view'),
};
