import { idParam, weighParamsPatch } from '@wb/protocol';
import { defineAction, defineModule } from '../../../platform/module/define';
import { menuLeaf as leaf } from '../../../platform/menu/define';
import { routePermissions } from './menus/route-permissions';
import { menuEntryBody } from './menus/rules';
import { createMenu, deleteMenu, updateMenu } from './menus/save';
import { saveWeighParams } from './params/save';
import { roleBody, roleMenuBody, roleScopeBody } from './roles/rules';
import { saveRole, saveRoleMenus, saveRoleScope, switchRole } from './roles/save';
import { adminRoutes } from './routes';
import { assayItemsBody, idsBody, membershipsBody, userCreateBody, userUpdateBody } from './users/rules';
import { createUser, saveUserAssayItems, saveUserOrgs, updateUser } from './users/save';
import { switchUsers } from './users/switch';

const SWITCHES = [['enable', '启用成功'], ['disable', '停用成功']] as const;

/** 用户管理: each change one log entry per user (family 用户, docNo the user name). */
const userActions = [
  defineAction({
    path: '/api/sys-user', permission: 'sys_user_edit', body: userCreateBody,
    run: ({ tx, who, input }) => createUser(tx, who, input.body),
    log: (_, done) => done.note, reply: (done) => ({ id: done.id }), message: '新增成功',
  }),
  defineAction({
    method: 'PUT', path: '/api/sys-user/:id', permission: 'sys_user_edit', params: idParam, body: userUpdateBody,
    run: ({ tx, who, input }) => updateUser(tx, who, { id: input.params.id, profile: input.body }),
    log: (_, note) => note, reply: () => true, message: '修改成功',
  }),
  defineAction({
    method: 'PUT', path: '/api/sys-user/:id/orgs', permission: 'sys_user_edit', params: idParam, body: membershipsBody,
    run: ({ tx, who, input }) => saveUserOrgs(tx, who, { id: input.params.id, orgs: input.body.orgs }),
    log: (_, note) => note, reply: () => true, message: '保存成功',
  }),
  defineAction({
    method: 'PUT', path: '/api/sys-user/:id/assay-items', permission: 'sys_user_edit', params: idParam, body: assayItemsBody,
    run: ({ tx, who, input }) => saveUserAssayItems(tx, who, { id: input.params.id, itemIds: input.body.itemIds }),
    log: (_, note) => note, reply: () => true, message: '保存成功',
  }),
  ...SWITCHES.map(([action, message]) => defineAction({
    path: `/api/sys-user/${action}`, permission: 'sys_user_edit', body: idsBody,
    run: ({ tx, who, input }) => switchUsers(tx, who, { ids: input.body.ids, enable: action === 'enable' }),
    log: (_, notes) => notes, reply: () => true, message,
  })),
];

/** 角色管理: family 角色, docNo the role code. */
const roleActions = [
  defineAction({
    path: '/api/sys-role', permission: 'sys_role_edit', body: roleBody,
    run: ({ tx, who, input }) => saveRole(tx, who, { id: null, role: input.body }),
    log: (_, done) => done.note, reply: (done) => ({ id: done.id }), message: '新增成功',
  }),
  defineAction({
    method: 'PUT', path: '/api/sys-role/:id', permission: 'sys_role_edit', params: idParam, body: roleBody,
    run: ({ tx, who, input }) => saveRole(tx, who, { id: input.params.id, role: input.body }),
    log: (_, done) => done.note, reply: () => true, message: '修改成功',
  }),
  ...SWITCHES.map(([action, message]) => defineAction({
    method: 'PUT', path: `/api/sys-role/:id/${action}`, permission: 'sys_role_edit', params: idParam,
    run: ({ tx, who, input }) => switchRole(tx, who, { id: input.params.id, enable: action === 'enable' }),
    log: (_, note) => note, reply: () => true, message,
  })),
  defineAction({
    method: 'PUT', path: '/api/sys-role/menu', permission: 'sys_role_edit', body: roleMenuBody,
    run: ({ tx, who, input }) => saveRoleMenus(tx, who, input.body),
    log: (_, done) => done.note, reply: (done) => ({ granted: done.granted }), message: '保存成功',
  }),
  defineAction({
    method: 'PUT', path: '/api/sys-role/:id/scope', permission: 'sys_role_edit', params: idParam, body: roleScopeBody,
    run: ({ tx, who, input }) => saveRoleScope(tx, who, { id: input.params.id, scope: input.body }),
    log: (_, note) => note, reply: () => true, message: '保存成功',
  }),
];

