// request.file() and isMultipart() come from @fastify/multipart's declarations
import type {} from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { idParam } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import type { NoticeKind } from '../../platform/db/schema';
import * as childRepo from '../../platform/documents/child-repo';
import type { DocumentFamily } from '../../platform/documents/define';
import { attachment, headerOnlyWorkbook, XLSX_TYPE } from '../../platform/excel/workbook';
import { ok } from '../../platform/http/envelope';
import { AppError, badRequest, parse } from '../../platform/http/errors';
import { importNotices, noticeImportColumns } from './import';
import { noticePermission } from './kinds';

/**
 * The notices' calls that are not a JSON action or a template list (module.ts declares those): the
 * header-and-lines import (a spreadsheet up and its template down) and the read of an allot notice
 * addressed to the caller's company.
 */
// the import writes one log entry per notice in its transaction (import.ts)
const may = (permission: string) => ({ config: { access: { permission }, logged: 'self' as const } });
const view = (permission: string) => ({ config: { access: { permission, demoAllowed: true as const } } });

export function noticeImportRoutes(app: FastifyInstance, db: Database, family: DocumentFamily, kind: NoticeKind): void {
  app.get(`${family.base}/import/template`, may(noticePermission(kind, 'import')), async (_request, reply) => {
    const columns = noticeImportColumns(family).map((f) => ({ header: f.label, key: f.name }));
    const bytes = await headerOnlyWorkbook(family.label, columns);
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(`${family.label}导入模板.xlsx`)).send(bytes);
  });
  app.post(`${family.base}/import`, may(noticePermission(kind, 'import')), async (request) => {
    if (!request.isMultipart()) throw badRequest('请选择要导入的 Excel 文件', 'file');
    const file = await request.file();
    if (!file) throw badRequest('请选择要导入的 Excel 文件', 'file');
    const result = await importNotices(db, family, request.caller, await file.toBuffer());
    return ok(result, `成功导入 ${result.imported} 张通知单，${result.lines} 行明细`);
  });
}

/**
 * An allot notice addressed to the caller's company, read through the receiving company's column,
 * so a company sees the notices sent to it and nothing else of the sender's.
 */
export function receivedAllotRoutes(app: FastifyInstance, db: Database, family: DocumentFamily): void {
  app.get(`${family.base}/received/get/:id`, view(noticePermission('al', 'received')), async (request) => {
    const { id } = parse(idParam, request.params);
    const notice = await db.selectFrom('wb_notice')
      .select(['id', 'notice_no as noticeNo', 'doc_status as docStatus', 'org_id as shipOrgId', 'start_time as startTime', 'end_time as endTime', 'contract_no as contractNo', 'ctrl_mode as ctrlMode', 'remark'])
      .where('id', '=', id).where('kind', '=', 'al').where('peer_org_id', '=', request.caller.orgId).where('doc_status', '<>', 'FREE')
      .executeTakeFirst();
    if (!notice) throw AppError.of('notFound', `调拨通知单不存在: ${id}`, 'id');
    const children = family.children;
    return ok({ ...notice, entitysub: children ? await childRepo.readChildren(db, children, id) : [] });
  });
}
