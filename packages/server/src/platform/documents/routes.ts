// request.file() and isMultipart() come from @fastify/multipart's declarations
import type {} from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { allocateBody, dataxBody, entityBody, idsBody, listRequest, TREE_NODE_PARAM, idParam, isId } from '@wb/protocol';
import { z } from 'zod';
import type { Access } from '../auth/guard';
import type {} from '../audit/logged-routes';
import type { Database } from '../db/pool';
import { ok } from '../http/envelope';
import { badRequest, parse } from '../http/errors';
import type { ListOptions } from '../list/repo';
import { type ListCall, serveList } from '../list/route';
import { attachment, headerOnlyWorkbook, XLSX_TYPE } from '../excel/workbook';
import * as actions from './actions';
import type { DocumentFamily } from './define';
import { stateActions } from './lifecycle';
import { autocomplete } from './autocomplete';
import { dataxUpsert } from './datax';
import { withWebServiceLog } from '../audit/ws-log';
import { exportList } from './export';
import { importColumns, importSheet } from './import';
import type { Who } from '../auth/who';

const searchQuery = z.object({ search: z.string().max(100).optional() });

/**
 * Every action of the document contract for one family, at `${family.base}/...`. Each checks its
 * permission key `${prefix}_${action}`; reading (list, get, export, autocomplete) needs `_view`.
 */
