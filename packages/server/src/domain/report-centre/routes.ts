import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReportDatasetInfo } from '@wb/protocol';
import { writeLog } from '../../platform/audit/log';
import { ok } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import type { ModuleContext } from '../../platform/module/define';
import { sendDocument } from '../../platform/print/document';
import { letterheadOf } from '../../platform/print/letterhead';
import { runReport } from '../../platform/reports/run';
import { pageOf, sortOf } from '../../platform/reports/rules';
import * as sqlSources from '../report-sql/dataset';
import { weighParams } from '../weighing/repo';
import { datasetInfo, loadReportForCaller, moduleDatasets, paramFacts, readerOf, resolveParams, type LoadedReport } from './load';
import * as repo from './repo';
import { printColumns, reportDocument, widthRefusal } from './rules';

/** How many rows a print holds at most; a larger report is exported instead. */
export const PRINT_ROWS_MAX = 2000;

/** PLANT_TIME_ZONE: which day ${today} is. */
export const reportTimeZone = () => process.env.PLANT_TIME_ZONE || 'Asia/Shanghai';

type Body = { params?: unknown; sort?: unknown; page?: unknown } | undefined;
const bodyOf = (request: FastifyRequest): NonNullable<Body> => {
  const b = request.body as Body | null;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw badRequest('请求体应为 {params, sort, page}');
  return b;
};
const codeOf = (request: FastifyRequest) => (request.params as { code: string }).code;

/** The database-source reports offered as sources (数据源报表 adds `listSqlDatasets`; none until it does). */
async function sqlDatasets(ctx: ModuleContext, orgId: string): Promise<ReportDatasetInfo[]> {
  const list = (sqlSources as unknown as { listSqlDatasets?: (db: ModuleContext['db'], orgId: string) => Promise<ReportDatasetInfo[]> }).listSqlDatasets;
  return list ? list(ctx.db, orgId) : [];
}

const widthsFor = (ctx: ModuleContext, report: LoadedReport) => repo.widthsOf(ctx.db, report.reader.orgId, report.definition.code, report.reader.userId);

/**
 * The report centre's reading calls (REPORTS.md "The calls"): the datasets a designer may use,
 * and a report's page, rows, widths and print, each through the loader's permission check.
 */
export function reportCentreRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db } = ctx;
  const read = { config: { access: { demoAllowed: true as const } } };

  app.get('/api/report/datasets', async (request) => {
    const reader = await readerOf(db, request.caller);
    const own = moduleDatasets(ctx.modules);
    let allowed = own;
    if (!reader.admin) {
      const held = await repo.heldPermissions(db, reader.userId, reader.orgId);
      allowed = own.filter((d) => held.has(d.permission));
    }
    return ok([...allowed.map(datasetInfo), ...(reader.admin ? await sqlDatasets(ctx, reader.orgId) : [])]);
  });

  app.get('/api/report/easy/view/:code', async (request) => {
    const report = await loadReportForCaller(ctx, request.caller, codeOf(request));
    // orgs: what an 'org' parameter's select offers (the reader's organisations); scales: a 'scale' parameter's (the plant's)
    const scales = report.dataset.params.some((p) => p.type === 'scale') ? await repo.plantScales(db, report.reader.orgId) : undefined;
    return ok({
      definition: report.definition, dataset: datasetInfo(report.dataset), widths: await widthsFor(ctx, report), builtIn: report.builtIn, orgs: report.reader.orgs,
      ...(scales ? { scales } : {}),
    });
  });

  app.post('/api/report/easy/data/:code', read, async (request) => {
    const report = await loadReportForCaller(ctx, request.caller, codeOf(request));
    const body = bodyOf(request);
    const params = resolveParams(report.dataset, report.definition, body.params, report.reader, reportTimeZone());
    const sort = sortOf(report.dataset, report.definition, body.sort);
    const page = pageOf(body.page);
    const input = { orgId: report.reader.orgId, userId: report.reader.userId, params, timeZone: reportTimeZone() };
    return ok(await runReport(ctx.database.pool, report.dataset, report.definition, input, sort, page));
  });

  app.post('/api/report/easy/width/:code', { config: { logged: 'self' } }, async (request) => {
    const report = await loadReportForCaller(ctx, request.caller, codeOf(request));
    const asked = widthRefusal(report.definition, request.body);
    if ('message' in asked) throw badRequest(asked.message, asked.field);
    const { caller } = request;
    await db.transaction().execute(async (tx) => {
      await repo.saveWidth(tx, { orgId: caller.orgId, code: report.definition.code, userId: caller.userId, field: asked.field, width: asked.width });
      await writeLog(tx, {
        orgId: caller.orgId, userId: caller.userId, username: caller.username, ip: request.ip,
        action: '报表列宽', family: '报表', docNo: report.definition.code, detail: `${asked.field} = ${asked.width}px`,
      });
    });
    return ok({ field: asked.field, width: asked.width }, '保存成功');
  });

  app.post('/api/report/print/:code', read, async (request, reply) => {
    const report = await loadReportForCaller(ctx, request.caller, codeOf(request));
    const body = bodyOf(request);
    const { reader, dataset, definition } = report;
    const params = resolveParams(dataset, definition, body.params, reader, reportTimeZone());
    const sort = sortOf(dataset, definition, body.sort);
    const input = { orgId: reader.orgId, userId: reader.userId, params, timeZone: reportTimeZone() };
    const result = await runReport(ctx.database.pool, dataset, definition, input, sort, { pn: 1, ps: PRINT_ROWS_MAX });
    const widths = await widthsFor(ctx, report);
    const footer = definition.page.footer
      ? definition.page.footer.replace(/\$\{userName\}/g, reader.realName || reader.username).replace(/\$\{orgName\}/g, reader.orgName)
      : undefined;
    const doc = reportDocument({
      definition, columns: printColumns(dataset, definition, widths), result,
      facts: paramFacts(dataset, definition, params, reader, await repo.paramNames(db, reader, dataset.params, params)),
      letterhead: await letterheadOf(db, reader.orgId), display: await weighParams(db, reader.orgId), footer, cut: result.total > PRINT_ROWS_MAX,
    });
    return sendDocument(reply, doc, 'pdf', definition.name);
  });
}
