// request.file() and isMultipart() come from @fastify/multipart's declarations
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idParam, idSchema } from '@wb/protocol';
import { z } from 'zod';
import { withWebServiceLog } from '../../platform/audit/ws-log';
import type { Database } from '../../platform/db/pool';
import type { DocumentChildren, DocumentFamily } from '../../platform/documents/define';
import { attachment, headerOnlyWorkbook, XLSX_TYPE } from '../../platform/excel/workbook';
import { ok } from '../../platform/http/envelope';
import { AppError, badRequest, badRequestWith, parse } from '../../platform/http/errors';
import { defineModule } from '../../platform/module/define';
import { sendDocument } from '../../platform/print/document';
import { letterheadOf } from '../../platform/print/letterhead';
import { weighParams } from '../weighing/repo';
import { TRAIN_FAMILIES } from './family';
import { TRAIN_KINDS, trainPermission, type TrainKindDef } from './kinds';
import { TRACK_LEAVES } from './menu';
import { trainDocument, trainFileName } from './print';
import { trainSheet } from './repo';
import { importTrains, pushTrains, trainSheetColumns } from './sync';
import type { FastifyInstance } from 'fastify';

/**
 * The track scale (轨道衡): trains with their wagon lists on the document engine (family.ts), their
 * sheet import and the track scale program's push (sync.ts), the train's figures and totals, and its
 * print. Audit posts each wagon to stock (repo.ts); the report centre's weighing datasets read the
 * audited wagons beside the truck tickets (view wb_weighing_fact, migration 084).
 */
const PUSH_MAX = 200;
const cell = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
const pushBody = z.strictObject({
  trains: z.array(z.strictObject({ entity: z.record(z.string(), cell), entitysub: z.array(z.record(z.string(), cell)).min(1).max(300) })).min(1).max(PUSH_MAX),
});
const sheetBody = z.strictObject({ id: idSchema });

function knownNames(family: DocumentFamily): { header: Set<string>; line: Set<string> } {
  const children = family.children as DocumentChildren;
  const names = (fields: DocumentFamily['fields']) => new Set(fields.flatMap((f) => [f.name, ...(f.byCode ? [f.byCode.name] : [])]));
  return { header: names(family.fields), line: names(children.fields) };
}

function trainRoutes(app: FastifyInstance, db: Database, k: TrainKindDef, family: DocumentFamily): void {
  const self = (permission: string) => ({ config: { access: { permission }, logged: 'self' as const } });
  const read = (permission: string) => ({ config: { access: { permission, demoAllowed: true as const } } });
  const importPermission = trainPermission(k.kind, 'import');
  app.get(`${family.base}/import/template`, read(importPermission), async (_request, reply) => {
    const columns = trainSheetColumns(family).map((f) => ({ header: f.label, key: f.name }));
    const bytes = await headerOnlyWorkbook(family.label, columns);
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(`${family.label}导入模板.xlsx`)).send(bytes);
  });
  app.post(`${family.base}/import`, self(importPermission), async (request) => {
    if (!request.isMultipart()) throw badRequest('请选择要导入的 Excel 文件', 'file');
    const file = await request.file();
    if (!file) throw badRequest('请选择要导入的 Excel 文件', 'file');
    const result = await importTrains(db, family, k, request.caller, await file.toBuffer());
    return ok({ ...result, imported: result.created }, `成功导入 ${result.created} 个车次，${result.wagonsCreated} 节车皮`);
  });
  // the track scale program pushes trains and their wagons keyed by 车次 and 车号: the import's permission
  app.post(`${family.base}/datax`, self(importPermission), async (request) => withWebServiceLog(db, request, family.label, async () => {
    const { trains } = parse(pushBody, request.body);
    const known = knownNames(family);
    const unknown = trains.flatMap((t, i) => [
      ...Object.keys(t.entity).filter((n) => !known.header.has(n)).map((n) => ({ row: i + 1, field: `trains.${i}.entity.${n}`, message: `不允许的字段: ${n}` })),
      ...t.entitysub.flatMap((l, j) => Object.keys(l).filter((n) => !known.line.has(n)).map((n) => ({ row: i + 1, field: `trains.${i}.entitysub.${j}.${n}`, message: `不允许的字段: ${n}` }))),
    ]);
    if (unknown.length) throw badRequestWith(unknown);
    const result = await pushTrains(db, family, k, request.caller, trains);
    return ok(result, `成功接收 ${trains.length} 个车次（新增 ${result.created}，更新 ${result.updated}），车皮新增 ${result.wagonsCreated}，更新 ${result.wagonsUpdated}`);
  }));
  const sheetOf = async (orgId: string, id: string) => {
    const sheet = await trainSheet(db, orgId, k.kind, id);
    if (!sheet) throw AppError.of('notFound', `${k.label}不存在: ${id}`, 'id');
    return sheet;
  };
  // the train's wagons figured by its loss terms, and its totals (the form's totals, before audit too)
  app.post(`${family.base}/figures`, read(trainPermission(k.kind, 'view')), async (request) => {
    const { id } = parse(sheetBody, request.body ?? {});
    return ok(await sheetOf(request.caller.orgId, id));
  });
  const print = (format: 'pdf' | 'xlsx') => async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = parse(idParam, request.params);
    const { orgId } = request.caller;
    const sheet = await sheetOf(orgId, id);
    return sendDocument(reply, trainDocument(k, sheet, await letterheadOf(db, orgId), await weighParams(db, orgId)), format, trainFileName(sheet));
  };
  app.get(`${family.base}/print/:id`, read(trainPermission(k.kind, 'trainPrint')), print('pdf'));
  app.get(`${family.base}/print/:id/xlsx`, read(trainPermission(k.kind, 'trainPrint')), print('xlsx'));
}

export const trackModule = defineModule({
  key: 'track',
  depends: ['masterdata', 'contract', 'stock', 'weighing', 'price'],
  documents: TRAIN_FAMILIES,
  menu: [{ area: '/weigh', leaves: TRACK_LEAVES }],
  routes: (app, { db }) => TRAIN_KINDS.forEach((k, i) => trainRoutes(app, db, k, TRAIN_FAMILIES[i])),
});