export function documentRoutes(app: FastifyInstance, db: Database, family: DocumentFamily, listOptions: ListOptions): void {
  const { base } = family;
  // every write of the engine logs itself in its own transaction (actions.ts)
  const may = (action: string, extra: Omit<Access, 'public'> = {}): { config: { access: Access; logged: 'engine' } } => ({
    config: { access: { permission: `${family.permissionPrefix}_${action}`, ...extra }, logged: 'engine' },
  });
  const view = may('view', { demoAllowed: true });
  // the family's own say on who changes it, beyond the key (administrators only)
  const authorise = async (who: Who, action: string, target: { ids?: string[]; entity?: Record<string, unknown> }) => {
    if (family.authorise) await family.authorise(db, who, action, target);
  };

  // the list engine's one pipeline, with the chosen tree node as a forced condition
  const list = { formatCode: family.listTemplate.formatCode, forced: ({ who, body }: ListCall) => treeCondition(db, family, who, body.param) };
  app.post(`${base}/v2/list`, view, async (request) => {
    const body = parse(listRequest, request.body ?? {});
    // the popup reads the same rows under its own template id
    const resourceId = family.resourceTemplate ? await formatId(db, family.resourceTemplate.formatCode) : null;
    const tplId = body.tplId !== undefined && String(body.tplId) === resourceId ? undefined : body.tplId;
    return ok(await serveList(db, list, { db, who: request.caller, body: { ...body, tplId } }, listOptions));
  });

  app.get(`${base}/get/:id`, view, async (request) => {
    const { id } = parse(idParam, request.params);
    return ok(await actions.getEntity(db, family, request.caller, id));
  });

  app.post(`${base}/create`, may('create'), async (request) => {
    const body = parse(entityBody, request.body);
    await authorise(request.caller, 'create', { entity: body.entity });
    return ok(await actions.createEntity(db, family, request.caller, body.entity, body.entitysub), '新增成功');
  });

  app.put(`${base}/update`, may('update'), async (request) => {
    const body = parse(entityBody, request.body);
    await authorise(request.caller, 'update', { entity: body.entity });
    return ok(await actions.updateEntity(db, family, request.caller, body.entity, body.entitysub), '修改成功');
  });

  // an action clicked with nothing selected is told the family's own words, when it has them
  const selected = (body: unknown) => {
    const ids = (body as { ids?: unknown } | null | undefined)?.ids;
    if (family.selectionMessage && (ids === undefined || ids === null || (Array.isArray(ids) && ids.length === 0))) throw badRequest(family.selectionMessage, 'ids');
    return parse(idsBody, body).ids;
  };

  app.delete(`${base}/delList`, may('delList'), async (request) => {
    const ids = selected(request.body);
    await authorise(request.caller, 'delList', { ids });
    return ok(await actions.deleteList(db, family, request.caller, ids), '删除成功');
  });

  for (const action of stateActions(family.lifecycle)) {
    app.post(`${base}/${action}`, may(action), async (request) => {
      const ids = selected(request.body);
      await authorise(request.caller, action, { ids });
      return ok(await actions.stateAction(db, family, request.caller, action, ids));
    });
  }

  if (family.copy !== 'none') {
    app.post(`${base}/copy/:id`, may('copy'), async (request) => {
      const { id } = parse(idParam, request.params);
      await authorise(request.caller, 'copy', { ids: [id] });
      return ok(await actions.copyOne(db, family, request.caller, id), '复制成功');
    });
    app.post(`${base}/copy`, may('copy'), async (request) => {
      const { ids } = parse(idsBody, request.body);
      if (family.copy === 'one' && new Set(ids).size > 1) throw badRequest('最多选择一条数据！', 'ids');
      await authorise(request.caller, 'copy', { ids });
      return ok(await actions.copyMany(db, family, request.caller, ids), '复制成功');
    });
  }

  app.post(`${base}/export`, view, async (request, reply) => {
    const body = parse(listRequest, request.body ?? {});
    const stream = await exportList(db, family, request.caller, body);
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(`${family.label}.xlsx`)).send(stream);
  });

  app.get(`${base}/autocomplete`, view, async (request) => {
    const { search } = parse(searchQuery, request.query);
    return ok(await autocomplete(db, family, request.caller, search ?? ''));
  });
  app.post(`${base}/autocomplete`, view, async (request) => {
    const { search } = parse(searchQuery, request.query);
    return ok(await autocomplete(db, family, request.caller, search ?? '', parse(listRequest, request.body ?? {})));
  });

  if (family.import !== false) {
    app.get(`${base}/import/template`, may('import'), async (_request, reply) => {
      const columns = importColumns(family).map((f) => ({ header: f.label, key: f.name }));
      const bytes = await headerOnlyWorkbook(family.label, columns);
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(`${family.label}导入模板.xlsx`)).send(bytes);
    });
    app.post(`${base}/import`, may('import'), async (request) => {
      await authorise(request.caller, 'import', {});
      if (!request.isMultipart()) throw badRequest('请选择要导入的 Excel 文件', 'file');
      const file = await request.file();
      if (!file) throw badRequest('请选择要导入的 Excel 文件', 'file');
      const result = await importSheet(db, family, request.caller, await file.toBuffer());
      return ok(result, `成功导入 ${result.imported} 条`);
    });
  }

  // an ERP's push is an import by another road: the same permission
  if (family.datax !== false) {
    // every push is kept in the web service log, refused ones too (platform/audit/ws-log.ts)
    app.post(`${base}/datax`, may('import'), async (request) => withWebServiceLog(db, request, family.logLabel ?? family.label, async () => {
      const { entities } = parse(dataxBody, request.body);
      await authorise(request.caller, 'datax', {});
      return ok(await dataxUpsert(db, family, request.caller, entities));
    }));
  }

  if (family.scope.kind === 'group') {
    app.post(`${base}/allocate`, may('allocate'), async (request) => {
      const { ids, orgIds } = parse(allocateBody, request.body);
      await authorise(request.caller, 'allocate', { ids });
      return ok(await actions.allocateTo(db, family, request.caller, ids, orgIds), '分配成功');
    });
    app.post(`${base}/cancelAllocate`, may('cancelAllocate'), async (request) => {
      const { ids, orgIds } = parse(allocateBody, request.body);
      await authorise(request.caller, 'cancelAllocate', { ids });
      return ok(await actions.cancelAllocation(db, family, request.caller, ids, orgIds), '取消分配成功');
    });
  }
}

/** The chosen node of a tree list (the web's param.treeId), as the family filters by it. */
async function treeCondition(db: Database, family: DocumentFamily, who: Pick<Who, 'orgId' | 'groupId'>, param: Record<string, unknown> | undefined) {
  const treeId = param?.[TREE_NODE_PARAM];
  if (!family.treeFilter || treeId === undefined || treeId === null || treeId === '') return [];
  if (!isId(String(treeId))) throw badRequest('参数 param.treeId 错误: 应为数字编号', 'param');
  return [await family.treeFilter(db, who, String(treeId))];
}

async function formatId(db: Database, formatCode: string): Promise<string | null> {
  const row = await db.selectFrom('cg_format').select('id').where('format_code', '=', formatCode).executeTakeFirst();
  return row?.id ?? null;
}
