import { defineListTemplate } from '../../../platform/templates/define';

export const HOME_SHORTCUT_BASE = '/api/system/home-shortcut';
export const HOME_SHORTCUT_LIST_CODE = 'system.home-shortcut.list';

const menu = (column: string) => `(SELECT m.${column} FROM sys_menu m WHERE m.id = t.menu_id)`;
const role = (column: string) => `(SELECT r.${column} FROM sys_role r WHERE r.id = t.role_id)`;

/**
 * 首页快捷入口 in the Menu_Configuration table mode (FORMAT_LIST_MENU_CONFIGURATION): the rows are
 * menu pages per role, shown as the home page's tiles in their order; 设置 chooses a role's pages
 * in the tree of the menu that role is granted.
 */
export const homeShortcutListTemplate = defineListTemplate({
  formatCode: HOME_SHORTCUT_LIST_CODE, formatName: '首页快捷入口', formatNameEn: 'Home shortcuts', mainTable: 'sys_home_shortcut',
  formatStyle: 'FORMAT_LIST_MENU_CONFIGURATION', resUrl: `${HOME_SHORTCUT_BASE}/v2/list`, menuPath: '/system/home-shortcut', ps: 100,
  fields: [
    { fieldName: 'roleName', fieldExplain: '角色', fieldExplainEn: 'Role', fieldType: 'TEXT', columnSql: role('role_name'), iallowQuery: true, searchType: 'input',
      isortField: true, idefinedSort: true, sortMethod: 'asc', columnWidth: 140 },
    { fieldName: 'roleNameEn', fieldExplain: '角色英文名', fieldExplainEn: 'Role in English', fieldType: 'TEXT', columnSql: role('role_name_en'), columnWidth: 140 },
    { fieldName: 'roleId', fieldExplain: '角色编号', fieldExplainEn: 'Role id', fieldType: 'TEXT', columnSql: 't.role_id::text', ishow: false, ihidden: true },
    { fieldName: 'seq', fieldExplain: '顺序', fieldExplainEn: 'Order', fieldType: 'NUMBER', columnSql: 't.seq', isortField: true, columnWidth: 70 },
    { fieldName: 'menuId', fieldExplain: '菜单编号', fieldExplainEn: 'Menu id', fieldType: 'TEXT', columnSql: 't.menu_id::text', ishow: false, ihidden: true },
    { fieldName: 'name', fieldExplain: '页面', fieldExplainEn: 'Page', fieldType: 'TEXT', columnSql: menu('name'), iallowQuery: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'nameEn', fieldExplain: '页面英文名', fieldExplainEn: 'Page in English', fieldType: 'TEXT', columnSql: menu('name_en'), columnWidth: 160 },
    { fieldName: 'path', fieldExplain: '路由', fieldExplainEn: 'Route', fieldType: 'TEXT', columnSql: menu('path'), columnWidth: 200 },
  ],
});
