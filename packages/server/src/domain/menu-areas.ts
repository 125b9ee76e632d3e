import type { MenuArea } from '../platform/module/menu';
import type { MenuSeed } from '../platform/menu/define';

/**
 * The sidebar's folders in their order (spec section 1), the leaves no family builds yet, and the
 * order of the leaves where several families share a folder. A planned leaf has no component: the
 * web opens the no-template page for it until a module places a leaf of the same path (and the
 * planned one is taken out here: the start refuses a path twice).
 */
const OP = 'ROLE_OPERATOR';
const QA = 'ROLE_QUALITY';
const AC = 'ROLE_ACCOUNTANT';

const leaf = (name: string, en: string, path: string, roles: string[] = [], extra: Partial<MenuSeed> = {}): MenuSeed => ({
  name, en, path, roles, ...extra,
});

/**
 * A second-level folder of the sidebar (a MenuArea's `groups`): its path names the folder's menu
 * entry only, under /<area>/menu-group/ so no page's path can take it.
 */
const group = (area: string, key: string, name: string, en: string, leaves: string[]) => ({ name, en, path: `${area}/menu-group/${key}`, leaves });

export const MENU_AREAS: MenuArea[] = [
  {
    name: '采购', en: 'Purchase', path: '/purchase', icon: 'ShoppingCartOutlined',
    groups: [
      group('/purchase', 'contract-price', '合同价格', 'Contracts and prices', ['/purchase/contract', '/purchase/contract-amend', '/purchase/price', '/purchase/price-adjust']),
      group('/purchase', 'confirm', '现场确认', 'Site confirmation', ['/purchase/confirm', '/purchase/sampling']),
    ],
  },
  {
    name: '销售', en: 'Sales', path: '/sale', icon: 'ShopOutlined',
    planned: [
    ],
    groups: [
      group('/sale', 'contract-price', '合同价格', 'Contracts and prices', ['/sale/contract', '/sale/contract-amend', '/sale/price', '/sale/price-adjust']),
      group('/sale', 'money', '客户资金', 'Customer money', [
        '/sale/receive-payment', '/modules/sale/recive_payment/edit', '/sale/credit', '/sale/account', '/sale/statement', '/sale/money-ledger',
      ]),
      group('/sale', 'plan', '计划', 'Plans', ['/sale/plan-month', '/sale/plan-day', '/sale/plan-fulfilment', '/sale/plan-chart']),
      group('/sale', 'calculation', '计算', 'Calculation', ['/sale/calculation', '/sale/calculation-row']),
    ],
  },
  {
    name: '调拨', en: 'Allot', path: '/allot', icon: 'SwapOutlined',
    groups: [
      group('/allot', 'contract', '合同', 'Contracts', ['/allot/contract', '/allot/contract-amend']),
      group('/allot', 'calculation', '计算', 'Calculation', ['/allot/calculation', '/allot/calculation-row']),
    ],
  },
  { name: '移库', en: 'Transfer', path: '/transfer', icon: 'RetweetOutlined' },
  {
    name: '过磅', en: 'Weighing', path: '/weigh', icon: 'DashboardOutlined',
    groups: [
      group('/weigh', 'tickets', '过磅单', 'Weigh tickets', ['/weigh/pu', '/weigh/sa', '/weigh/al', '/weigh/tr', '/weigh/pr', '/weigh/st', '/weigh/pt']),
      group('/weigh', 'track', '轨道衡', 'Track scale', ['/weigh/track-pu', '/weigh/track-sa']),
      group('/weigh', 'alert', '预警', 'Alerts', ['/weigh/alert', '/weigh/alert-setting']),
    ],
  },
  { name: '通知单', en: 'Notices', path: '/notice', icon: 'ProfileOutlined' },
  { name: '登记', en: 'Registry', path: '/registry', icon: 'FileTextOutlined' },
  { name: '生产', en: 'Production', path: '/production', icon: 'BuildOutlined' },
  {
    name: '门岗管理', en: 'Gate', path: '/gate', icon: 'SafetyOutlined',
  },
  { name: '库存管理', en: 'Stock', path: '/stock', icon: 'DatabaseOutlined' },
  {
    name: '运费管理', en: 'Freight', path: '/freight', icon: 'CarOutlined',
  },
  {
    name: '结算管理', en: 'Settlement', path: '/settlement', icon: 'AccountBookOutlined',
    order: ['/settlement/purchase', '/settlement/sale', '/settlement/allot', '/settlement/freight', '/settlement/freight-row', '/settlement/reconcile'],
  },
  {
    name: '质检化验', en: 'Assay', path: '/quality', icon: 'ExperimentOutlined',
    groups: [
      group('/quality', 'setup', '化验设置', 'Assay setup', [
        '/quality/item', '/quality/format', '/quality/auto-model', '/quality/model', '/quality/group', '/quality/barrel', '/quality/ex-class',
      ]),
      group('/quality', 'kiosk', '批量质检', 'Lab bench', ['/viewWeigh', '/quality/kiosk']),
    ],
  },
  {
    name: '基础资料', en: 'Master data', path: '/masterdata', icon: 'AppstoreOutlined',
    groups: [
      group('/masterdata', 'party', '往来单位', 'Business partners', ['/masterdata/vendor', '/masterdata/customer', '/masterdata/carrier']),
      group('/masterdata', 'material', '物料', 'Materials', ['/masterdata/inventory-class', '/masterdata/inventory', '/modules/material/computation_group/edit']),
      group('/masterdata', 'vehicle', '车辆司机', 'Vehicles and drivers', [
        '/masterdata/vehicle', '/masterdata/driver', '/masterdata/ic-card', '/masterdata/blacklist', '/masterdata/handset',
      ]),
      group('/masterdata', 'storage', '仓储', 'Storage', [
        '/masterdata/warehouse', '/masterdata/warehouse-area', '/masterdata/silo', '/masterdata/discharge-point', '/masterdata/location', '/masterdata/batch', '/masterdata/tray',
        '/masterdata/stock-address', '/masterdata/stock-address-balance',
      ]),
      group('/masterdata', 'organisation', '组织人员', 'Organisation', ['/masterdata/factory', '/masterdata/department', '/masterdata/person', '/masterdata/line']),
      group('/masterdata', 'other', '字典编号', 'Dictionaries and numbers', ['/masterdata/dict-type', '/masterdata/dict-item', '/masterdata/number-prefix', '/masterdata/region']),
    ],
  },
  { name: '报表中心', en: 'Reports', path: '/reportforms', icon: 'BarChartOutlined' },
  {
    // leaves: domain/workflow/module.ts
    name: '审批流程', en: 'Approvals', path: '/workflow', icon: 'AuditOutlined',
  },
  {
    name: '许可管理', en: 'Licences', path: '/mgp', icon: 'SafetyCertificateOutlined',
  },
  {
    name: '系统管理', en: 'System', path: '/system', icon: 'SettingOutlined',
    planned: [
      // a page of this server (packages/web/public/help.html), opened in a new browser tab
      leaf('帮助文档', 'Help', '/help.html'),
    ],
    order: [
      '/system/user', '/system/role', '/system/menu', '/system/org', '/system/dict', '/system/param', '/system/code-rule',
      '/system/hierarchy-rule', '/system/announcement', '/system/home-shortcut', '/system/log', '/system/ws-log', '/system/error-log', '/system/admin-log',
      '/system/interface', '/system/outbox', '/system/data-source', '/system/job', '/system/job-run', '/system/replica', '/custom/format/form/sub', '/custom/format/form/sub/dt', '/custom/format/form/factor',
      '/help.html',
    ],
    groups: [
      group('/system', 'access', '用户权限', 'Users and rights', ['/system/user', '/system/role', '/system/menu', '/system/org']),
      group('/system', 'settings', '基础设置', 'Settings', ['/system/dict', '/system/param', '/system/code-rule', '/system/hierarchy-rule', '/system/station-key', '/system/announcement', '/system/home-shortcut']),
      group('/system', 'log', '日志', 'Logs', ['/system/log', '/system/ws-log', '/system/error-log', '/system/admin-log']),
      group('/system', 'interface', '接口任务', 'Interfaces and jobs', ['/system/interface', '/system/outbox', '/system/data-source', '/system/job', '/system/job-run', '/system/replica']),
      group('/system', 'template', '模板', 'Templates', ['/custom/format/form/sub', '/custom/format/form/sub/dt', '/custom/format/form/factor']),
    ],
  },
];
