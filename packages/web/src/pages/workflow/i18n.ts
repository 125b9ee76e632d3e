import i18n from 'i18next';
import { WORKFLOW_DETAIL_LABEL } from './labels';

/**
 * Texts of the approvals' screens (i18n key `workflow`): 流程配置, 我的待办, the approval detail, the
 * decision dialogs and 提交审批. Chinese first; the words of states and actions are the server's
 * (protocol workflow.ts WORKFLOW_ACTION_NAMES, INSTANCE_STATUS_NAMES).
 *
 * They join the i18n resources when the workspace loads this module (registerWorkflowTexts below),
 * not with i18n/zh-CN.ts: that file is part of the sign-in page, which must stay under its size.
 */
export const workflowZh = {
  nav: { detail: WORKFLOW_DETAIL_LABEL.zh as string },
  badge: '待办审批',
  notices: { title: '审批消息', todo: '我的待办 ({{count}})', readAll: '全部已读', none: '暂无消息' },
  config: {
    docTypes: '单据类型', noFlow: '未配置', version: '第 {{version}} 版', disabled: '已停用', steps: '{{count}} 步',
    name: '流程名称', enabled: '启用审批', addStep: '添加步骤', save: '保存为新版本', saved: '已保存为第 {{version}} 版',
    versions: '历史版本', versionNo: '版本', createdAt: '保存时间', createdBy: '保存人', running: '在途单据', current: '当前',
    view: '查看', viewing: '正在查看第 {{version}} 版（只读），点击“当前”回到编辑', chooseType: '请在左侧选择单据类型',
    hint: '拖动节点摆放位置；从节点下方的圆点拖到另一节点即可连线，选中连线或步骤后按 Delete 删除。步骤按从开始到结束的连线顺序执行。',
    nameRequired: '请填写流程名称',
    problems: {
      noSteps: '流程至少要有一个审批步骤', branch: '“{{at}}”后面连了多个节点，审批步骤只能串成一条线',
      cycle: '连线在“{{at}}”处形成了回路', notToEnd: '“{{at}}”之后没有连到结束节点', unlinked: '步骤“{{at}}”没有连到流程中',
      stepName: '请填写每个步骤的名称', approvers: '步骤“{{at}}”没有选择审批人',
    },
  },
  node: { start: '开始', end: '结束', noApprovers: '未选择审批人' },
  step: {
    title: '步骤设置', name: '步骤名称', nameEn: '英文名称', approvers: '审批人', users: '指定人员', role: '角色', deptHead: '发起人部门负责人',
    chooseUsers: '选择审批人', chooseRole: '选择角色', mode: '审批方式', any: '或签（一人同意即可）', all: '会签（须全部同意）',
    anyShort: '或签', allShort: '会签', rejectTo: '驳回到', initiator: '发起人（单据退回草稿）', previous: '上一步骤',
    condition: '条件', useCondition: '按单据条件', skip: '满足条件时跳过本步骤', require: '仅在满足条件时执行本步骤',
    field: '字段', op: '比较', value: '值', addCondition: '添加条件', remove: '删除步骤', remindAfter: '超时提醒（小时）',
    inHint: '多个值用逗号分隔', yuan: '元', choose: '点击流程图中的步骤进行设置',
  },
  todo: {
    tabs: { todo: '我的待办', done: '我的已办', mine: '我发起的', cc: '抄送我的' },
    docType: '单据类型', docNo: '单据编号', title: '标题', initiator: '发起人', startedAt: '发起时间', step: '当前步骤', status: '状态',
    waitingSince: '到达时间', myAction: '我的操作', myActionAt: '操作时间', comment: '意见', finishedAt: '结束时间', sentBy: '抄送人',
    sentAt: '抄送时间', kind: '方式', unread: '未读', open: '查看', keyword: '单据编号或标题', allTypes: '全部单据类型', handle: '办理',
  },
  ccKinds: { to: '收件人', cc: '抄送', bcc: '密送' } as Record<string, string>,
  detail: {
    document: '单据信息', timeline: '审批记录', flow: '流程图', initiator: '发起人', startedAt: '发起时间', finishedAt: '结束时间',
    flowVersion: '流程版本', status: '状态', currentStep: '当前步骤', openDocument: '打开单据', missing: '审批不存在或无权查看',
    targets: '对象', decidedMeanwhile: '该审批已被他人处理，已刷新',
  },
  stepStatus: { waiting: '未开始', active: '审批中', approved: '已通过', rejected: '已驳回', skipped: '已跳过' } as Record<string, string>,
  taskStatus: { pending: '待审批', approved: '已同意', rejected: '已驳回', transferred: '已转办', cancelled: '已取消' } as Record<string, string>,
  actions: {
    approve: '同意', reject: '驳回', revoke: '撤回', transfer: '转办', addSigner: '加签', cc: '抄送', submit: '提交审批',
    comment: '审批意见', reason: '驳回原因', reasonRequired: '请填写驳回原因', transferTo: '转办给', transferRequired: '请选择转办人',
    signers: '加签人', signersRequired: '请选择加签人', recipients: '请选择收件人', addressBook: '通讯录', done: '操作成功',
    revokeConfirm: '确定撤回该审批吗？单据将退回草稿。', submitted: '已提交审批', oneRow: '请选择一张单据',
    notUnderApproval: '该单据类型未配置审批流程', submitComment: '提交说明',
  },
  home: { title: '审批', todo: '我的待办', done: '我的已办', mine: '我发起的', cc: '抄送我的' },
};
type Texts = typeof workflowZh;

