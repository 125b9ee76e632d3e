import { defineListTemplate } from '../../platform/templates/define';

export const LOG_LIST_CODE = 'system.log.list';

/** The actions writeLog records, as the log's search offers them. */
const LOG_ACTIONS = [
  // what every document family does (platform/documents, each family's module actions)
  { value: 'create', label: '新增', labelEn: 'Add' },
  { value: 'update', label: '修改', labelEn: 'Edit' },
  { value: 'delete', label: '删除', labelEn: 'Delete' },
  { value: 'audit', label: '审核', labelEn: 'Audit' },
  { value: 'unaudit', label: '反审核', labelEn: 'Un-audit' },
  { value: 'obsolete', label: '作废', labelEn: 'Void' },
  { value: 'recover', label: '恢复', labelEn: 'Recover' },
  { value: 'enable', label: '启用', labelEn: 'Enable' },
  { value: 'disable', label: '停用', labelEn: 'Disable' },
  { value: 'close', label: '关闭', labelEn: 'Close' },
  { value: 'reopen', label: '重新打开', labelEn: 'Reopen' },
  { value: 'terminate', label: '终止', labelEn: 'Terminate' },
  { value: 'copy', label: '复制', labelEn: 'Copy' },
  { value: 'import', label: '导入', labelEn: 'Import' },
  { value: 'datax', label: '接口推送', labelEn: 'Pushed by interface' },
  { value: 'allocate', label: '分配', labelEn: 'Allocate' },
  { value: 'cancelAllocate', label: '取消分配', labelEn: 'Withdraw allocation' },
  { value: 'loss', label: '挂失', labelEn: 'Report lost' },
  { value: 'reuse', label: '解除挂失', labelEn: 'Found again' },
  { value: 'upload', label: '上传文件', labelEn: 'Upload file' },
  { value: 'login', label: '登录', labelEn: 'Sign in' },
  { value: 'logout', label: '退出', labelEn: 'Sign out' },
  { value: 'switchOrg', label: '切换公司', labelEn: 'Switch company' },
  { value: 'modifyPassword', label: '修改密码', labelEn: 'Change password' },
  { value: 'resetPassword', label: '重置密码', labelEn: 'Reset password' },
  { value: 'registerPermission', label: '登记权限', labelEn: 'Register permission' },
  { value: 'oidcLogin', label: '统一认证登录', labelEn: 'Single sign-on' },
  // administration (domain/system/admin)
  { value: 'createUser', label: '新增用户', labelEn: 'Add user' },
  { value: 'updateUser', label: '修改用户', labelEn: 'Edit user' },
  { value: 'saveUserOrgs', label: '保存用户公司与角色', labelEn: 'Save user companies and roles' },
  { value: 'saveUserAssayItems', label: '保存用户化验项目', labelEn: 'Save user assay items' },
  { value: 'enableUser', label: '启用用户', labelEn: 'Enable user' },
  { value: 'disableUser', label: '停用用户', labelEn: 'Disable user' },
  { value: 'createRole', label: '新增角色', labelEn: 'Add role' },
  { value: 'updateRole', label: '修改角色', labelEn: 'Edit role' },
  { value: 'enableRole', label: '启用角色', labelEn: 'Enable role' },
  { value: 'disableRole', label: '停用角色', labelEn: 'Disable role' },
  { value: 'saveRoleMenu', label: '保存角色权限', labelEn: 'Save role permissions' },
  { value: 'saveRoleScope', label: '保存角色数据范围', labelEn: 'Save role data scope' },
  { value: 'createMenu', label: '新增菜单', labelEn: 'Add menu' },
  { value: 'updateMenu', label: '修改菜单', labelEn: 'Edit menu' },
  { value: 'deleteMenu', label: '删除菜单', labelEn: 'Delete menu' },
  { value: 'saveParams', label: '修改参数', labelEn: 'Change parameters' },
  { value: 'assignUsers', label: '部门分配用户', labelEn: 'Assign users to department' },
  { value: 'saveTeams', label: '保存班组设置', labelEn: 'Save team setup' },
  { value: 'outboxResend', label: '重新发送事件', labelEn: 'Resend event' },
  { value: 'newSecret', label: '重新生成签名密钥', labelEn: 'New signing secret' },
  { value: 'deleteAdminLog', label: '删除前端日志', labelEn: 'Delete browser log entry' },
  // site confirmation (domain/confirm)
  { value: 'siteConfirm', label: '现场确认', labelEn: 'Site confirmation' },
  // weigh tickets (domain/weighing): the weighings and the ticket's own actions
  { value: 'firstWeigh', label: '一次过磅', labelEn: 'First weighing' },
  { value: 'secondWeigh', label: '二次过磅', labelEn: 'Second weighing' },
  { value: 'down', label: '过账', labelEn: 'Post' },
  { value: 'reversedown', label: '反过账', labelEn: 'Reverse posting' },
  { value: 'print', label: '打印', labelEn: 'Print' },
  { value: 'deduct', label: '扣重', labelEn: 'Deductions' },
  { value: 'modifyPrice', label: '修改单价', labelEn: 'Change unit price' },
  { value: 'merge', label: '合并', labelEn: 'Merge' },
  // contracts (domain/contract)
  { value: 'qualityTerms', label: '修改质量条款', labelEn: 'Edit quality terms' },
  { value: 'split', label: '拆分', labelEn: 'Split' },
  { value: 'returnGoods', label: '退货', labelEn: 'Return goods' },
  // sales and allot calculation (domain/calculation)
  { value: 'calculate', label: '计算', labelEn: 'Calculate' },
  { value: 'lockPounds', label: '锁磅', labelEn: 'Lock tickets' },
  { value: 'unlockPounds', label: '解锁', labelEn: 'Unlock tickets' },
  // settlements (domain/settlement)
  { value: 'confirmPounds', label: '确认磅单', labelEn: 'Confirm tickets' },
  { value: 'examine', label: '审核结算', labelEn: 'Examine' },
  { value: 'unexamine', label: '反审核结算', labelEn: 'Un-examine' },
  { value: 'adjust', label: '结算调整', labelEn: 'Adjust' },
  { value: 'invoice', label: '登记发票', labelEn: 'Record invoice' },
  { value: 'payment', label: '结算付款', labelEn: 'Record payment' },
  // freight plans (domain/freight)
  { value: 'poundListedit', label: '编辑运费计划磅单', labelEn: 'Edit freight plan tickets' },
  { value: 'clearForCal', label: '清除计算', labelEn: 'Clear for recalculation' },
  { value: 'remittance', label: '运费汇款', labelEn: 'Freight remittance' },
  { value: 'confirmOil', label: '确认油卡', labelEn: 'Confirm fuel card' },
  { value: 'iurgent', label: '加急', labelEn: 'Urgent flag' },
  { value: 'storage', label: '设置存储仓库', labelEn: 'Set storage' },
  // weigh tickets to the ERP (domain/erp)
  { value: 'erpUpload', label: '磅单上传ERP', labelEn: 'Weigh ticket to the ERP' },
  { value: 'erpCancelUpload', label: '撤销磅单上传', labelEn: 'Withdraw weigh ticket upload' },
  // notices (domain/notice): corrections of an audited notice
  { value: 'noticeUpdateMaxLimit', label: '修改通知单最大限量', labelEn: 'Change notice maximum' },
  { value: 'noticeUpdateDone', label: '修改通知单已执行量', labelEn: 'Change notice quantity done' },
  { value: 'noticeUpdateEndTime', label: '修改通知单结束时间', labelEn: 'Change notice end time' },
  // registries and the gate (domain/registry)
  { value: 'letin', label: '入厂', labelEn: 'Gate in' },
  { value: 'passIn', label: '通行证入厂', labelEn: 'Pass let in' },
  { value: 'letout', label: '出厂', labelEn: 'Gate out' },
  { value: 'supplement', label: '补卡', labelEn: 'Bind card' },
  { value: 'writeCard', label: '写卡', labelEn: 'Write card' },
  { value: 'rematch', label: '重新匹配', labelEn: 'Re-match queue' },
  { value: 'merge', label: '合并', labelEn: 'Merge' },
  // contracts (domain/contract)
  { value: 'qualityTerms', label: '修改质量条款', labelEn: 'Edit quality terms' },
  // the customer's money (domain/money)
  { value: 'moneyControl', label: '设置资金控制', labelEn: 'Set money control' },
  // quality (domain/quality): the lab's results, their check and the recheck
  { value: 'assayEnter', label: '录入化验结果', labelEn: 'Enter assay results' },
  { value: 'assayCheck', label: '审核化验结果', labelEn: 'Check assay results' },
  { value: 'assayRecheck', label: '复检', labelEn: 'Recheck' },
  // kiosk keys of the bulk quality-inspection platform (domain/quality/kiosk)
  { value: 'issueKiosk', label: '发放质检终端密钥', labelEn: 'Issue kiosk key' },
  { value: 'revokeKiosk', label: '吊销质检终端密钥', labelEn: 'Revoke kiosk key' },
  // the scale floor's station credentials (domain/station)
  { value: 'issueStationKey', label: '发放磅点凭证', labelEn: 'Issue station key' },
  { value: 'laneIntervention', label: '请求远程干预', labelEn: 'Ask for intervention' },
  { value: 'laneApprove', label: '远程放行', labelEn: 'Approve remotely' },
  { value: 'laneForbid', label: '远程禁止', labelEn: 'Forbid remotely' },
  { value: 'laneSnapshot', label: '保存抓拍', labelEn: 'Keep snapshot' },
  { value: 'laneAlarm', label: '无人值守报警', labelEn: 'Lane alarm' },
  { value: 'revokeStationKey', label: '吊销磅点凭证', labelEn: 'Revoke station key' },
  // template configuration (platform/templates/admin)
  { value: 'templateEdit', label: '修改模板', labelEn: 'Edit template' },
  { value: 'templateRestore', label: '恢复模板', labelEn: 'Restore template' },
  { value: 'templateAllot', label: '绑定模板', labelEn: 'Bind template' },
];

