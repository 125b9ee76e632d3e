import { defineModule } from '../../../platform/module/define';
import { menuLeaf as leaf } from '../../../platform/menu/define';
import { adminRoutes } from './routes';

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
  routes: (app, { db }) => adminRoutes(app, db),
});
