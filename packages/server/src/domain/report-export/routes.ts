import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { entryOf, writeLog } from '../../platform/audit/log';
import { attachment, XLSX_TYPE } from '../../platform/excel/workbook';
import { deleteFileRows, withFileRemoval } from '../../platform/files/removal';
import { ok } from '../../platform/http/envelope';
import { AppError, parse } from '../../platform/http/errors';
import { enqueue } from '../../platform/jobs/enqueue';
import type { ModuleContext } from '../../platform/module/define';
import { executeDataset } from '../../platform/reports/execute';
import { countRows, writeReportWorkbook } from '../../platform/reports/export';
import { loadReportForCaller, paramFacts, resolveParams } from '../report-centre/load';
import { paramNames } from '../report-centre/repo';
import { displayParams, failOrphanedExports, findOwnExport, insertExport, type ExportRequest } from './repo';
import { cancelRefusal, exportBody, exportCodeParams, exportFileName, exportJobParams, exportSortOf, progressOf, streamRowsLimit } from './rules';
import { EXPORT_QUEUE, type ExportJobData } from './worker';

const FAMILY = '报表导出';
const plantZone = () => process.env.PLANT_TIME_ZONE || 'Asia/Shanghai';

/**
 * POST /api/report/export/:code streams a small export in its answer and puts a large one (more
 * rows than streamRowsLimit(), or `background`) on the job library's queue, answering {jobId};
 * the job's progress, its file and its cancel are the caller's own (another user: 404).
 */
export function exportRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db, database, storage } = ctx;

  app.post('/api/report/export/:code', { config: { access: { demoAllowed: true }, logged: 'self' } }, async (request, reply) => {
    const { code } = parse(exportCodeParams, request.params);
    const body = parse(exportBody, request.body ?? {});
    const who = request.caller;
    const timeZone = plantZone();
    const { definition, dataset, reader } = await loadReportForCaller({ db, modules: ctx.modules }, who, code);
    const params = resolveParams(dataset, definition, body.params, reader, timeZone);
    const sort = exportSortOf(dataset, definition.sort, body.sort);
    const input = { orgId: who.orgId, userId: who.userId, params, timeZone };
    const fileName = exportFileName(definition.name, new Date(), timeZone);
    const limit = streamRowsLimit();
    const large = body.background || (await executeDataset(database.pool, dataset, (c) => countRows(c, dataset.query(input), limit + 1))) > limit;

    if (large) {
      const request_: ExportRequest = {
        who: { userId: who.userId, orgId: who.orgId, groupId: who.groupId, username: who.username, realName: who.realName }, params, sort,
      };
      const jobId = await db.transaction().execute(async (tx) => {
        const id = await insertExport(tx, { orgId: who.orgId, userId: who.userId, code, fileName, request: request_ });
        await enqueue(tx, EXPORT_QUEUE, { exportId: id } satisfies ExportJobData);
        await writeLog(tx, entryOf(who, { action: '开始导出', family: FAMILY, docNo: code, detail: `${definition.name} 任务 ${id}` }));
        return id;
      });
      return ok({ jobId }, '导出已在后台进行');
    }

    const display = await displayParams(db, who.orgId);
    const facts = paramFacts(dataset, definition, params, reader, await paramNames(db, reader, dataset.params, params));
    await writeLog(db, entryOf(who, { action: '导出', family: FAMILY, docNo: code, detail: definition.name }));
    const out = new PassThrough();
    executeDataset(database.pool, dataset, (client) => writeReportWorkbook(out, client, dataset, definition, input, sort, { timeZone, display, sheetName: definition.name, facts }))
      .catch((err: Error) => {
        request.log.warn(`report export ${code} stopped: ${err.message}`);
        out.destroy(err);
      });
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(fileName)).send(out);
  });

  app.get('/api/report/export/jobs/:id', async (request) => {
    const { id } = parse(exportJobParams, request.params);
    let row = await findOwnExport(db, request.caller, id);
    if (!row) throw AppError.of('notFound', '导出任务不存在', 'id');
    // a job the library no longer runs (its server died, it expired) ends the export as failed
    if ((row.state === 'queued' || row.state === 'running') && (await failOrphanedExports(db, EXPORT_QUEUE, [id])).length) {
      row = (await findOwnExport(db, request.caller, id))!;
    }
    return ok(progressOf(row));
  });

  app.get('/api/report/export/jobs/:id/file', async (request, reply) => {
    const { id } = parse(exportJobParams, request.params);
    const row = await findOwnExport(db, request.caller, id);
    if (!row) throw AppError.of('notFound', '导出任务不存在', 'id');
    if (row.state === 'queued' || row.state === 'running') throw AppError.of('conflict', '导出尚未完成', 'id');
    const file = row.file_id ? await db.selectFrom('sys_file').select(['storage_key', 'size_bytes']).where('id', '=', row.file_id).executeTakeFirst() : undefined;
    const bytes = file ? await storage.read(file.storage_key) : null;
    if (!file || !bytes) throw AppError.of('notFound', row.state === 'done' ? '导出文件已过期清理，请重新导出' : '导出没有文件', 'id');
    return reply.header('content-type', XLSX_TYPE).header('content-length', String(file.size_bytes))
      .header('content-disposition', attachment(row.file_name)).header('cache-control', 'private, no-store').send(bytes);
  });

  app.delete('/api/report/export/jobs/:id', { config: { logged: 'self' } }, async (request) => {
    const { id } = parse(exportJobParams, request.params);
    const who = request.caller;
    const done = await withFileRemoval(db, storage, async (tx, drop) => {
      const row = await findOwnExport(tx, who, id, true);
      if (!row) throw AppError.of('notFound', '导出任务不存在', 'id');
      const refusal = cancelRefusal(row.state);
      if (refusal) throw AppError.of('conflict', refusal, 'id');
      // the worker sees the state at its next progress report and stops; a finished file goes with it
      await tx.updateTable('rpt_export').set({ state: 'cancelled', file_id: null, finished_at: new Date() }).where('id', '=', id).execute();
      if (row.file_id) drop(await deleteFileRows(tx, [row.file_id]));
      await writeLog(tx, entryOf(who, { action: '取消导出', family: FAMILY, docNo: row.report_code, detail: `任务 ${id}` }));
      return { ...row, state: 'cancelled' as const, file_id: null };
    });
    return ok(progressOf(done), '导出已取消');
  });
}