/** 操作日志: who did what in the current company, newest first. */
export const logListTemplate = defineListTemplate({
  formatCode: LOG_LIST_CODE,
  formatName: '操作日志', formatNameEn: 'Operation log',
  mainTable: 'sys_log',
  resUrl: '/api/system/log/v2/list',
  menuPath: '/system/log',
  fields: [
    {
      fieldName: 'createDate', fieldExplain: '操作时间', fieldExplainEn: 'Time', fieldType: 'DATE', columnSql: 't.created_at',
      iallowQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170,
    },
    {
      fieldName: 'username', fieldExplain: '用户名', fieldExplainEn: 'User', fieldType: 'TEXT', columnSql: 't.username',
      iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 120,
    },
    {
      fieldName: 'action', fieldExplain: '操作', fieldExplainEn: 'Action', fieldType: 'ENUM', columnSql: 't.action',
      options: LOG_ACTIONS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 120,
    },
    {
      fieldName: 'family', fieldExplain: '单据类型', fieldExplainEn: 'Document type', fieldType: 'TEXT', columnSql: 't.family',
      iallowQuery: true, searchType: 'input', columnWidth: 120,
    },
    {
      fieldName: 'docNo', fieldExplain: '单据编号', fieldExplainEn: 'Document no.', fieldType: 'TEXT', columnSql: 't.doc_no',
      iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 160,
    },
    {
      fieldName: 'detail', fieldExplain: '详情', fieldExplainEn: 'Detail', fieldType: 'TEXT', columnSql: 't.detail',
      iallowAdvanceQuery: true, searchType: 'input',
    },
    {
      fieldName: 'ip', fieldExplain: 'IP地址', fieldExplainEn: 'IP address', fieldType: 'TEXT', columnSql: 't.ip',
      iallowAdvanceQuery: true, searchType: 'input', columnWidth: 140,
    },
  ],
});
