import type { FastifyInstance } from 'fastify';
import { listRequest, noticeDoneBody, noticeEndTimeBody, noticeMaxLimitBody, idParam } from '@wb/protocol';
import { z } from 'zod';
import type { Database } from '../../platform/db/pool';
import type { NoticeKind } from '../../platform/db/schema';
import { writeLog } from '../../platform/audit/log';
import { documentRoutes } from '../../platform/documents/routes';
import * as childRepo from '../../platform/documents/child-repo';
import type { DocumentFamily } from '../../platform/documents/define';
import { attachment, headerOnlyWorkbook, XLSX_TYPE } from '../../platform/excel/workbook';
import { ok } from '../../platform/http/envelope';
import { AppError, badRequest, parse } from '../../platform/http/errors';
import { runList, type ListOptions } from '../../platform/list/repo';
import { planList } from '../../platform/list/rules';
import { toDateTime } from '../../platform/list/values';
import { loadListTemplate } from '../../platform/templates/repo';
import { NOTICE_FAMILIES } from './family';
import { tons } from './quantity-rules';
import { importNotices, noticeImportColumns } from './import';
import { NOTICE_KINDS, noticePermission } from './kinds';
import * as repo from './repo';
import { auditedOnly, decideDone, decideEndTime, decideMaxLimit } from './rules';
import { peerOrgList, receivedAllotListTemplate } from './templates';

/**
 * The notices' HTTP: every family on the document engine, plus what a notice does beyond the
 * contract: quantity corrections on an audited notice's line, its end time, the header-and-lines
 * import, the popups' lists, and the allot notices other companies address to this one.
 */
const may = (permission: string) => ({ config: { access: { permission } } });
const view = (permission: string) => ({ config: { access: { permission, demoAllowed: true as const } } });

const lineNotFound = (lineId: string) => AppError.of('notFound', `通知单明细不存在: ${lineId}`, 'lineId');

async function listOf(db: Database, formatCode: string) {
  const template = await loadListTemplate(db, formatCode);
  if (!template) throw new AppError(500, `列表模板 ${formatCode} 未配置`);
  return template;
}

function quantityRoutes(app: FastifyInstance, db: Database, family: DocumentFamily, kind: NoticeKind): void {
  app.post(`${family.base}/updateMaxLimit`, may(noticePermission(kind, 'updateMaxLimit')), async (request) => {
    const body = parse(noticeMaxLimitBody, request.body);
    const who = request.caller;
    return ok(await db.transaction().execute(async (tx) => {
      const line = await repo.lockLine(tx, who.orgId, kind, body.lineId);
      if (!line) throw lineNotFound(body.lineId);
      const refused = auditedOnly(line.status, family.label, line.noticeNo, '修改最大限量');
      if (refused) throw badRequest(refused, 'lineId');
      const decision = decideMaxLimit(line, body.maxLimit);
      if (!decision.ok) throw badRequest(decision.message, decision.field);
      const after = await repo.setLineQuantity(tx, who.userId, line.lineId, 'max_limit', decision.value.toFixed(4));
      await writeLog(tx, { orgId: who.orgId, userId: who.userId, username: who.username, ip: request.ip, action: 'noticeUpdateMaxLimit',
        detail: `${line.noticeNo} 第${line.seq}行 最大限量 ${tons(line.maxLimit)} -> ${tons(after.maxLimit)}` });
      return after;
    }), '修改成功');
  });

  app.post(`${family.base}/updateDone`, may(noticePermission(kind, 'updateDone')), async (request) => {
    const body = parse(noticeDoneBody, request.body);
    const who = request.caller;
    return ok(await db.transaction().execute(async (tx) => {
      const line = await repo.lockLine(tx, who.orgId, kind, body.lineId);
      if (!line) throw lineNotFound(body.lineId);
      const refused = auditedOnly(line.status, family.label, line.noticeNo, '修改已执行量');
      if (refused) throw badRequest(refused, 'lineId');
      const decision = decideDone(line, body.doneQuantity, body.reason);
      if (!decision.ok) throw badRequest(decision.message, decision.field);
      const after = await repo.setLineQuantity(tx, who.userId, line.lineId, 'done_quantity', decision.value.toFixed(4));
      // the correction and its reason stay on record: done is what the plant is paid on
      await writeLog(tx, { orgId: who.orgId, userId: who.userId, username: who.username, ip: request.ip, action: 'noticeUpdateDone',
        detail: `${line.noticeNo} 第${line.seq}行 已执行量 ${tons(line.done)} -> ${tons(after.doneQuantity)}，原因：${body.reason.trim()}` });
      return after;
    }), '修改成功');
  });

  app.post(`${family.base}/updateEndTime`, may(noticePermission(kind, 'updateEndTime')), async (request) => {
    const body = parse(noticeEndTimeBody, request.body);
    const converted = toDateTime(body.endTime);
    if (!converted.ok) throw badRequest('结束时间不是时间，应为 yyyy-MM-dd HH:mm:ss', 'endTime');
    const who = request.caller;
    return ok(await db.transaction().execute(async (tx) => {
      // read as the engine stores the form's times, so the period means the same from both roads
      const wanted = await repo.timeOf(tx, String(converted.value));
      const notice = await repo.lockNotice(tx, who.orgId, kind, body.id);
      if (!notice) throw AppError.of('notFound', `${family.label}不存在: ${body.id}`, 'id');
      const refused = auditedOnly(notice.doc_status, family.label, notice.notice_no, '修改结束时间');
      if (refused) throw badRequest(refused, 'id');
      const decision = decideEndTime(notice.start_time, wanted, new Date());
      if (!decision.ok) throw badRequest(decision.message, decision.field);
      await repo.setEndTime(tx, who.userId, notice.id, decision.value);
      await writeLog(tx, { orgId: who.orgId, userId: who.userId, username: who.username, ip: request.ip, action: 'noticeUpdateEndTime',
        detail: `${notice.notice_no} 结束时间 ${notice.end_time.toISOString()} -> ${decision.value.toISOString()}` });
      return { id: notice.id, endTime: decision.value.toISOString() };
    }), '修改成功');
  });
}

