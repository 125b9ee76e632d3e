import { defineListTemplate } from '../../platform/templates/define';

export const LOG_LIST_CODE = 'system.log.list';

/** The actions writeLog records, as the log's search offers them. */
const LOG_ACTIONS = [
  { value: 'login', label: '登录' },
  { value: 'logout', label: '退出' },
  { value: 'switchOrg', label: '切换公司' },
  { value: 'modifyPassword', label: '修改密码' },
  { value: 'resetPassword', label: '重置密码' },
  { value: 'registerPermission', label: '登记权限' },
  { value: 'oidcLogin', label: '统一认证登录' },
  // administration (domain/system/admin)
  { value: 'createUser', label: '新增用户' },
  { value: 'updateUser', label: '修改用户' },
  { value: 'saveUserOrgs', label: '保存用户公司与角色' },
  { value: 'saveUserAssayItems', label: '保存用户化验项目' },
  { value: 'enableUser', label: '启用用户' },
  { value: 'disableUser', label: '停用用户' },
  { value: 'createRole', label: '新增角色' },
  { value: 'updateRole', label: '修改角色' },
  { value: 'enableRole', label: '启用角色' },
  { value: 'disableRole', label: '停用角色' },
  { value: 'saveRoleMenu', label: '保存角色权限' },
  { value: 'saveRoleScope', label: '保存角色数据范围' },
  { value: 'createMenu', label: '新增菜单' },
  { value: 'updateMenu', label: '修改菜单' },
  { value: 'deleteMenu', label: '删除菜单' },
  { value: 'saveParams', label: '修改参数' },
  { value: 'outboxResend', label: '重新发送接口消息' },
  // site confirmation (domain/confirm)
  { value: 'siteConfirm', label: '现场确认' },
  // weigh tickets to the ERP (domain/erp)
  { value: 'erpUpload', label: '磅单上传ERP' },
  { value: 'erpCancelUpload', label: '撤销磅单上传' },
  // notices (domain/notice): corrections of an audited notice
  { value: 'noticeUpdateMaxLimit', label: '修改通知单最大限量' },
  { value: 'noticeUpdateDone', label: '修改通知单已执行量' },
  { value: 'noticeUpdateEndTime', label: '修改通知单结束时间' },
  // template configuration (platform/templates/admin)
  { value: 'templateEdit', label: '修改模板' },
  { value: 'templateRestore', label: '恢复模板' },
  { value: 'templateAllot', label: '绑定模板' },
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
      fieldName: 'detail', fieldExplain: '详情', fieldExplainEn: 'Detail', fieldType: 'TEXT', columnSql: 't.detail',
      iallowAdvanceQuery: true, searchType: 'input',
    },
    {
      fieldName: 'ip', fieldExplain: 'IP地址', fieldExplainEn: 'IP address', fieldType: 'TEXT', columnSql: 't.ip',
      iallowAdvanceQuery: true, searchType: 'input', columnWidth: 140,
    },
  ],
});
