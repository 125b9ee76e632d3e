import { z } from 'zod';
import { idParam, idsBody } from '@wb/protocol';
import { defineAction, defineModule } from '../../../platform/module/define';
import { documentButtons, menuLeaf as leaf } from '../../../platform/menu/define';
import { AppError, parse } from '../../../platform/http/errors';
import { ok } from '../../../platform/http/envelope';
import { boardOf, readAnnouncement as readForm } from './repo';
import { announcementCreate, announcementUpdate, boardOrder } from './rules';
import { createAnnouncement, deleteAnnouncements, readAnnouncement, updateAnnouncement } from './save';
import {
  ANNOUNCEMENT_BASE as BASE, ANNOUNCEMENT_LIST_CODE, ANNOUNCEMENT_ROLE_LIST_CODE, announcementCreateForm, announcementListTemplate,
  announcementRoleList, announcementRoleResource, announcementUpdateForm,
} from './templates';

/** The most announcements the home page's board shows. */
const BOARD_SIZE = 20;
const boardQuery = z.strictObject({ limit: z.coerce.number({ message: 'limit 应为 1 到 50 的整数' }).int('limit 应为 1 到 50 的整数').min(1, 'limit 应为 1 到 50 的整数').max(50, 'limit 应为 1 到 50 的整数').optional() });

/**
 * 公告: administrators publish to roles (系统管理 → 公告管理, a list in the Announcement table
 * mode); every signed-in user reads his roles' current ones on the home page's board
 * (GET board) and marks each read (POST read/{id}).
 */
export const announcementModule = defineModule({
  key: 'announcement',
  depends: ['system'],
  templates: [announcementRoleList, announcementRoleResource, announcementListTemplate, announcementCreateForm, announcementUpdateForm],
  menu: [{
    area: '/system',
    leaves: [leaf('公告管理', 'Announcements', '/system/announcement', [], {
      buttons: documentButtons('sys_announcement', ['create', 'update', 'delList'], []),
    })],
  }],
  lists: [
    { url: `${BASE}/v2/list`, template: ANNOUNCEMENT_LIST_CODE, permission: 'sys_announcement_view' },
    // the form's role popup: those who may publish may choose
    { url: `${BASE}/role/v2/list`, template: ANNOUNCEMENT_ROLE_LIST_CODE, permission: 'sys_announcement_create', anyTplId: true },
  ],
  actions: [
    defineAction({
      path: `${BASE}/create`, permission: 'sys_announcement_create', body: announcementCreate,
      run: ({ tx, who, input }) => createAnnouncement(tx, who, input.body.entity),
      log: (_, done) => done.note, reply: (done) => ({ id: done.id }), message: '发布成功',
    }),
    defineAction({
      method: 'PUT', path: `${BASE}/update`, permission: 'sys_announcement_update', body: announcementUpdate,
      run: ({ tx, who, input }) => updateAnnouncement(tx, who, input.body.entity),
      log: (_, done) => done.note, reply: (done) => ({ id: done.id }), message: '修改成功',
    }),
    defineAction({
      method: 'DELETE', path: `${BASE}/delList`, permission: 'sys_announcement_delList', body: idsBody,
      run: ({ tx, who, input }) => deleteAnnouncements(tx, who, input.body.ids),
      log: (_, notes) => notes, reply: (notes) => ({ count: notes.length }), message: '删除成功',
    }),
    // any signed-in user, for an announcement his own board shows
    defineAction({
      path: `${BASE}/read/:id`, permission: '', signedIn: true, params: idParam,
      run: ({ tx, who, input }) => readAnnouncement(tx, who, input.params.id),
      log: (_, done) => done.note, reply: (done) => ({ first: done.first }), message: '已读',
    }),
  ],
  routes: (app, { db }) => {
    app.get(`${BASE}/get/:id`, { config: { access: { permission: 'sys_announcement_view' } } }, async (request) => {
      const row = await readForm(db, request.caller.orgId, parse(idParam, request.params).id);
      if (!row) throw AppError.of('notFound', '公告不存在', 'id');
      return ok(row);
    });
    app.get(`${BASE}/board`, { config: { access: {} } }, async (request) => {
      const { limit } = parse(boardQuery, request.query ?? {});
      return ok({ list: boardOrder(await boardOf(db, request.caller, limit ?? BOARD_SIZE)) });
    });
  },
});
