import { PLAN_FULFILMENT_PERMISSION } from '@wb/protocol';
import { documentButtons, menuLeaf, ROLE, type MenuSeed } from '../../platform/menu/define';

/**
 * The plans' leaves in the 销售 (Sales) folder: the accountant keeps the plans; the operator, who
 * registers the sales trucks against them, reads them and follows their fulfilment.
 */
const { operator: OP, accountant: AC } = ROLE;

export const FULFILMENT_PERMISSION = PLAN_FULFILMENT_PERMISSION;

export const PLAN_LEAVES: MenuSeed[] = [
  menuLeaf('月计划', 'Monthly plans', '/sale/plan-month', [AC, OP], {
    buttons: documentButtons('sale_plan_month', ['create', 'update', 'delList', 'audit', 'unaudit', 'export', 'import'], [AC], [OP]),
  }),
  menuLeaf('日计划', 'Day plans', '/sale/plan-day', [AC, OP], {
    buttons: documentButtons('sale_plan_day', ['create', 'update', 'delList', 'audit', 'unaudit', 'export', 'import'], [AC], [OP]),
  }),
  menuLeaf('计划执行', 'Plan fulfilment', '/sale/plan-fulfilment', [AC, OP], {
    buttons: [{ name: '查看', en: 'View', permission: FULFILMENT_PERMISSION, component: 'view', roles: [AC, OP] }],
  }),
  // the month's plan against what was used, day by day (the web's plan/chart page)
  menuLeaf('计划执行图', 'Plan chart', '/sale/plan-chart', [AC, OP], { component: 'plan/chart' }),
];
