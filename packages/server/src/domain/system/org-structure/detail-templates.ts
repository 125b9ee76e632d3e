import { defineTemplate, type FieldDef } from '../../../platform/templates/define';
import { ENABLED_OPTIONS } from '../../masterdata/shared/fields';
import { DEPARTMENT_BASE, ORGANISATION_BASE } from './paths';

/**
 * The read-only details of the organisation structure. A detail template lists the fields of its
 * main record and of each child table; a child table's fields name it in customTable, and the
 * detail call answers its rows as `entitysub` (the template's son table) or `subTables[table]`.
 */
const text = (fieldName: string, fieldExplain: string, fieldExplainEn: string, customTable?: string, columnWidth?: number): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'TEXT', ...(customTable ? { customTable } : {}), ...(columnWidth ? { columnWidth } : {}),
});
const number = (fieldName: string, fieldExplain: string, fieldExplainEn: string, customTable?: string): FieldDef => ({
  fieldName, fieldExplain, fieldExplainEn, fieldType: 'NUMBER', columnWidth: 80, ...(customTable ? { customTable } : {}),
});
const enabled = (customTable?: string): FieldDef => ({
  fieldName: customTable ? `${customTable === 'sys_user' ? 'user' : 'dept'}Enabled` : 'enabled', fieldExplain: '启用状态', fieldExplainEn: 'Enabled',
  fieldType: 'BOOLEAN', options: ENABLED_OPTIONS, columnWidth: 90, ...(customTable ? { customTable } : {}),
});

export const DEPARTMENTS_TABLE = 'sys_department';
export const USERS_TABLE = 'sys_user';

/** An organisation: 基本信息, then a tab per child table (部门, 用户). Its list's name opens it. */
export const organisationDetail = defineTemplate({
  formatCode: 'system.organisation.detail', formatName: '组织机构详情', formatNameEn: 'Organisation details', formatType: 'RESOURCE', formatStyle: 'FORMAT_TAB_FROM',
  mainTable: 'sys_org', sonTable: DEPARTMENTS_TABLE, resMethod: 'POST', resUrl: `${ORGANISATION_BASE}/detail`,
  fields: [
    text('orgCode', '组织编码', 'Code'), text('orgName', '组织名称', 'Name'), text('orgNameEn', '英文名称', 'English name'),
    text('shortName', '简称', 'Short name'), text('parentName', '上级组织', 'Parent organisation'), enabled(),
    number('departmentCount', '部门数', 'Departments'), number('userCount', '用户数', 'Users'), text('remark', '备注', 'Remark'),
    text('deptCode', '部门编码', 'Code', DEPARTMENTS_TABLE, 110), text('deptName', '部门名称', 'Department', DEPARTMENTS_TABLE, 160),
    text('parentDeptName', '上级部门', 'Parent department', DEPARTMENTS_TABLE, 140), text('managerName', '负责人', 'Manager', DEPARTMENTS_TABLE, 100),
    text('phone', '电话', 'Phone', DEPARTMENTS_TABLE, 120), number('deptUserCount', '用户数', 'Users', DEPARTMENTS_TABLE), enabled(DEPARTMENTS_TABLE),
    text('username', '用户名', 'User name', USERS_TABLE, 120), text('realName', '姓名', 'Name', USERS_TABLE, 100),
    text('userDeptName', '部门', 'Department', USERS_TABLE, 140), text('roleNames', '角色', 'Roles', USERS_TABLE, 200),
    text('mobile', '手机号', 'Mobile', USERS_TABLE, 120), enabled(USERS_TABLE),
  ],
});

/** The company's users, ticked to put them in a department (the detail popup's selection variant). */
export const departmentUsersDetail = defineTemplate({
  formatCode: 'system.department.users', formatName: '选择用户', formatNameEn: 'Choose users', formatType: 'RESOURCE', formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
  mainTable: 'sys_user_org', resMethod: 'POST', resUrl: `${DEPARTMENT_BASE}/users`,
  fields: [
    text('username', '用户名', 'User name', undefined, 120), text('realName', '姓名', 'Name', undefined, 100),
    text('userDeptName', '当前部门', 'Current department', undefined, 160), text('roleNames', '角色', 'Roles', undefined, 200),
  ],
});