export const workflowEn: Texts = {
  nav: { detail: WORKFLOW_DETAIL_LABEL.en },
  badge: 'Approvals to do',
  notices: { title: 'Approval messages', todo: 'My tasks ({{count}})', readAll: 'Mark all read', none: 'No messages' },
  config: {
    docTypes: 'Document types', noFlow: 'No flow', version: 'Version {{version}}', disabled: 'Disabled', steps: '{{count}} steps',
    name: 'Flow name', enabled: 'Approval on', addStep: 'Add step', save: 'Save as new version', saved: 'Saved as version {{version}}',
    versions: 'Versions', versionNo: 'Version', createdAt: 'Saved at', createdBy: 'Saved by', running: 'In flight', current: 'Current',
    view: 'View', viewing: 'Viewing version {{version}} (read-only); click "Current" to edit', chooseType: 'Choose a document type on the left',
    hint: 'Drag nodes to place them; drag from the dot under a node to another node to link them; select a link or step and press Delete to remove it. Steps run in the order of the links from start to end.',
    nameRequired: 'Enter the flow name',
    problems: {
      noSteps: 'A flow needs at least one approval step', branch: '"{{at}}" links to several nodes; the steps must form one line',
      cycle: 'The links loop back at "{{at}}"', notToEnd: 'Nothing after "{{at}}" reaches the end', unlinked: 'Step "{{at}}" is not linked into the flow',
      stepName: 'Every step needs a name', approvers: 'Step "{{at}}" has no approvers',
    },
  },
  node: { start: 'Start', end: 'End', noApprovers: 'No approvers' },
  step: {
    title: 'Step', name: 'Step name', nameEn: 'English name', approvers: 'Approvers', users: 'Named users', role: 'Role', deptHead: "Head of the initiator's department",
    chooseUsers: 'Choose approvers', chooseRole: 'Choose a role', mode: 'Mode', any: 'Any one approves', all: 'All must approve',
    anyShort: 'Any one', allShort: 'All', rejectTo: 'Reject to', initiator: 'Initiator (document back to draft)', previous: 'Previous step',
    condition: 'Condition', useCondition: 'On document condition', skip: 'Skip this step when the conditions hold', require: 'Run this step only when the conditions hold',
    field: 'Field', op: 'Compare', value: 'Value', addCondition: 'Add condition', remove: 'Remove step', remindAfter: 'Remind after (hours)',
    inHint: 'Separate values with commas', yuan: 'yuan', choose: 'Click a step in the diagram to set it up',
  },
  todo: {
    tabs: { todo: 'To do', done: 'Done', mine: 'Started by me', cc: 'Copied to me' },
    docType: 'Document type', docNo: 'Document no.', title: 'Title', initiator: 'Initiator', startedAt: 'Started', step: 'Current step', status: 'Status',
    waitingSince: 'Arrived', myAction: 'My action', myActionAt: 'Acted at', comment: 'Comment', finishedAt: 'Finished', sentBy: 'Sent by',
    sentAt: 'Sent at', kind: 'As', unread: 'Unread', open: 'Open', keyword: 'Document no. or title', allTypes: 'All document types', handle: 'Handle',
  },
  ccKinds: { to: 'To', cc: 'Cc', bcc: 'Bcc' },
  detail: {
    document: 'Document', timeline: 'History', flow: 'Flow', initiator: 'Initiator', startedAt: 'Started', finishedAt: 'Finished',
    flowVersion: 'Flow version', status: 'Status', currentStep: 'Current step', openDocument: 'Open document', missing: 'The approval does not exist or is not yours to see',
    targets: 'To', decidedMeanwhile: 'Someone else acted on this approval; reloaded',
  },
  stepStatus: { waiting: 'Waiting', active: 'In approval', approved: 'Approved', rejected: 'Rejected', skipped: 'Skipped' },
  taskStatus: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', transferred: 'Transferred', cancelled: 'Cancelled' },
  actions: {
    approve: 'Approve', reject: 'Reject', revoke: 'Revoke', transfer: 'Transfer', addSigner: 'Add signer', cc: 'Copy', submit: 'Submit for approval',
    comment: 'Comment', reason: 'Reason', reasonRequired: 'Enter the reason', transferTo: 'Transfer to', transferRequired: 'Choose the person',
    signers: 'Signers', signersRequired: 'Choose the signers', recipients: 'Choose the recipients', addressBook: 'Address book', done: 'Done',
    revokeConfirm: 'Revoke this approval? The document goes back to draft.', submitted: 'Submitted for approval', oneRow: 'Choose one document',
    notUnderApproval: 'This document type has no approval flow', submitComment: 'Note',
  },
  home: { title: 'Approvals', todo: 'To do', done: 'Done', mine: 'Started by me', cc: 'Copied to me' },
};

let registered = false;
/** Adds the texts to both languages once (English merges into the bundle loaded on switching, i18n/index.ts). */
export function registerWorkflowTexts(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('zh-CN', 'translation', { workflow: workflowZh }, true, true);
  i18n.addResourceBundle('en-US', 'translation', { workflow: workflowEn }, true, true);
}
registerWorkflowTexts();
