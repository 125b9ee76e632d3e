import { defineListTemplate } from '../../../platform/templates/define';
import { OUTBOX_TOPICS } from './topics';

export const OUTBOX_LIST_CODE = 'system.outbox.list';

/** 接口消息: what was sent to other systems, what waits and what failed (the event history). */
export const outboxListTemplate = defineListTemplate({
  formatCode: OUTBOX_LIST_CODE, formatName: '接口消息', formatNameEn: 'Interface messages', mainTable: 'sys_outbox',
  resUrl: '/api/system/outbox/v2/list', menuPath: '/system/outbox',
  fields: [
    { fieldName: 'createDate', fieldExplain: '产生时间', fieldExplainEn: 'Created', fieldType: 'DATE', columnSql: 't.created_at',
      iallowQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'topic', fieldExplain: '消息类型', fieldExplainEn: 'Message type', fieldType: 'ENUM', columnSql: 't.topic',
      options: OUTBOX_TOPICS.map((t) => ({ value: t.value, label: t.label, labelEn: t.labelEn })), iallowQuery: true, searchType: 'comboxSingle', columnWidth: 140 },
    { fieldName: 'messageKey', fieldExplain: '单据编号', fieldExplainEn: 'Document no.', fieldType: 'TEXT', columnSql: 't.message_key',
      iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 170 },
    { fieldName: 'state', fieldExplain: '状态', fieldExplainEn: 'State', fieldType: 'ENUM', columnSql: 't.state', iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90,
      options: [{ value: 'PENDING', label: '待发送', labelEn: 'Pending', color: 'orange' }, { value: 'SENT', label: '已发送', labelEn: 'Sent', color: 'green' }, { value: 'FAILED', label: '失败', labelEn: 'Failed', color: 'red' }] },
    { fieldName: 'attempts', fieldExplain: '尝试次数', fieldExplainEn: 'Attempts', fieldType: 'NUMBER', columnSql: 't.attempts', columnWidth: 90 },
    { fieldName: 'nextAttemptAt', fieldExplain: '下次尝试', fieldExplainEn: 'Next attempt', fieldType: 'DATE', columnSql: "CASE WHEN t.state = 'PENDING' THEN t.next_attempt_at END", columnWidth: 170 },
    { fieldName: 'sentAt', fieldExplain: '发送时间', fieldExplainEn: 'Sent', fieldType: 'DATE', columnSql: 't.sent_at', isortField: true, columnWidth: 170 },
    { fieldName: 'lastStatus', fieldExplain: '应答状态', fieldExplainEn: 'Answer', fieldType: 'NUMBER', columnSql: 't.last_status', columnWidth: 90 },
    { fieldName: 'lastError', fieldExplain: '错误信息', fieldExplainEn: 'Error', fieldType: 'TEXT', columnSql: 't.last_error', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 260 },
  ],
});
