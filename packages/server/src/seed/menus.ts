import type { ButtonAction, FamilyActionKind } from '@wb/protocol';
import { WEIGH_MENU } from '../domain/weighing/menu';
import { confirmLeaves } from '../domain/confirm/menu';
import { PRODUCTION_STOCK_LEAF, STOCK_MENU } from '../domain/stock/menu';
import { REGISTRY_MENU } from '../domain/registry/menu';
import { NOTICE_MENU } from '../domain/notice/menu';

/**
 * The demo plant's menu tree: every area of the platform (spec section 1). A leaf whose page is
 * not built yet has no component, and the web opens the no-template page for it.
 */
export interface MenuSeed {
  name: string;
  en: string;
  path: string;
  icon?: string;
  component?: string;
  keepAlive?: boolean;
  /** role codes granted this leaf besides the administrator; a menu with children is granted to
   *  exactly the roles that hold one of its leaves, so no role sees an empty folder */
  roles?: string[];
  app?: boolean;
  children?: MenuSeed[];
  buttons?: MenuButtonSeed[];
}

/**
 * A button entry: `component` is the action it runs (BUTTON_ACTIONS, or a family's own action
 * `batch:letin` / `one:print` / `page:readCard`: protocol documents.ts), `permission` the key checked.
 */
export interface MenuButtonSeed {
  name: string; en: string; permission: string; component?: ButtonAction | `${FamilyActionKind}:${string}`; path?: string; roles?: string[];
}

/** A family's own action as a list button, its permission `${prefix}_${name}` like the others. */
export const familyButton = (prefix: string, kind: FamilyActionKind, name: string, zh: string, en: string, roles: string[]): MenuButtonSeed => ({
  name: zh, en, permission: `${prefix}_${name}`, component: `${kind}:${name}`, roles,
});

const OP = 'ROLE_OPERATOR';
const QA = 'ROLE_QUALITY';
const AC = 'ROLE_ACCOUNTANT';

const leaf = (name: string, en: string, path: string, roles: string[] = [], extra: Partial<MenuSeed> = {}): MenuSeed => ({
  name, en, path, roles, ...extra,
});

const BUTTON_LABELS: Record<ButtonAction, [string, string]> = {
  view: ['查看', 'View'], create: ['新增', 'Add'], update: ['修改', 'Edit'], delList: ['删除', 'Delete'],
  audit: ['审核', 'Audit'], unaudit: ['反审核', 'Un-audit'], enable: ['启用', 'Enable'], disable: ['停用', 'Disable'],
  obsolete: ['作废', 'Void'], recover: ['恢复', 'Recover'], copy: ['复制', 'Copy'], export: ['导出', 'Export'],
  import: ['导入', 'Import'], allocate: ['分配', 'Allocate'], cancelAllocate: ['取消分配', 'Withdraw'],
  loss: ['挂失', 'Report lost'], reuse: ['解除挂失', 'Found again'],
};

/**
 * The buttons of a document list (packages/protocol/src/documents.ts): one entry per action, its
 * permission `${prefix}_${action}`. `editors` may take every action; `viewers` only look.
 */
function documentButtons(prefix: string, actions: ButtonAction[], editors: string[], viewers: string[] = []): MenuButtonSeed[] {
  return (['view', ...actions] as ButtonAction[]).map((action) => ({
    name: BUTTON_LABELS[action][0], en: BUTTON_LABELS[action][1], permission: `${prefix}_${action}`, component: action,
    roles: action === 'view' ? [...editors, ...viewers] : editors,
  }));
}

const EDIT: ButtonAction[] = ['create', 'update', 'delList', 'enable', 'disable', 'export', 'import'];
const ARCHIVE: ButtonAction[] = ['create', 'update', 'delList', 'audit', 'unaudit', 'obsolete', 'recover', 'enable', 'disable', 'copy', 'export', 'import', 'allocate', 'cancelAllocate'];

/** The five weighing kinds share one shape of menu: site confirmation (notices, registries and tickets have their areas). */
function weighingArea(name: string, en: string, code: string, icon: string, extra: MenuSeed[] = []): MenuSeed {
  return {
    name, en, path: `/${code}`, icon,
    children: [
      ...confirmLeaves(`/${code}`),
      ...extra,
    ],
  };
}

