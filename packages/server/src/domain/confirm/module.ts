import { confirmSubmitBody } from '@wb/protocol';
import { idParam } from '@wb/protocol';
import { defineAction, defineModule } from '../../platform/module/define';
import { ok } from '../../platform/http/envelope';
import { AppError, parse } from '../../platform/http/errors';
import { confirmPlaces } from './repo';
import { CONFIRM_GRID_NAMES, gridPermission } from './grids';
import { decorateGrid, gridConditions } from './list';
import { confirmLeaves } from './menu';
import { submitConfirmation } from './submit';
import { CONFIRM_TEMPLATES, confirmListCode } from './templates';

/**
 * Site confirmation (现场确认): one grid per kind and side, listing the trucks still at the site
 * with the buttons the server allows each, and the press on a row (confirm, re-weigh, close,
 * sample judgement). The ticket's lifecycle is weighing's transition table.
 */
export const confirmModule = defineModule({
  key: 'confirm',
  depends: ['notice', 'weighing', 'stock-address', 'batch'],
  templates: CONFIRM_TEMPLATES,
  menu: ['/purchase', '/sale', '/allot', '/transfer'].map((area) => ({ area, leaves: confirmLeaves(area) })),
  lists: CONFIRM_GRID_NAMES.map((grid) => ({
    url: `/api/confirm/${grid}/v2/list`, template: confirmListCode(grid), permission: gridPermission(grid, 'view'),
    forced: ({ body }) => gridConditions(grid, body.search ?? []),
    decorate: (rows, call) => decorateGrid(grid, rows, call),
  })),
  actions: CONFIRM_GRID_NAMES.map((grid) => defineAction({
    path: `/api/confirm/${grid}/submit`, permission: gridPermission(grid, 'submit'), body: confirmSubmitBody,
    run: ({ tx, who, input }) => submitConfirmation(tx, who, grid, input.body),
    log: (_, done) => done.note, reply: (done) => (done.warning ? { id: done.id, warning: done.warning } : { id: done.id }), message: '操作成功',
  })),
  routes: (app, { db }) => {
    for (const grid of CONFIRM_GRID_NAMES) {
      // the confirmation dialog's places (库存地址, and 筒仓 for sales): reads only
      app.get(`/api/confirm/${grid}/places/:id`, { config: { access: { permission: gridPermission(grid, 'submit'), demoAllowed: true } } }, async (request) => {
        const { id } = parse(idParam, request.params);
        const places = await confirmPlaces(db, request.caller.orgId, grid, id);
        if (!places) throw new AppError(404, '磅单不存在', 'id');
        return ok(places);
      });
    }
  },
});