function importRoutes(app: FastifyInstance, db: Database, family: DocumentFamily, kind: NoticeKind): void {
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

/** The lines registries may name (popup 选择通知单明细), through the kind's open-lines view. */
function lineListRoute(app: FastifyInstance, db: Database, family: DocumentFamily, kind: NoticeKind, list: ListOptions): void {
  app.post(`${family.base}/line/v2/list`, view(noticePermission(kind, 'view')), async (request) => {
    const body = parse(listRequest, request.body ?? {});
    const template = await listOf(db, `notice.${kind}.line.list`);
    return ok(await runList(db, planList(template, { ...body, tplId: undefined }), request.caller.orgId, list));
  });
}

/**
 * Allot notices addressed to the caller's company: read through the receiving company's column,
 * so a company sees the notices sent to it and nothing else of the sender's.
 */
function receivedAllotRoutes(app: FastifyInstance, db: Database, family: DocumentFamily, list: ListOptions): void {
  app.post(`${family.base}/received/v2/list`, view(noticePermission('al', 'received')), async (request) => {
    const body = parse(listRequest, request.body ?? {});
    const template = await listOf(db, receivedAllotListTemplate.formatCode);
    return ok(await runList(db, planList(template, { ...body, tplId: undefined }), request.caller.orgId, list));
  });
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

export function noticeRoutes(app: FastifyInstance, db: Database, list: ListOptions): void {
  for (const [i, family] of NOTICE_FAMILIES.entries()) {
    const { kind } = NOTICE_KINDS[i];
    documentRoutes(app, db, family, list);
    quantityRoutes(app, db, family, kind);
    importRoutes(app, db, family, kind);
    lineListRoute(app, db, family, kind, list);
    if (kind === 'al') receivedAllotRoutes(app, db, family, list);
  }
  // the receiving company of an allot notice is picked among the group's other companies
  app.post('/api/notice/peer-org/v2/list', view(noticePermission('al', 'view')), async (request) => {
    const body = parse(listRequest, request.body ?? {});
    const template = await listOf(db, peerOrgList.formatCode);
    return ok(await runList(db, planList(template, { ...body, tplId: undefined }), request.caller.orgId, list));
  });
}
