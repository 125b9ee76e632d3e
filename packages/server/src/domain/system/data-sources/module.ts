import { idParam, idsBody } from '@wb/protocol';
import { defineAction, defineModule } from '../../../platform/module/define';
import { documentButtons, menuLeaf as leaf } from '../../../platform/menu/define';
import { AppError, parse } from '../../../platform/http/errors';
import { ok } from '../../../platform/http/envelope';
import { testDataSource } from './connect';
import { readDataSource } from './repo';
import { dataSourceCreate, dataSourceUpdate } from './rules';
import { createDataSource, deleteDataSources, switchDataSources, updateDataSource } from './save';
import { DATA_SOURCE_LIST_CODE, dataSourceCreateForm, dataSourceListTemplate, dataSourceUpdateForm } from './templates';

const BASE = '/api/system/data-source';

/**
 * 数据源: named read-only PostgreSQL connections for the report centre (openDataSource in
 * connect.ts), with a test button. Passwords are sealed with AES-256-GCM and never answered.
 */
export const dataSourcesModule = defineModule({
  key: 'data-sources',
  depends: ['system'],
  templates: [dataSourceListTemplate, dataSourceCreateForm, dataSourceUpdateForm],
  menu: [{
    area: '/system',
    leaves: [leaf('数据源', 'Data sources', '/system/data-source', [], {
      buttons: [...documentButtons('sys_data_source', ['create', 'update', 'delList', 'enable', 'disable'], []),
        // the web's page action shows the server's answer (the version reached, or why not)
        { name: '测试连接', en: 'Test connection', permission: 'sys_data_source_test', component: 'page:testDataSource', roles: [] }],
    })],
  }],
  lists: [{ url: `${BASE}/v2/list`, template: DATA_SOURCE_LIST_CODE, permission: 'sys_data_source_view' }],
  actions: [
    defineAction({
      path: `${BASE}/create`, permission: 'sys_data_source_create', body: dataSourceCreate,
      run: ({ tx, who, input }) => createDataSource(tx, who, input.body.entity),
      log: (_, done) => done.note, reply: (done) => ({ id: done.id }), message: '新增成功',
    }),
    defineAction({
      method: 'PUT', path: `${BASE}/update`, permission: 'sys_data_source_update', body: dataSourceUpdate,
      run: ({ tx, who, input }) => updateDataSource(tx, who, input.body.entity),
      log: (_, done) => done.note, reply: (done) => ({ id: done.id }), message: '修改成功',
    }),
    defineAction({
      method: 'DELETE', path: `${BASE}/delList`, permission: 'sys_data_source_delList', body: idsBody,
      run: ({ tx, who, input }) => deleteDataSources(tx, who, input.body.ids),
      log: (_, notes) => notes, reply: (notes) => ({ count: notes.length }), message: '删除成功',
    }),
    ...(['enable', 'disable'] as const).map((action) => defineAction({
      path: `${BASE}/${action}`, permission: `sys_data_source_${action}`, body: idsBody,
      run: ({ tx, who, input }) => switchDataSources(tx, who, input.body.ids, action === 'enable'),
      log: (_, notes) => notes, reply: (notes) => ({ count: notes.length }), message: action === 'enable' ? '启用成功' : '停用成功',
    })),
  ],
  routes: (app, { db }) => {
    app.get(`${BASE}/get/:id`, { config: { access: { permission: 'sys_data_source_view' } } }, async (request) => {
      const row = await readDataSource(db, request.caller.orgId, parse(idParam, request.params).id);
      if (!row) throw AppError.of('notFound', '数据源不存在', 'id');
      return ok(row);
    });
    // connects and disconnects: nothing is changed, here or there (the session is read-only)
    app.post(`${BASE}/test/:id`, { config: { access: { permission: 'sys_data_source_test', demoAllowed: true } } }, async (request) => {
      const result = await testDataSource(db, request.caller.orgId, parse(idParam, request.params).id);
      const check = result.check ? `；检测语句返回 ${result.check.rows}${result.check.more ? '+' : ''} 行${result.check.first === null ? '' : `，首值 ${result.check.first}`}` : '';
      return ok(result, `连接成功：PostgreSQL ${result.version}${result.readOnly ? '，只读' : ''}${check}`);
    });
  },
});
