import { idParam } from '@wb/protocol';
import { defineAction, defineModule } from '../../platform/module/define';
import { documentButtons, menuLeaf as leaf } from '../../platform/menu/define';
import { AppError, parse } from '../../platform/http/errors';
import { ok } from '../../platform/http/envelope';
import { SQL_REPORT_VIEW } from './dataset';
import { embedContext, reportPath } from './embed';
import {
  checkDataSource, deleteSqlReport, insertSqlReport, listSqlReports, lockSqlReport, readSqlReport, reportsUsing, updateSqlReport,
} from './repo';
import { frViewBody, sqlReportCreate, sqlReportList, sqlReportUpdate, sqlRunBody } from './rules';
import { trySql } from './run';

const BASE = '/api/report/db-source';
const FAMILY = '数据源报表';
export const SQL_REPORT_RUN = 'rpt_db_source_run';

/**
 * 数据源报表: an administrator's SQL with named parameters over the platform's own database (as the
 * report reader, under row-level security for the caller's company: migration 074) or a read-only
 * source of 系统管理 → 数据源; the report designer offers each as a source (`sql:<id>`, dataset.ts).
 * frView answers the path of an embedded report (embed.ts).
 */
export const reportSqlModule = defineModule({
  key: 'report-sql',
  depends: ['data-sources'],
  menu: [{
    area: '/reportforms',
    leaves: [leaf('数据源报表', 'Database-source reports', '/reportforms/sql', [], {
      component: 'report-sql',
      buttons: [
        ...documentButtons('rpt_db_source', ['create', 'update', 'delList'], []),
        { name: '运行', en: 'Run', permission: SQL_REPORT_RUN, roles: [] },
      ],
    })],
  }],
  actions: [
    defineAction({
      path: BASE, permission: 'rpt_db_source_create', body: sqlReportCreate,
      run: async ({ tx, who, input }) => {
        await checkDataSource(tx, who.orgId, input.body.dataSourceId);
        return { id: await insertSqlReport(tx, who, input.body), code: input.body.code };
      },
      log: (_, done) => ({ action: 'create', family: FAMILY, docNo: done.code }), reply: (done) => ({ id: done.id }), message: '新增成功',
    }),
    defineAction({
      method: 'PUT', path: `${BASE}/:id`, permission: 'rpt_db_source_update', params: idParam, body: sqlReportUpdate,
      run: async ({ tx, who, input }) => {
        await lockSqlReport(tx, who.orgId, input.params.id, input.body.version);
        await checkDataSource(tx, who.orgId, input.body.dataSourceId);
        await updateSqlReport(tx, who, input.params.id, input.body);
        return { id: input.params.id, code: input.body.code };
      },
      log: (_, done) => ({ action: 'update', family: FAMILY, docNo: done.code }), reply: (done) => ({ id: done.id }), message: '修改成功',
    }),
    defineAction({
      method: 'DELETE', path: `${BASE}/:id`, permission: 'rpt_db_source_delList', params: idParam,
      run: async ({ tx, who, input }) => {
        const row = await lockSqlReport(tx, who.orgId, input.params.id);
        const users = await reportsUsing(tx, who.orgId, row.id);
        if (users.length) throw new AppError(400, `数据源报表 ${row.code} 正被报表 ${users.join('、')} 使用，不能删除`, 'id');
        await deleteSqlReport(tx, who.orgId, row.id);
        return row;
      },
      log: (_, done) => ({ action: 'delete', family: FAMILY, docNo: done.code }), reply: (done) => ({ id: done.id }), message: '删除成功',
    }),
  ],
  routes: (app, ctx) => {
    const { db } = ctx;
    app.post(`${BASE}/list`, { config: { access: { permission: SQL_REPORT_VIEW, demoAllowed: true } } }, async (request) => {
      const q = parse(sqlReportList, request.body ?? {});
      return ok(await listSqlReports(db, request.caller.orgId, { keyword: q.search?.keyword?.trim() || undefined, pn: q.limit?.pn ?? 1, ps: q.limit?.ps ?? 20 }));
    });
    // the editor's source select: the company's enabled data sources (names only)
    app.get(`${BASE}/sources`, { config: { access: { permission: SQL_REPORT_VIEW } } }, async (request) => ok(
      await db.selectFrom('sys_data_source').select(['id', 'source_name as name']).where('org_id', '=', request.caller.orgId).where('enabled', '=', true).orderBy('source_name').execute()));
    app.get(`${BASE}/:id`, { config: { access: { permission: SQL_REPORT_VIEW } } }, async (request) => {
      const row = await readSqlReport(db, request.caller.orgId, parse(idParam, request.params).id);
      if (!row) throw AppError.of('notFound', '数据源报表不存在', 'id');
      return ok(row);
    });
    // reads only: a READ ONLY transaction always rolled back, as the reader role or on a read-only source
    app.post(`${BASE}/run`, { config: { access: { permission: SQL_REPORT_RUN, demoAllowed: true } } }, async (request) => {
      return ok(await trySql(ctx.database, request.caller.orgId, parse(sqlRunBody, request.body)));
    });
    // FineReport's frView: the path the workspace opens for a reportlet, with what an embedded report receives
    app.post('/api/report/frView', { config: { access: { demoAllowed: true } } }, async (request) => {
      const { reportlet } = parse(frViewBody, request.body);
      const path = await reportPath(ctx, request.caller, reportlet);
      return ok({ path, ...(await embedContext(db, request.caller)) });
    });
    app.get('/api/report/embed/context', { config: { access: {} } }, async (request) => ok(await embedContext(db, request.caller)));
  },
});
