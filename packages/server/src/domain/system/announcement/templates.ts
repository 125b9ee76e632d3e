import { defineListTemplate, defineTemplate, type FieldDef } from '../../../platform/templates/define';
import { createDateColumn, formTemplates, versionColumn } from '../../masterdata/shared/fields';
import { ANNOUNCEMENT_LEVELS, PINNED_OPTIONS } from './rules';

export const ANNOUNCEMENT_BASE = '/api/system/announcement';
export const ANNOUNCEMENT_LIST_CODE = 'system.announcement.list';
export const ANNOUNCEMENT_ROLE_LIST_CODE = 'system.announcement.role.list';
export const ANNOUNCEMENT_ROLE_RESOURCE_CODE = 'system.announcement.role.resource';
const TABLE = 'sys_announcement';
const levels = ANNOUNCEMENT_LEVELS.map((l) => ({ ...l }));
const plant = (column: string) => `to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * 公告管理: the list in the Announcement table mode (FORMAT_LIST_ANNOUNCEMENT): the web shows the
 * rows of the page as the board shows them beside the table the buttons act on.
 */
export const announcementListTemplate = defineListTemplate({
  formatCode: ANNOUNCEMENT_LIST_CODE, formatName: '公告管理', formatNameEn: 'Announcements', mainTable: TABLE, formatStyle: 'FORMAT_LIST_ANNOUNCEMENT',
  resUrl: `${ANNOUNCEMENT_BASE}/v2/list`, menuPath: '/system/announcement',
  fields: [
    { fieldName: 'title', fieldExplain: '标题', fieldExplainEn: 'Title', fieldType: 'TEXT', columnSql: 't.title', iallowQuery: true, searchType: 'input', columnWidth: 220 },
    { fieldName: 'level', fieldExplain: '级别', fieldExplainEn: 'Level', fieldType: 'TAG', columnSql: 't.level', options: levels,
      iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 80 },
    { fieldName: 'pinned', fieldExplain: '置顶', fieldExplainEn: 'Pinned', fieldType: 'BOOLEAN', columnSql: 't.pinned', columnWidth: 70,
      options: [{ value: true, label: '置顶', labelEn: 'Pinned', color: 'blue' }, { value: false, label: '否', labelEn: 'No' }] },
    { fieldName: 'publishFrom', fieldExplain: '发布开始', fieldExplainEn: 'Shown from', fieldType: 'DATE', columnSql: 't.publish_from',
      iallowAdvanceQuery: true, isortField: true, idefinedSort: true, sortMethod: 'desc', searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'publishTo', fieldExplain: '发布结束', fieldExplainEn: 'Shown until', fieldType: 'DATE', columnSql: 't.publish_to',
      iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'roleCodes', fieldExplain: '接收角色', fieldExplainEn: 'Roles', fieldType: 'TEXT',
      columnSql: `(SELECT string_agg(coalesce(r.role_name, c.code), '、' ORDER BY c.n) FROM unnest(t.role_codes) WITH ORDINALITY AS c(code, n)
                   LEFT JOIN sys_role_in_org r ON r.org_id = t.org_id AND r.role_code = c.code)`, columnWidth: 200 },
    { fieldName: 'body', fieldExplain: '内容', fieldExplainEn: 'Text', fieldType: 'TEXT', columnSql: 't.body', columnWidth: 300 },
    { fieldName: 'publisher', fieldExplain: '发布人', fieldExplainEn: 'Published by', fieldType: 'TEXT', columnSql: 't.publisher', iallowQuery: true, searchType: 'input', columnWidth: 100 },
    { fieldName: 'readCount', fieldExplain: '已读人数', fieldExplainEn: 'Read by', fieldType: 'NUMBER', columnSql: '(SELECT count(*) FROM sys_announcement_read r WHERE r.announcement_id = t.id)', columnWidth: 90 },
    { ...createDateColumn, fieldExplain: '创建时间' },
    versionColumn,
  ],
});

const roleFields = (): FieldDef[] => [
  { fieldName: 'roleCode', fieldExplain: '角色编码', fieldExplainEn: 'Role code', fieldType: 'TEXT', columnSql: 't.role_code', iallowQuery: true, searchType: 'input',
    isortField: true, idefinedSort: true, sortMethod: 'asc', columnWidth: 160 },
  { fieldName: 'roleName', fieldExplain: '角色名称', fieldExplainEn: 'Role name', fieldType: 'TEXT', columnSql: 't.role_name', iallowQuery: true, searchType: 'input', columnWidth: 160 },
  { fieldName: 'roleNameEn', fieldExplain: '英文名称', fieldExplainEn: 'Name in English', fieldType: 'TEXT', columnSql: 't.role_name_en', columnWidth: 160 },
  { fieldName: 'createDate', fieldExplain: '创建时间', fieldExplainEn: 'Created', fieldType: 'DATE', columnSql: 't.created_at', isortField: true, ishow: false },
];

/** The roles an announcement may name: the group's enabled roles that may be held in this company. */
export const announcementRoleList = defineListTemplate({
  formatCode: ANNOUNCEMENT_ROLE_LIST_CODE, formatName: '可选角色', formatNameEn: 'Roles to choose', mainTable: 'sys_role_in_org',
  resUrl: `${ANNOUNCEMENT_BASE}/role/v2/list`, fields: roleFields(),
});
export const announcementRoleResource = defineTemplate({
  formatCode: ANNOUNCEMENT_ROLE_RESOURCE_CODE, formatName: '选择接收角色', formatNameEn: 'Choose roles', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  mainTable: 'sys_role_in_org', resMethod: 'POST', resUrl: `${ANNOUNCEMENT_BASE}/role/v2/list`, valueResourceSubName: 'roleCode', viewResourceSubName: 'roleName', fields: roleFields(),
});

export const [announcementCreateForm, announcementUpdateForm] = formTemplates(
  { formatCode: 'system.announcement', formatName: '公告', formatNameEn: 'announcement', prefix: 'sys_announcement', mainTable: TABLE },
  [
    { fieldName: 'title', fieldExplain: '标题', fieldExplainEn: 'Title', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.title', irequired: true },
    // a plant's own words beside the three levels are not kept: the board colours by level
    { fieldName: 'level', fieldExplain: '级别', fieldExplainEn: 'Level', fieldType: 'ENUM', formSubmitType: 'SELECT', columnSql: 't.level', options: levels, defaultValue: 'NORMAL', irequired: true },
    { fieldName: 'publishWindow', fieldExplain: '发布时间', fieldExplainEn: 'Shown', fieldType: 'DATE', formSubmitType: 'DATA_RANGE_BOX_TIM', irequired: true,
      columnSql: `ARRAY[${plant('t.publish_from')}, ${plant('t.publish_to')}]`, defaultValue: 'now',
      tipsMessage: '在此时间内，接收角色的用户在首页公告栏看到它（工厂时间）' },
    { fieldName: 'roleCodes', fieldExplain: '接收角色', fieldExplainEn: 'Roles', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS_MORE', irequired: true,
      columnSql: 't.role_codes', resource: { formatCode: ANNOUNCEMENT_ROLE_RESOURCE_CODE, map: [{ masterTable: TABLE, fieldName: 'roleCodes', from: 'roleCode' }] } },
    { fieldName: 'pinned', fieldExplain: '置顶', fieldExplainEn: 'Pinned', fieldType: 'ENUM', formSubmitType: 'SINGLE_ELECTION', columnSql: 't.pinned::text',
      options: PINNED_OPTIONS.map((o) => ({ ...o })), defaultValue: 'false' },
    // who publishes: the signed-in user's name, shown as it will stand on the board (the server writes it)
    { fieldName: 'publisher', fieldExplain: '发布人', fieldExplainEn: 'Published by', fieldType: 'TEXT', formSubmitType: 'DEFAULT_VALUE', columnSql: 't.publisher',
      defaultValue: '{realName}', iupdate: false },
    { fieldName: 'body', fieldExplain: '内容', fieldExplainEn: 'Text', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.body', irequired: true, rows: 4 },
  ],
);
