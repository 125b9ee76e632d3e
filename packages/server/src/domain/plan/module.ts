import { defineModule } from '../../platform/module/define';
import { documentApproval } from '../workflow/declare';
import { dayPlanFamily, monthPlanFamily, PLAN_FAMILIES } from './family';
import { FULFILMENT_PERMISSION, PLAN_LEAVES } from './menu';
import { FULFILMENT_LIST_CODE, FULFILMENT_URL, fulfilmentListTemplate } from './templates';
import { planRoutes } from './routes';

/**
 * Sales plans (销售计划): monthly plans and day plans on the document engine, the fulfilment list
 * and the month's chart. The day plan's control is called by the registry where a sales registry
 * takes its hold (quota.ts; README).
 */
export const planModule = defineModule({
  key: 'plan',
  depends: ['masterdata', 'workflow'],
  documents: PLAN_FAMILIES,
  // month and day plans are audited by their approval flow when the company defines one
  approvals: [
    documentApproval(monthPlanFamily, { nameEn: 'Monthly plans', menuPath: '/sale/plan-month' }),
    documentApproval(dayPlanFamily, { nameEn: 'Day plans', menuPath: '/sale/plan-day' }),
  ],
  templates: [fulfilmentListTemplate],
  menu: [{ area: '/sale', leaves: PLAN_LEAVES }],
  lists: [{ url: FULFILMENT_URL, template: FULFILMENT_LIST_CODE, permission: FULFILMENT_PERMISSION }],
  routes: (app, { db }) => planRoutes(app, db),
});
