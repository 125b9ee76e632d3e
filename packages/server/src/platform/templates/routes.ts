import type { FastifyInstance } from 'fastify';
import { idSchema } from '@wb/protocol';
import { z } from 'zod';
import type { Database } from '../db/pool';
import { ok } from '../http/envelope';
import { AppError, parse } from '../http/errors';
import { FORMAT_TYPES } from './vocabulary';
import { fieldById, formatById, formatForMenu, formatWithFields, paramsOf, resourceMap } from './repo';
import { toFormatDefinition } from './wire';

const id = idSchema;
const templateQuery = z.strictObject({ formatType: z.enum(FORMAT_TYPES).optional(), menuId: id });
const resQuery = z.strictObject({ resFormatSubId: id.optional() });

const missing = (what: string, field: string) => AppError.of('notFound', `${what}不存在`, field);

async function mapPairs(db: Database, fieldId: string) {
  const rows = await resourceMap(db, fieldId);
  return rows.map((r) => ({ fieldSub1: { masterTable: r.master_table, fieldName: r.target_field }, fieldSub2: { fieldName: r.source_field } }));
}

/** Template calls (spec: calls section 7, Template engine). Any signed-in user: templates are not secret. */
export function templateRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/cg-format/template', async (request) => {
    const q = parse(templateQuery, request.query);
    const found = await formatWithFields(db, await formatForMenu(db, q.menuId, q.formatType));
    if (!found) throw missing('此菜单的模板', 'menuId');
    return ok(toFormatDefinition(found.format, found.fields));
  });

  // The popup resource template; with resFormatSubId (the form field that opened it) it also
  // carries that field's mapping, so one call prepares the popup.
  app.get('/api/cg-format/res/:cgFormatResId', async (request) => {
    const { cgFormatResId } = parse(z.object({ cgFormatResId: id }), request.params);
    const q = parse(resQuery, request.query);
    const found = await formatWithFields(db, await formatById(db, cgFormatResId));
    if (!found || found.format.format_type !== 'RESOURCE') throw missing('弹窗资源模板', 'cgFormatResId');
    const field = q.resFormatSubId ? await fieldById(db, q.resFormatSubId) : undefined;
    const opensThis = field?.cg_format_res_id === cgFormatResId;
    const params = await paramsOf(db, cgFormatResId);
    return ok({
      ...toFormatDefinition(found.format, found.fields),
      mapData: opensThis && q.resFormatSubId ? await mapPairs(db, q.resFormatSubId) : [],
      search: params?.param_list ?? [],
    });
  });

  app.get('/api/cg-format/res-map/:resFormatSubId', async (request) => {
    const { resFormatSubId } = parse(z.object({ resFormatSubId: id }), request.params);
    if (!(await fieldById(db, resFormatSubId))) throw missing('模板字段', 'resFormatSubId');
    return ok(await mapPairs(db, resFormatSubId));
  });

  app.get('/api/cg-format/param/:tplId', async (request) => {
    const { tplId } = parse(z.object({ tplId: id }), request.params);
    if (!(await formatById(db, tplId))) throw missing('模板', 'tplId');
    const params = await paramsOf(db, tplId);
    return ok({ paramList: params?.param_list ?? [], cgFormatParamId: params?.id ?? null });
  });
}
