import { z } from 'zod';
import { idSchema } from '@wb/protocol';
import { defineAction, defineModule } from '../../../platform/module/define';
import { documentButtons, menuLeaf as leaf } from '../../../platform/menu/define';
import { ok } from '../../../platform/http/envelope';
import { parse } from '../../../platform/http/errors';
import { rolesHere } from './repo';
import { shortcutSave } from './rules';
import { choicesOfRole, saveShortcuts, shortcutsOf } from './save';
import { HOME_SHORTCUT_BASE as BASE, HOME_SHORTCUT_LIST_CODE, homeShortcutListTemplate } from './templates';

const roleQuery = z.strictObject({ roleId: idSchema });

/**
 * 首页快捷入口: the administrator chooses, per role, the pages its people's home page opens in one
 * click. A plant's scale-house PCs and desks are shared by the people of a role, so the pages are
 * set once for the role rather than by each user; without a choice the home page offers the first
 * page of each folder, as before.
 */
export const homeShortcutModule = defineModule({
  key: 'home-shortcut',
  depends: ['system'],
  templates: [homeShortcutListTemplate],
  menu: [{
    area: '/system',
    leaves: [leaf('首页快捷入口', 'Home shortcuts', '/system/home-shortcut', [], {
      buttons: [
        ...documentButtons('sys_home_shortcut', [], []),
        { name: '设置', en: 'Choose', permission: 'sys_home_shortcut_save', component: 'page:chooseHomeShortcuts', roles: [] },
      ],
    })],
  }],
  lists: [{ url: `${BASE}/v2/list`, template: HOME_SHORTCUT_LIST_CODE, permission: 'sys_home_shortcut_view' }],
  actions: [defineAction({
    path: `${BASE}/save`, permission: 'sys_home_shortcut_save', body: shortcutSave,
    run: ({ tx, who, input }) => saveShortcuts(tx, who, input.body.roleId, input.body.menuIds),
    log: (_, done) => done.note, reply: (done) => ({ count: done.count }), message: '保存成功',
  })],
  routes: (app, { db }) => {
    app.get(`${BASE}/roles`, { config: { access: { permission: 'sys_home_shortcut_save' } } }, async (request) => ok({ list: await rolesHere(db, request.caller.orgId) }));
    // what 设置 offers for a role: the pages its menu grants
    app.get(`${BASE}/choices`, { config: { access: { permission: 'sys_home_shortcut_save' } } }, async (request) =>
      ok({ list: await choicesOfRole(db, request.caller, parse(roleQuery, request.query ?? {}).roleId) }));
    // the home page's tiles: every signed-in user, his roles'
    app.get(`${BASE}/mine`, { config: { access: {} } }, async (request) => ok({ list: await shortcutsOf(db, request.caller) }));
  },
});