/** 菜单管理: family 菜单, docNo the entry's path (a button's: its key). */
const menuActions = [
  defineAction({
    path: '/api/sys-menu', permission: 'sys_menu_edit', body: menuEntryBody,
    run: ({ tx, who, input }) => createMenu(tx, who, input.body),
    log: (_, done) => done.note, reply: (done) => ({ id: done.id }), message: '新增成功',
  }),
  defineAction({
    method: 'PUT', path: '/api/sys-menu/:id', permission: 'sys_menu_edit', params: idParam, body: menuEntryBody,
    run: ({ tx, who, input }) => updateMenu(tx, who, { id: input.params.id, entry: input.body }),
    log: (_, note) => note, reply: () => true, message: '修改成功',
  }),
  defineAction({
    method: 'DELETE', path: '/api/sys-menu/:id', permission: 'sys_menu_edit', params: idParam,
    run: ({ tx, who, input, app }) => deleteMenu(tx, who, { id: input.params.id, routeKeys: routePermissions(app) }),
    log: (_, note) => note, reply: () => true, message: '删除成功',
  }),
];

/** 参数设置: one entry with each changed parameter before -> after. */
const paramActions = [
  defineAction({
    method: 'PUT', path: '/api/system/param/weigh', permission: 'sys_param_edit', body: weighParamsPatch,
    run: ({ tx, who, input }) => saveWeighParams(tx, who, input.body),
    log: (_, done) => done.notes, reply: (done) => done.saved, message: '保存成功',
  }),
];

/** 系统管理: users, roles, menus and the weighing parameters. Administrators only. */
export const adminModule = defineModule({
  key: 'admin',
  menu: [{
    area: '/system',
    leaves: [
      leaf('用户管理', 'Users', '/system/user', [], {
        component: 'system-admin/users',
        buttons: [
          { name: '查看用户', en: 'View users', permission: 'sys_user_view' },
          { name: '编辑用户', en: 'Edit users', permission: 'sys_user_edit' },
          { name: '重置密码', en: 'Reset password', permission: 'sys_user_reset' },
        ],
      }),
      leaf('角色管理', 'Roles', '/system/role', [], {
        component: 'system-admin/roles',
        buttons: [
          { name: '查看角色', en: 'View roles', permission: 'sys_role_view' },
          { name: '编辑角色', en: 'Edit roles', permission: 'sys_role_edit' },
        ],
      }),
      leaf('菜单管理', 'Menus', '/system/menu', [], {
        component: 'system-admin/menus',
        buttons: [
          { name: '查看菜单', en: 'View menus', permission: 'sys_menu_view' },
          { name: '编辑菜单', en: 'Edit menus', permission: 'sys_menu_edit' },
        ],
      }),
      leaf('参数设置', 'Parameters', '/system/param', [], {
        component: 'system-admin/params',
        buttons: [
          { name: '查看参数', en: 'View parameters', permission: 'sys_param_view' },
          { name: '修改参数', en: 'Edit parameters', permission: 'sys_param_edit' },
        ],
      }),
    ],
  }],
  actions: [...userActions, ...roleActions, ...menuActions, ...paramActions],
  // the reads: lists of the group's users and roles, the menu tree and scan, the parameters
  routes: (app, { db }) => adminRoutes(app, db),
});
