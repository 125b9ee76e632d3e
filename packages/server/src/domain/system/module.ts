import { idParam, passwordModifyBody, passwordResetBody } from '@wb/protocol';
import { defineAction, defineModule } from '../../platform/module/define';
import { menuLeaf as leaf } from '../../platform/menu/define';
import { modifyPassword, resetPassword } from './passwords';
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
  actions: [
    // one's own password: any signed-in user, for themselves alone (the use case checks)
    ...(['PUT', 'POST'] as const).map((method) => defineAction({
      method, path: '/api/sys-user/password/modify/:id', permission: '', signedIn: true, params: idParam, body: passwordModifyBody, bodyAsSent: true,
      run: ({ tx, who, input }) => modifyPassword(tx, who, { id: input.params.id, ...input.body }),
      log: (_, note) => note, reply: () => true, message: '修改成功',
    })),
    defineAction({
      method: 'PUT', path: '/api/sys-user/password/reset/:id', permission: 'sys_user_reset', params: idParam, body: passwordResetBody,
      run: ({ tx, who, input }) => resetPassword(tx, who, { id: input.params.id, newpassword: input.body.newpassword }),
      log: (_, note) => note, reply: () => true, message: '重置成功',
    }),
  ],
  routes: (app, { db }) => passwordRoutes(app, db),
});
