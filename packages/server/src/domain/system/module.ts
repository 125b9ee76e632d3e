import { defineModule } from '../../platform/module/define';
import { menuLeaf as leaf } from '../../platform/menu/define';
import { passwordRoutes } from './routes';
import { LOG_LIST_CODE, logListTemplate } from './templates';

/** The operation log (操作日志: who changed what, searchable by document) and passwords. */
export const systemModule = defineModule({
  key: 'system',
  templates: [logListTemplate],
  menu: [{
    area: '/system',
    leaves: [leaf('操作日志', 'Operation log', '/system/log', [], {
      component: 'system/log',
      buttons: [{ name: '查看日志', en: 'View log', permission: 'sys_log_view' }],
    })],
  }],
  lists: [{ url: '/api/system/log/v2/list', template: LOG_LIST_CODE, permission: 'sys_log_view' }],
  routes: (app, { db }) => passwordRoutes(app, db),
});
