// request.file() and isMultipart() come from @fastify/multipart's declarations
import type {} from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../platform/db/pool';
import type { DocumentChildren, DocumentFamily } from '../../platform/documents/define';
import { attachment, headerOnlyWorkbook, XLSX_TYPE } from '../../platform/excel/workbook';
import { ok } from '../../platform/http/envelope';
import { badRequest, badRequestWith, parse } from '../../platform/http/errors';
import { grantImportColumns, importGrants, pushGrants } from './import';
import { withWebServiceLog } from '../../platform/audit/ws-log';

/**
 * The grants' sync: the sheet import (and its template) and the interface push of grants with
 * their lines. Each writes its log entries in its own transaction (import.ts).
 */
const may = (permission: string) => ({ config: { access: { permission }, logged: 'self' as const } });

const PUSH_MAX = 500;
const cell = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
const pushBody = z.strictObject({
  grants: z.array(z.strictObject({ entity: z.record(z.string(), cell), entitysub: z.array(z.record(z.string(), cell)).min(1).max(200) })).min(1).max(PUSH_MAX),
});

/** The names a push may use: the fields and the codes that stand for their ids. */
function knownNames(family: DocumentFamily): { header: Set<string>; line: Set<string> } {
  const children = family.children as DocumentChildren;
  const names = (fields: DocumentFamily['fields']) => new Set(fields.flatMap((f) => [f.name, ...(f.byCode ? [f.byCode.name] : [])]));
  return { header: names(family.fields), line: names(children.fields) };
}

export function grantSyncRoutes(app: FastifyInstance, db: Database, family: DocumentFamily): void {
  const permission = `${family.permissionPrefix}_import`;
  app.get(`${family.base}/import/template`, may(permission), async (_request, reply) => {
    const columns = grantImportColumns(family).map((f) => ({ header: f.label, key: f.name }));
    const bytes = await headerOnlyWorkbook(family.label, columns);
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(`${family.label}导入模板.xlsx`)).send(bytes);
  });
  app.post(`${family.base}/import`, may(permission), async (request) => {
    if (!request.isMultipart()) throw badRequest('请选择要导入的 Excel 文件', 'file');
    const file = await request.file();
    if (!file) throw badRequest('请选择要导入的 Excel 文件', 'file');
    const result = await importGrants(db, family, request.caller, await file.toBuffer());
    return ok(result, `成功导入 ${result.imported} 张${family.label}，${result.lines} 行明细`);
  });
  // an issuing authority's or an ERP's system pushes grants keyed by their number: the import's permission
  app.post(`${family.base}/datax`, may(permission), async (request) => withWebServiceLog(db, request, family.label, async () => {
    const { grants } = parse(pushBody, request.body);
    const known = knownNames(family);
    const unknown = grants.flatMap((g, i) => [
      ...Object.keys(g.entity).filter((k) => !known.header.has(k)).map((k) => ({ row: i + 1, field: `grants.${i}.entity.${k}`, message: `不允许的字段: ${k}` })),
      ...g.entitysub.flatMap((l, j) => Object.keys(l).filter((k) => !known.line.has(k)).map((k) => ({ row: i + 1, field: `grants.${i}.entitysub.${j}.${k}`, message: `不允许的字段: ${k}` }))),
    ]);
    if (unknown.length) throw badRequestWith(unknown);
    const result = await pushGrants(db, family, request.caller, grants);
    return ok(result, `成功接收 ${result.imported + result.updated} 张${family.label}（新增 ${result.imported}，更新 ${result.updated}），${result.lines} 行明细`);
  }));
}
