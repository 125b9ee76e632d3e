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

export const MENU_AREAS: MenuArea[] = [
  { name: '采购', en: 'Purchase', path: '/purchase', icon: 'ShoppingCartOutlined' },
  {
    name: '销售', en: 'Sales', path: '/sale', icon: 'ShopOutlined',
    planned: [
    ],
  },
  { name: '调拨', en: 'Allot', path: '/allot', icon: 'SwapOutlined' },
  { name: '移库', en: 'Transfer', path: '/transfer', icon: 'RetweetOutlined' },
  { name: '过磅', en: 'Weighing', path: '/weigh', icon: 'DashboardOutlined' },
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
  },
  {
    name: '质检化验', en: 'Assay', path: '/quality', icon: 'ExperimentOutlined',
  },
  { name: '基础资料', en: 'Master data', path: '/masterdata', icon: 'AppstoreOutlined' },
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
      '/system/user', '/system/role', '/system/menu', '/system/org', '/system/dict', '/system/param', '/system/code-rule', '/system/log',
      '/system/interface', '/system/outbox', '/system/job', '/system/job-run', '/custom/format/form/sub', '/custom/format/form/sub/dt', '/custom/format/form/factor',
      '/help.html',
    ],
  },
];
