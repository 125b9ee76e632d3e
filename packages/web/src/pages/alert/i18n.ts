import i18n from 'i18next';

/**
 * Texts of 预警中心's screens (i18n key `alert`): the list, the alert's drawer, 预警设置 and the home
 * page's counts. Chinese first. They join the i18n resources when a page of the family loads (as the
 * approvals' texts do), not with i18n/zh-CN.ts, which is part of the sign-in page.
 * The words of codes (severity, status, finding) are the protocol's (alert.ts).
 */
export const alertZh = {
  home: { title: '预警', HIGH: '高级预警', MEDIUM: '中级预警', LOW: '低级预警', hint: '未关闭的预警，点击查看' },
  list: {
    rule: '预警规则', severity: '级别', status: '状态', plate: '车牌号', operator: '司磅员', party: '往来单位', occurredAt: '发生时间',
    message: '预警内容', assignee: '处理人', finding: '结论', dates: '日期', search: '查询', reset: '重置', open: '查看', all: '全部',
    active: '未关闭', total: '共 {{total}} 条',
  },
  detail: {
    title: '预警详情', evidence: '证据', tickets: '相关磅单', ticketNo: '磅单号', gross: '毛重', tare: '皮重', net: '净重',
    grossTime: '毛重时间', tareTime: '皮重时间', material: '物料', pictures: '抓拍图片', noPictures: '无抓拍图片', readings: '读数',
    comments: '评论', noComments: '暂无评论', comment: '发表评论', commentPlaceholder: '写下核查情况', send: '发表',
    assign: '指派', assignTo: '指派给', close: '关闭预警', reopen: '重新打开', reason: '原因', finding: '结论', note: '处理说明',
    noteRequired: '结论为舞弊时必须填写处理说明', closedBy: '关闭人', closedAt: '关闭时间', source: '来源', WEIGHING: '过磅时', NIGHTLY: '夜间巡检',
    kg: '千克', at: '时间', done: '操作成功', openTicket: '打开磅单列表', message: '预警内容', ok: '确定', cancel: '取消',
  },
  settings: { enabled: '启用', save: '保存', saved: '已保存', defaultIs: '默认 {{value}}', WEIGHING: '过磅时检查', NIGHTLY: '夜间巡检', yes: '是', no: '否' },
};

export const alertEn: typeof alertZh = {
  home: { title: 'Alerts', HIGH: 'High alerts', MEDIUM: 'Medium alerts', LOW: 'Low alerts', hint: 'Alerts not closed; click to see them' },
  list: {
    rule: 'Rule', severity: 'Severity', status: 'Status', plate: 'Plate', operator: 'Operator', party: 'Vendor or customer', occurredAt: 'Occurred',
    message: 'Alert', assignee: 'Reviewer', finding: 'Finding', dates: 'Dates', search: 'Search', reset: 'Reset', open: 'Open', all: 'All',
    active: 'Not closed', total: '{{total}} in all',
  },
  detail: {
    title: 'Alert', evidence: 'Evidence', tickets: 'Tickets', ticketNo: 'Ticket', gross: 'Gross', tare: 'Tare', net: 'Net',
    grossTime: 'Gross at', tareTime: 'Tare at', material: 'Material', pictures: 'Snapshots', noPictures: 'No snapshots', readings: 'Readings',
    comments: 'Comments', noComments: 'No comments yet', comment: 'Comment', commentPlaceholder: 'What the check found', send: 'Send',
    assign: 'Assign', assignTo: 'Assign to', close: 'Close', reopen: 'Reopen', reason: 'Reason', finding: 'Finding', note: 'Note',
    noteRequired: 'A fraud finding needs a note', closedBy: 'Closed by', closedAt: 'Closed at', source: 'Raised', WEIGHING: 'At weighing', NIGHTLY: 'Nightly check',
    kg: 'kg', at: 'Time', done: 'Done', openTicket: 'Open the ticket list', message: 'Alert', ok: 'OK', cancel: 'Cancel',
  },
  settings: { enabled: 'Enabled', save: 'Save', saved: 'Saved', defaultIs: 'Default {{value}}', WEIGHING: 'Checked at weighing', NIGHTLY: 'Nightly check', yes: 'Yes', no: 'No' },
};

let registered = false;
export function registerAlertTexts(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('zh-CN', 'translation', { alert: alertZh }, true, true);
  i18n.addResourceBundle('en-US', 'translation', { alert: alertEn }, true, true);
}
registerAlertTexts();