export const MENU_TREE: MenuSeed[] = [
  weighingArea('采购', 'Purchase', 'purchase', 'ShoppingCartOutlined', [
    leaf('采购合同', 'Purchase contracts', '/purchase/contract', [AC]),
  ]),
  weighingArea('销售', 'Sales', 'sale', 'ShopOutlined', [
    leaf('销售合同', 'Sales contracts', '/sale/contract', [AC]),
    leaf('销售价格', 'Sales prices', '/sale/price', [AC]),
    leaf('销售计算', 'Sales calculation', '/sale/calculation', [AC]),
    leaf('收款登记', 'Payments received', '/sale/receive-payment', [AC]),
  ]),
  weighingArea('调拨', 'Allot', 'allot', 'SwapOutlined', [leaf('调拨合同', 'Allot contracts', '/allot/contract', [AC])]),
  weighingArea('移库', 'Transfer', 'transfer', 'RetweetOutlined'),
  // weigh tickets of every kind (domain/weighing)
  WEIGH_MENU,
  // notices (domain/notice)
  NOTICE_MENU,
  // registries and the gate (domain/registry)
  REGISTRY_MENU,
  {
    name: '生产', en: 'Production', path: '/production', icon: 'BuildOutlined',
    // finished goods in from production and out by sales, with the day's production (domain/stock/production)
    children: [PRODUCTION_STOCK_LEAF],
  },
  {
    name: '门岗管理', en: 'Gate', path: '/gate', icon: 'SafetyOutlined',
    children: [
      leaf('车辆入厂', 'Gate entrance', '/gate/entrance', [OP]),
      leaf('车辆出厂', 'Gate release', '/gate/release', [OP]),
      leaf('IC卡读写', 'IC card reading', '/gate/card', [OP]),
      leaf('厂内车辆', 'Vehicles in plant', '/gate/in-plant', [OP]),
    ],
  },
  // stock balances, records, opening stock and transfer forms (domain/stock)
  STOCK_MENU,
  {
    name: '运费管理', en: 'Freight', path: '/freight', icon: 'CarOutlined',
    children: [
      leaf('运费合同', 'Freight contracts', '/freight/contract', [AC]),
      leaf('运费价格', 'Freight prices', '/freight/price', [AC]),
      leaf('运费计划价', 'Freight plan prices', '/freight/plan-price', [AC]),
    ],
  },
  {
    name: '结算管理', en: 'Settlement', path: '/settlement', icon: 'AccountBookOutlined',
    children: [
      leaf('采购结算', 'Purchase settlement', '/settlement/purchase', [AC]),
      leaf('销售结算', 'Sales settlement', '/settlement/sale', [AC]),
      leaf('运费结算', 'Freight settlement', '/settlement/freight', [AC]),
    ],
  },
  {
    name: '质检化验', en: 'Assay', path: '/quality', icon: 'ExperimentOutlined',
    children: [
      leaf('化验单', 'Assays', '/quality/assay', [QA]),
      leaf('化验项目', 'Assay items', '/quality/item', [QA]),
      leaf('化验模板', 'Assay formats', '/quality/format', [QA]),
      leaf('复检', 'Rechecks', '/quality/recheck', [QA]),
      leaf('批量质检平台', 'Bulk inspection', '/viewWeigh', [QA]),
    ],
  },
  {
    name: '基础资料', en: 'Master data', path: '/masterdata', icon: 'AppstoreOutlined',
    children: [
      leaf('供应商', 'Vendors', '/masterdata/vendor', [AC], { buttons: documentButtons('md_vendor', ARCHIVE, [AC], [OP]) }),
      leaf('客户', 'Customers', '/masterdata/customer', [AC], { buttons: documentButtons('md_customer', ARCHIVE, [AC], [OP]) }),
      leaf('存货分类', 'Inventory classes', '/masterdata/inventory-class', [OP, QA, AC], { buttons: documentButtons('md_inventory_class', EDIT, [AC], [OP, QA]) }),
      leaf('物料', 'Materials', '/masterdata/inventory', [OP, QA, AC], { buttons: documentButtons('md_inventory', ARCHIVE, [AC], [OP, QA]) }),
      leaf('车辆', 'Vehicles', '/masterdata/vehicle', [OP], { buttons: documentButtons('md_vehicle', EDIT, [OP]) }),
      leaf('司机', 'Drivers', '/masterdata/driver', [OP], { buttons: documentButtons('md_driver', EDIT, [OP]) }),
      leaf('IC卡', 'IC cards', '/masterdata/ic-card', [OP], { buttons: documentButtons('md_ic_card', ['create', 'update', 'delList', 'loss', 'reuse', 'enable', 'disable', 'export', 'import'], [OP]) }),
      leaf('承运商', 'Carriers', '/masterdata/carrier', [AC], { buttons: documentButtons('md_carrier', ARCHIVE, [AC], [OP]) }),
      leaf('仓库', 'Warehouses', '/masterdata/warehouse', [OP, AC], { buttons: documentButtons('md_warehouse', [...EDIT, 'copy'], [AC], [OP]) }),
      leaf('货区', 'Warehouse areas', '/masterdata/warehouse-area', [OP, AC], { buttons: documentButtons('md_warehouse_area', EDIT, [AC], [OP]) }),
      leaf('筒仓', 'Silos', '/masterdata/silo', [OP, AC], { buttons: documentButtons('md_silo', EDIT, [AC], [OP]) }),
      leaf('黑名单', 'Blacklist', '/masterdata/blacklist', [OP], { buttons: documentButtons('md_blacklist', EDIT, [OP]) }),
      leaf('字典类型', 'Dictionary types', '/masterdata/dict-type', [OP, AC], { buttons: documentButtons('md_dict_type', EDIT, [AC], [OP]) }),
      leaf('字典项', 'Dictionary items', '/masterdata/dict-item', [OP, AC], { buttons: documentButtons('md_dict_item', EDIT, [AC], [OP]) }),
      leaf('排队卸货地点', 'Discharge points', '/masterdata/discharge-point', [OP, AC], { buttons: documentButtons('md_discharge_point', EDIT, [OP], [AC]) }),
      leaf('线路', 'Lines', '/masterdata/line', [OP], { buttons: documentButtons('md_line', [...EDIT, 'copy'], [OP]) }),
      leaf('工厂', 'Factories', '/masterdata/factory', [OP, AC], { buttons: documentButtons('md_factory', [...EDIT, 'copy'], [AC], [OP]) }),
      leaf('人员', 'Persons', '/masterdata/person', [OP, AC], { buttons: documentButtons('md_person', [...EDIT, 'copy'], [AC], [OP]) }),
      // a company's departments (domain/system/org-structure), kept by the accountant
      leaf('部门', 'Departments', '/masterdata/department', [OP, QA, AC], {
        component: 'org-structure/departments', buttons: documentButtons('sys_dept', EDIT, [AC], [OP, QA]),
      }),
      leaf('手持机', 'Handsets', '/masterdata/handset', [], { app: true }),
    ],
  },
  {
    name: '报表中心', en: 'Reports', path: '/reportforms', icon: 'BarChartOutlined',
    children: [
      leaf('过磅日报', 'Daily weighing report', '/reportforms/daily', [OP, QA, AC], {
        // the home page's counts and gate chart (domain/report) are read with this leaf's right
        buttons: [{ name: '首页统计', en: 'Plant counts', permission: 'report_home_view', roles: [OP, QA, AC] }],
      }),
      leaf('班组报表', 'Team report', '/reportforms/team', [OP, AC], {
        component: 'reports/team',
        buttons: [
          { name: '查看班组报表', en: 'View team reports', permission: 'report_team_view', roles: [OP, AC] },
          { name: '导出班组报表', en: 'Export team reports', permission: 'report_team_export', roles: [OP, AC] },
          { name: '班组设置', en: 'Team setup', permission: 'report_team_config' },
        ],
      }),
      leaf('班组日报', 'Team daily report', '/reportforms/team-day', [OP, AC], { component: 'reports/team-day' }),
      leaf('厂内车辆统计', 'Vehicles in plant (live)', '/reportforms/factory-vehicle', [OP], {
        component: 'reports/factory-vehicle',
        buttons: [{ name: '查看厂内车辆', en: 'View vehicles in plant', permission: 'report_live_view', roles: [OP] }],
      }),
    ],
  },
  {
    name: '审批流程', en: 'Approvals', path: '/workflow', icon: 'AuditOutlined',
    children: [leaf('我的待办', 'My tasks', '/workflow/todo', [OP, QA, AC]), leaf('流程配置', 'Workflow setup', '/workflow/config')],
  },
  {
    name: '许可管理', en: 'Licences', path: '/mgp', icon: 'SafetyCertificateOutlined',
    children: [leaf('许可产品', 'Licensed products', '/mgp/product'), leaf('许可发放', 'Grants', '/mgp/grant')],
  },
  {
    name: '系统管理', en: 'System', path: '/system', icon: 'SettingOutlined',
    children: [
      leaf('用户管理', 'Users', '/system/user', [], {
        component: 'system-admin/users',
        buttons: [
          { name: '查看用户', en: 'View users', permission: 'sys_user_view' },
          { name: '编辑用户', en: 'Edit users', permission: 'sys_user_edit' },
          { name: '重置密码', en: 'Reset password', permission: 'sys_user_reset' },
        ],
      }),
      leaf('角色管理', 'Roles', '/system/role', [], {
        component: 'system-admin/roles',
        buttons: [
          { name: '查看角色', en: 'View roles', permission: 'sys_role_view' },
          { name: '编辑角色', en: 'Edit roles', permission: 'sys_role_edit' },
        ],
      }),
      leaf('菜单管理', 'Menus', '/system/menu', [], {
        component: 'system-admin/menus',
        buttons: [
          { name: '查看菜单', en: 'View menus', permission: 'sys_menu_view' },
          { name: '编辑菜单', en: 'Edit menus', permission: 'sys_menu_edit' },
        ],
      }),
      // the group and its organisations (domain/system/org-structure): only administrators change them
      leaf('组织机构', 'Organisations', '/system/org', [], {
        component: 'org-structure/organisations',
        buttons: [...documentButtons('sys_org', ['create', 'update', 'delList', 'enable', 'disable', 'export'], []),
          { name: '修改集团', en: 'Edit group', permission: 'sys_group_update' }],
      }),
      // the dictionary types and items of 基础资料, kept here by administrators (masterdata/dictionary)
      leaf('字典管理', 'Dictionaries', '/system/dict', [], { buttons: documentButtons('sys_dict', EDIT, []) }),
      leaf('参数设置', 'Parameters', '/system/param', [], {
        component: 'system-admin/params',
        buttons: [
          { name: '查看参数', en: 'View parameters', permission: 'sys_param_view' },
          { name: '修改参数', en: 'Edit parameters', permission: 'sys_param_edit' },
        ],
      }),
      leaf('编码规则', 'Code rules', '/system/code-rule', [], { buttons: documentButtons('sys_code_rule', ['create', 'update', 'delList', 'enable', 'disable', 'export'], []) }),
      leaf('操作日志', 'Operation log', '/system/log', [], {
        component: 'system/log',
        buttons: [{ name: '查看日志', en: 'View log', permission: 'sys_log_view' }],
      }),
      // the outbox (platform/outbox): where messages to other systems go, and what was sent
      leaf('接口配置', 'Interfaces', '/system/interface', [], { buttons: documentButtons('sys_interface', ['create', 'update', 'delList', 'enable', 'disable'], []) }),
      leaf('接口消息', 'Interface messages', '/system/outbox', [], {
        buttons: [...documentButtons('sys_outbox', [], []), familyButton('sys_outbox', 'batch', 'resend', '重新发送', 'Resend', [])],
      }),
      leaf('定时任务', 'Scheduled jobs', '/system/job'),
      // template attribute configuration (spec section 2: /custom/format/form/*): administrators only
      leaf('模板配置', 'Templates', '/custom/format/form/sub', [], {
        component: 'template-admin/formats',
        buttons: [{ name: '编辑模板', en: 'Edit templates', permission: 'sys_template_edit' }],
      }),
      leaf('模板字段属性', 'Template field', '/custom/format/form/sub/dt', [], { component: 'template-admin/field' }),
      leaf('模板参数配置', 'Template parameters', '/custom/format/form/factor', [], { component: 'template-admin/factor' }),
      // a page of this server (packages/web/public/help.html), opened in a new browser tab
      leaf('帮助文档', 'Help', '/help.html'),
    ],
  },
];

/**
 * Leaves the tree once seeded at another path: a database seeded then has its entry moved to the
 * new path at start (seed/menu-upgrade.ts), keeping its id, name and grants. The help page used to
 * name one host and port, wrong on any other installation.
 */
export const MOVED_LEAVES: { from: string; to: string }[] = [
  { from: 'http://localhost:8080/help.html', to: '/help.html' },
];
