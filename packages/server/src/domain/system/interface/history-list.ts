import { eventOptions } from '../../../platform/events/catalogue';
import { defineListTemplate } from '../../../platform/templates/define';

export const HISTORY_LIST_CODE = 'system.outbox.list';

const lastTry = (column: string) => `(SELECT a.${column} FROM sys_delivery_attempt a WHERE a.delivery_id = t.id ORDER BY a.id DESC LIMIT 1)`;

/**
 * 事件历史: every event delivered to a subscriber (a webhook, the ERP), what waits, what was sent
 * and what failed, with the last try's answer; resend from here. One row per delivery, the event's
 * type and key copied onto it so filtering needs no join.
 */
export const historyListTemplate = defineListTemplate({
  formatCode: HISTORY_LIST_CODE, formatName: '事件历史', formatNameEn: 'Event history', mainTable: 'sys_delivery',
  resUrl: '/api/system/outbox/v2/list', menuPath: '/system/outbox',
  fields: [
    { fieldName: 'createDate', fieldExplain: '发生时间', fieldExplainEn: 'Occurred', fieldType: 'DATE', columnSql: 't.created_at',
      iallowQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'eventType', fieldExplain: '事件', fieldExplainEn: 'Event', fieldType: 'ENUM', columnSql: 't.event_type',
      options: eventOptions, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 140 },
    { fieldName: 'messageKey', fieldExplain: '单据编号', fieldExplainEn: 'Document no.', fieldType: 'TEXT', columnSql: 't.event_key',
      iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 170 },
    { fieldName: 'subscription', fieldExplain: '接收方', fieldExplainEn: 'Subscriber', fieldType: 'TEXT',
      columnSql: '(SELECT s.name FROM sys_subscription s WHERE s.id = t.subscription_id)', columnWidth: 140 },
    { fieldName: 'state', fieldExplain: '状态', fieldExplainEn: 'State', fieldType: 'ENUM', columnSql: 't.state', iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90,
      options: [{ value: 'PENDING', label: '待发送', labelEn: 'Pending', color: 'orange' }, { value: 'SENT', label: '已发送', labelEn: 'Sent', color: 'green' }, { value: 'FAILED', label: '失败', labelEn: 'Failed', color: 'red' }] },
    { fieldName: 'attempts', fieldExplain: '尝试次数', fieldExplainEn: 'Attempts', fieldType: 'NUMBER', columnSql: 't.attempts', columnWidth: 90 },
    { fieldName: 'resent', fieldExplain: '重发次数', fieldExplainEn: 'Resent', fieldType: 'NUMBER', columnSql: 't.resent', columnWidth: 90 },
    { fieldName: 'nextAttemptAt', fieldExplain: '下次尝试', fieldExplainEn: 'Next attempt', fieldType: 'DATE', columnSql: "CASE WHEN t.state = 'PENDING' THEN t.next_attempt_at END", columnWidth: 170 },
    { fieldName: 'sentAt', fieldExplain: '发送时间', fieldExplainEn: 'Sent', fieldType: 'DATE', columnSql: 't.sent_at', isortField: true, columnWidth: 170 },
    { fieldName: 'lastStatus', fieldExplain: '应答状态', fieldExplainEn: 'Answer', fieldType: 'NUMBER', columnSql: 't.last_status', columnWidth: 90 },
    { fieldName: 'lastDuration', fieldExplain: '耗时(毫秒)', fieldExplainEn: 'Took (ms)', fieldType: 'NUMBER', columnSql: lastTry('duration_ms'), columnWidth: 100 },
    { fieldName: 'lastError', fieldExplain: '错误信息', fieldExplainEn: 'Error', fieldType: 'TEXT', columnSql: 't.last_error', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 260 },
    { fieldName: 'lastResponse', fieldExplain: '应答内容', fieldExplainEn: 'Response', fieldType: 'TEXT', columnSql: lastTry('response'), columnWidth: 260 },
    { fieldName: 'payload', fieldExplain: '事件内容', fieldExplainEn: 'Payload', fieldType: 'TEXT',
      columnSql: '(SELECT e.payload::text FROM sys_event e WHERE e.org_id = t.org_id AND e.id = t.event_id)', columnWidth: 360 },
  ],
});
