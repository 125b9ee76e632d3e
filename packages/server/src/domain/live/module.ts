import { defineModule } from '../../platform/module/define';
import { menuLeaf as leaf, ROLE } from '../../platform/menu/define';
import { liveRoutes } from './routes';

/** The vehicles in the plant, live: a server-sent stream of the company's trips as they change. */
export const liveModule = defineModule({
  key: 'live',
  depends: ['registry', 'weighing'],
  menu: [{
    area: '/reportforms',
    leaves: [leaf('厂内车辆统计', 'Vehicles in plant (live)', '/reportforms/factory-vehicle', [ROLE.operator], {
      component: 'reports/factory-vehicle',
      buttons: [{ name: '查看厂内车辆', en: 'View vehicles in plant', permission: 'report_live_view', roles: [ROLE.operator, 'ROLE_GENERAL_MANAGER'] }],
    })],
  }],
  routes: (app, { database }) => liveRoutes(app, database),
});
