import { idParam, idsBody } from '@wb/protocol';
import { defineAction, defineModule } from '../../../platform/module/define';
import { documentButtons, menuLeaf as leaf } from '../../../platform/menu/define';
import { AppError } from '../../../platform/http/errors';
import { deleteClientLogs } from './repo';
import { adminLogRoutes } from './routes';
import {
  ADMIN_LOG_LIST_CODE, adminLogListTemplate, ERROR_LOG_LIST_CODE, errorLogListTemplate, WS_LOG_LIST_CODE, wsLogListTemplate,
} from './templates';

const deleted = (rows: { id: string; title: string }[]) => rows.map((r) => ({ action: 'deleteAdminLog', family: '前端日志', docNo: r.id, detail: r.title.slice(0, 200) }));

/**
 * The logs of the system folder beside the operation log: Web服务日志 (what other systems pushed,
 * written by the document engine's datax route), 系统日志 (the server's 500s, written by the
 * error handler) and 前端日志 (what the browser reported). Administrators only.
 */
export const systemLogsModule = defineModule({
  key: 'system-logs',
  depends: ['system'],
  templates: [wsLogListTemplate, errorLogListTemplate, adminLogListTemplate],
  menu: [{
    area: '/system',
    leaves: [
      leaf('Web服务日志', 'Web service log', '/system/ws-log', [], { buttons: documentButtons('sys_ws_log', [], []) }),
      leaf('系统日志', 'System log', '/system/error-log', [], { buttons: documentButtons('sys_error_log', [], []) }),
      leaf('前端日志', 'Browser log', '/system/admin-log', [], { buttons: documentButtons('sys_admin_log', ['delList'], []) }),
    ],
  }],
  lists: [
    { url: '/api/system/ws-log/v2/list', template: WS_LOG_LIST_CODE, permission: 'sys_ws_log_view' },
    { url: '/api/system/error-log/v2/list', template: ERROR_LOG_LIST_CODE, permission: 'sys_error_log_view' },
    { url: '/api/system/admin-log/v2/list', template: ADMIN_LOG_LIST_CODE, permission: 'sys_admin_log_view' },
  ],
  actions: [
    defineAction({
      method: 'DELETE', path: '/api/admin/log/:id', permission: 'sys_admin_log_delList', params: idParam,
      run: async ({ tx, who, input }) => {
        const rows = await deleteClientLogs(tx, who.orgId, [input.params.id]);
        if (!rows.length) throw AppError.of('notFound', '日志不存在', 'id');
        return rows;
      },
      log: (_, rows) => deleted(rows), reply: () => true, message: '删除成功',
    }),
    defineAction({
      method: 'DELETE', path: '/api/system/admin-log/delList', permission: 'sys_admin_log_delList', body: idsBody,
      run: async ({ tx, who, input }) => deleteClientLogs(tx, who.orgId, input.body.ids),
      log: (_, rows) => deleted(rows), reply: (rows) => ({ count: rows.length }), message: '删除成功',
    }),
  ],
  routes: (app, { db }) => adminLogRoutes(app, db),
});
