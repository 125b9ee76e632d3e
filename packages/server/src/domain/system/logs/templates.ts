import type { FieldDef } from '../../../platform/templates/define';
import { defineListTemplate } from '../../../platform/templates/define';

/** The three logs of the system folder: what other systems pushed, what failed on the server, what failed in the browser. */
export const WS_LOG_LIST_CODE = 'system.ws-log.list';
export const ERROR_LOG_LIST_CODE = 'system.error-log.list';
export const ADMIN_LOG_LIST_CODE = 'system.admin-log.list';

const time = (fieldExplain: string, fieldExplainEn: string, columnSql: string): FieldDef => ({
  fieldName: 'createDate', fieldExplain, fieldExplainEn, fieldType: 'DATE', columnSql,
  iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'desc', searchType: 'dateTimePickerRange', columnWidth: 170,
});
const user: FieldDef = {
  fieldName: 'username', fieldExplain: '调用者', fieldExplainEn: 'Caller', fieldType: 'TEXT', columnSql: 't.username',
  iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 120,
};
const ip: FieldDef = { fieldName: 'ip', fieldExplain: 'IP地址', fieldExplainEn: 'IP address', fieldType: 'TEXT', columnSql: 't.ip', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 130 };

/** Web服务日志: the pushes of other systems, with what they sent and what they were answered. */
export const wsLogListTemplate = defineListTemplate({
  formatCode: WS_LOG_LIST_CODE, formatName: 'Web服务日志', formatNameEn: 'Web service log', mainTable: 'sys_ws_log',
  resUrl: '/api/system/ws-log/v2/list', menuPath: '/system/ws-log',
  fields: [
    time('调用时间', 'Called at', 't.created_at'),
    user,
    { fieldName: 'family', fieldExplain: '接口', fieldExplainEn: 'Interface', fieldType: 'TEXT', columnSql: 't.family', iallowQuery: true, searchType: 'input', columnWidth: 120 },
    { fieldName: 'url', fieldExplain: '地址', fieldExplainEn: 'URL', fieldType: 'TEXT', columnSql: 't.url', iallowQuery: true, searchType: 'input', columnWidth: 240 },
    { fieldName: 'success', fieldExplain: '结果', fieldExplainEn: 'Result', fieldType: 'BOOLEAN', columnSql: 't.success', iallowQuery: true, searchType: 'comboxSingle', columnWidth: 80,
      options: [{ value: true, label: '成功', labelEn: 'Succeeded' }, { value: false, label: '失败', labelEn: 'Failed' }] },
    { fieldName: 'status', fieldExplain: '状态码', fieldExplainEn: 'Status', fieldType: 'NUMBER', columnSql: 't.status', isortField: true, columnWidth: 80 },
    { fieldName: 'durationMs', fieldExplain: '耗时(毫秒)', fieldExplainEn: 'Duration (ms)', fieldType: 'NUMBER', columnSql: 't.duration_ms', isortField: true, columnWidth: 100 },
    { fieldName: 'payload', fieldExplain: '请求内容', fieldExplainEn: 'Payload', fieldType: 'TEXT', columnSql: 'left(t.payload::text, 4000)', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 320 },
    { fieldName: 'answer', fieldExplain: '应答内容', fieldExplainEn: 'Answer', fieldType: 'TEXT', columnSql: 'left(t.answer::text, 4000)', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 320 },
    { fieldName: 'requestId', fieldExplain: '请求编号', fieldExplainEn: 'Request id', fieldType: 'TEXT', columnSql: 't.request_id', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 280 },
    ip,
  ],
});

/** 系统日志: the server's unexpected errors, by request id, with the stack (administrators only). */
export const errorLogListTemplate = defineListTemplate({
  formatCode: ERROR_LOG_LIST_CODE, formatName: '系统日志', formatNameEn: 'System log', mainTable: 'sys_error_log',
  resUrl: '/api/system/error-log/v2/list', menuPath: '/system/error-log',
  fields: [
    time('发生时间', 'Occurred at', 't.created_at'),
    { fieldName: 'requestId', fieldExplain: '请求编号', fieldExplainEn: 'Request id', fieldType: 'TEXT', columnSql: 't.request_id', iallowQuery: true, searchType: 'input', columnWidth: 280 },
    { ...user, fieldExplain: '用户名', fieldExplainEn: 'User' },
    { fieldName: 'method', fieldExplain: '方法', fieldExplainEn: 'Method', fieldType: 'TEXT', columnSql: 't.method', columnWidth: 70 },
    { fieldName: 'url', fieldExplain: '地址', fieldExplainEn: 'URL', fieldType: 'TEXT', columnSql: 't.url', iallowQuery: true, searchType: 'input', columnWidth: 240 },
    { fieldName: 'message', fieldExplain: '错误信息', fieldExplainEn: 'Message', fieldType: 'TEXT', columnSql: 't.message', iallowQuery: true, searchType: 'input', columnWidth: 260 },
    { fieldName: 'stack', fieldExplain: '堆栈', fieldExplainEn: 'Stack', fieldType: 'TEXT', columnSql: 't.stack', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 400 },
    ip,
  ],
});

/** 前端日志: what the browser reported about itself (a page that failed to render, code that failed to load). */
export const ADMIN_LOG_TYPES = [
  { value: 'render', label: '页面渲染错误', labelEn: 'Render error' },
  { value: 'chunk', label: '页面代码加载失败', labelEn: 'Code failed to load' },
  { value: 'error', label: '脚本错误', labelEn: 'Script error' },
  { value: 'promise', label: '未处理的异步错误', labelEn: 'Unhandled rejection' },
] as const;

export const adminLogListTemplate = defineListTemplate({
  formatCode: ADMIN_LOG_LIST_CODE, formatName: '前端日志', formatNameEn: 'Browser log', mainTable: 'sys_admin_log',
  resUrl: '/api/system/admin-log/v2/list', menuPath: '/system/admin-log',
  fields: [
    time('上报时间', 'Reported at', 't.created_at'),
    { ...user, fieldExplain: '用户名', fieldExplainEn: 'User' },
    { fieldName: 'type', fieldExplain: '类型', fieldExplainEn: 'Type', fieldType: 'ENUM', columnSql: 't.type', options: ADMIN_LOG_TYPES.map((t) => ({ ...t })),
      iallowQuery: true, searchType: 'comboxSingle', columnWidth: 140 },
    { fieldName: 'title', fieldExplain: '错误信息', fieldExplainEn: 'Message', fieldType: 'TEXT', columnSql: 't.title', iallowQuery: true, searchType: 'input', columnWidth: 260 },
    { fieldName: 'url', fieldExplain: '页面', fieldExplainEn: 'Page', fieldType: 'TEXT', columnSql: 't.url', iallowQuery: true, searchType: 'input', columnWidth: 200 },
    { fieldName: 'stack', fieldExplain: '堆栈', fieldExplainEn: 'Stack', fieldType: 'TEXT', columnSql: 't.stack', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 360 },
    { fieldName: 'info', fieldExplain: '附加信息', fieldExplainEn: 'Details', fieldType: 'TEXT', columnSql: 't.info', columnWidth: 200 },
    { fieldName: 'userAgent', fieldExplain: '浏览器', fieldExplainEn: 'Browser', fieldType: 'TEXT', columnSql: 't.user_agent', columnWidth: 200 },
    ip,
  ],
});
