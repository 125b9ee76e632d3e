import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  fieldEditBody, fieldOrderBody, formatAllotBody, formatAllotFindBody, formatEditBody, formatSelectBody, paramSaveBody, resourceMapBody, type SearchParam, TEMPLATE_EDIT_PERMISSION, idParam,
} from '@wb/protocol';
import { z } from 'zod';
import { writeLog } from '../../audit/log';
import type { Database } from '../../db/pool';
import { ok } from '../../http/envelope';
import { AppError, badRequest, parse } from '../../http/errors';
import type { TemplateDef } from '../define';
import { type FieldRow, type FormatRow, listBehind, resourceMap } from '../repo';
import { popupSearchRefusal } from '../popup-list';
import { seedTemplates } from '../seed';
import * as repo from './repo';
import {
  allotRefusal, calculateRefusal, fieldChanges, fieldRefusal, formatChanges, formatRefusal, mappingRefusal, orderRefusal, paramRefusal,
  paramsStillValid, type Refusal, seqOf, templateRefusal,
} from './rules';
import { toAdminField, toAdminFormat, toFormatSummary } from './wire';
import { formBuilderRoutes } from './builder';

const read = { access: { permission: TEMPLATE_EDIT_PERMISSION } };
const readByPost = { access: { permission: TEMPLATE_EDIT_PERMISSION, demoAllowed: true as const } };
// every edit writes its log entry in its own transaction (audit below)
const write = { ...read, logged: 'self' as const };

const missing = (what: string, field = 'id') => AppError.of('notFound', `${what}不存在`, field);
const stale = () => AppError.of('conflict', undefined, 'version');
const refuse = (r: Refusal | null) => {
  if (r) throw badRequest(r.message, r.field);
};

type Audit = { action: string; detail: string };
function audit(db: Database, request: FastifyRequest, entry: Audit) {
  const { caller } = request;
  return writeLog(db, { orgId: caller.orgId, userId: caller.userId, username: caller.username, ip: request.ip, ...entry });
}

/**
 * Template administration (spec: calls section 7, Template engine and Form builder; screens
 * /custom/format/form/*). Every call needs the template permission; every write is one
 * transaction that locks the template's format row first, checks the edited template as code's
 * declarations are checked, marks it the administrator's, and is written to the operation log.
 */
export function templateAdminRoutes(app: FastifyInstance, db: Database, declared: TemplateDef[]): void {
  const declaredCodes = new Set(declared.map((t) => t.formatCode));
  formBuilderRoutes(app, db);

  async function adminFormat(id: string) {
    const format = await repo.formatWithVersion(db, id);
    if (!format) throw missing('模板');
    const menu = await repo.menuName(db, format.menu_id ?? format.button_menu_id);
    return toAdminFormat(format, await repo.fieldsWithVersion(db, id), menu?.name ?? null, declaredCodes);
  }

  /** Runs an edit of one template: its format row locked, its version checked when given. */
  function editTemplate<T>(formatId: string, version: string | null, edit: (tx: Database, format: repo.Versioned<FormatRow>) => Promise<T>) {
    return db.transaction().execute(async (tx) => {
      const format = await repo.lockFormat(tx, formatId);
      if (!format) throw missing('模板', 'formatId');
      if (version !== null && format.version !== version) throw stale();
      const result = await edit(tx, format);
      await repo.markEdited(tx, formatId);
      return result;
    });
  }

  app.post('/api/cg-format/select', { config: readByPost }, async (request) => {
    const q = parse(formatSelectBody, request.body ?? {});
    const { list, total } = await repo.selectFormats(db, q);
    return ok({ list: list.map((r) => toFormatSummary(r, declaredCodes)), total });
  });

  app.get('/api/cg-format/type/subs/:id', { config: read }, async (request) => ok(await adminFormat(parse(idParam, request.params).id)));

  // the fields a search parameter may name: those the list engine reads and allows to be searched
  app.get('/api/cg-format/type/search/:id', { config: read }, async (request) => {
    const { fields } = await adminFormat(parse(idParam, request.params).id);
    return ok(fields.filter((f) => f.readable && (f.iallowQuery || f.iallowAdvanceQuery) && f.ops.length > 0));
  });

  app.put('/api/cg-format/update/:id', { config: write }, async (request) => {
    const { id } = parse(idParam, request.params);
    const body = parse(formatEditBody, request.body);
    await editTemplate(id, body.version, async (tx, format) => {
      const changes = formatChanges(body);
      refuse(formatRefusal({ ...format, ...changes }, await repo.fieldsWithVersion(tx, id)));
      await repo.updateFormat(tx, id, changes);
      await audit(tx, request, { action: 'templateEdit', detail: `${format.format_code}: ${Object.keys(changes).join(', ')}` });
    });
    return ok(await adminFormat(id), '更新成功');
  });

  app.put('/api/cg-format-sub/update/:id', { config: write }, async (request) => {
    const { id } = parse(idParam, request.params);
    const body = parse(fieldEditBody, request.body);
    const found = await repo.fieldWithVersion(db, id);
    if (!found) throw missing('模板字段');
    await editTemplate(found.format_id, null, async (tx, format) => {
      const fields = await repo.fieldsWithVersion(tx, format.id);
      const field = fields.find((f) => f.id === id);
      if (!field) throw missing('模板字段');
      if (field.version !== body.version) throw stale();
      const changes = fieldChanges(body);
      const edited = { ...field, ...changes };
      refuse(fieldRefusal(edited));
      const after = fields.map((f) => (f.id === id ? edited : f));
      refuse(calculateRefusal(edited, after));
      refuse(templateRefusal(format, after));
      const params = await repo.paramsWithVersion(tx, format.id);
      refuse(paramsStillValid(after, (params?.param_list ?? []) as SearchParam[], edited));
      if (edited.iallow_query || edited.iallow_advance_query) refuse(await popupListRefusal(tx, format, [], [edited.field_name]));
      if (changes.cg_format_res_id) await popupOf(tx, changes.cg_format_res_id);
      await repo.updateField(tx, id, changes);
      await audit(tx, request, { action: 'templateEdit', detail: `${format.format_code}.${field.field_name}: ${Object.keys(changes).join(', ')}` });
    });
    return ok(toAdminField((await repo.fieldWithVersion(db, id)) as repo.Versioned<FieldRow>), '更新成功');
  });

  /** What a popup sends must be what the list behind its resUrl accepts (platform/templates/popup-list.ts). */
  async function popupListRefusal(tx: Database, format: FormatRow, params: readonly unknown[], searchable: string[]): Promise<Refusal | null> {
    if (format.format_type !== 'RESOURCE' || !format.res_url) return null;
    const list = await listBehind(tx, format.res_url);
    if (!list) return null;
    const refusal = popupSearchRefusal({ resUrl: format.res_url, params, searchable }, list.fields);
    if (!refusal) return null;
    return { field: 'param' in refusal.at ? `paramList.${refusal.at.param}.key` : 'iallowQuery', message: refusal.message };
  }

  async function popupOf(tx: Database, formatId: string) {
    const popup = await repo.formatWithVersion(tx, formatId);
    if (!popup || popup.format_type !== 'RESOURCE') throw badRequest('弹窗资源模板不存在', 'cgFormatResId');
    return popup;
  }

  app.put('/api/cg-format/type/subs/:id/order', { config: write }, async (request) => {
    const { id } = parse(idParam, request.params);
    const body = parse(fieldOrderBody, request.body);
    await editTemplate(id, body.version, async (tx, format) => {
      refuse(orderRefusal(await repo.fieldsWithVersion(tx, id), body.fieldIds));
      await repo.setFieldOrder(tx, id, new Map(body.fieldIds.map((fieldId, i) => [fieldId, seqOf(i)])));
      await audit(tx, request, { action: 'templateEdit', detail: `${format.format_code}: seq` });
    });
    return ok(await adminFormat(id), '更新成功');
  });

  app.get('/api/cg-format-sub/res-map/:id', { config: read }, async (request) => {
    const { id } = parse(idParam, request.params);
    const field = await repo.fieldWithVersion(db, id);
    if (!field) throw missing('模板字段');
    const popup = field.cg_format_res_id ? await adminFormat(field.cg_format_res_id) : null;
    const pairs = (await resourceMap(db, id)).map((r) => ({ fieldSub1: { masterTable: r.master_table, fieldName: r.target_field }, fieldSub2: { fieldName: r.source_field } }));
    return ok({ field: toAdminField(field), popup, pairs });
  });

  app.put('/api/cg-format-sub/res-map/:id', { config: write }, async (request) => {
    const { id } = parse(idParam, request.params);
    const body = parse(resourceMapBody, request.body);
    const found = await repo.fieldWithVersion(db, id);
    if (!found) throw missing('模板字段');
    await editTemplate(found.format_id, null, async (tx, format) => {
      const field = await repo.fieldWithVersion(tx, id);
      if (!field) throw missing('模板字段');
      if (field.version !== body.version) throw stale();
      const popupFields = field.cg_format_res_id ? (await repo.fieldsWithVersion(tx, field.cg_format_res_id)).map((f) => f.field_name) : [];
      refuse(mappingRefusal(field, popupFields, body.pairs));
      await repo.replaceMapping(tx, id, body.pairs);
      // the mapping is part of the field: its version moves with it, so two editors of one mapping meet
      await repo.updateField(tx, id, { seq: field.seq });
      await audit(tx, request, { action: 'templateEdit', detail: `${format.format_code}.${field.field_name}: mapData` });
    });
    return ok(true, '更新成功');
  });

  app.get('/api/cg-form-sub-param/getparams/:id', { config: read }, async (request) => {
    const { id } = parse(idParam, request.params);
    if (!(await repo.formatWithVersion(db, id))) throw missing('模板');
    const params = await repo.paramsWithVersion(db, id);
    return ok({ paramList: params?.param_list ?? [], cgFormatParamId: params?.id ?? null, version: params?.version ?? null });
  });

  app.post('/api/cg-form-sub-param/list', { config: readByPost }, async () => {
    const rows = await db
      .selectFrom('cg_format_param as p')
      .innerJoin('cg_format as f', 'f.id', 'p.format_id')
      .select(['p.id', 'p.format_id', 'f.format_code', 'f.format_name', 'p.param_list'])
      .orderBy('f.format_code')
      .execute();
    return ok(rows.map((r) => ({ cgFormatParamId: r.id, formatId: r.format_id, formatCode: r.format_code, formatName: r.format_name, paramList: r.param_list })));
  });

  app.post('/api/cg-form-sub-param/create', { config: write }, async (request) => {
    const body = parse(paramSaveBody, request.body);
    await editTemplate(body.formatId, null, async (tx, format) => {
      const current = await repo.paramsWithVersion(tx, format.id);
      if ((current?.version ?? null) !== body.version) throw stale();
      refuse(paramRefusal(await repo.fieldsWithVersion(tx, format.id), body.paramList));
      refuse(await popupListRefusal(tx, format, body.paramList, []));
      await repo.saveParams(tx, format.id, body.paramList);
      await audit(tx, request, { action: 'templateEdit', detail: `${format.format_code}: paramList` });
    });
    const saved = await repo.paramsWithVersion(db, body.formatId);
    return ok({ paramList: saved?.param_list ?? [], cgFormatParamId: saved?.id ?? null, version: saved?.version ?? null }, '保存成功');
  });

  app.post('/api/cg-format-allot/findList', { config: readByPost }, async (request) => {
    const q = parse(formatAllotFindBody, request.body ?? {});
    const rows = await repo.allots(db, q);
    return ok(rows.map((r) => ({
      formatId: r.format_id, formatCode: r.format_code, formatName: r.format_name, formatType: r.format_type,
      menuId: r.menu_id, menuName: r.menu_name, menuPath: r.menu_path, kind: r.kind,
    })));
  });

  app.post('/api/cg-format-allot/create', { config: write }, async (request) => {
    const body = parse(formatAllotBody, request.body);
    await editTemplate(body.formatId, body.version, async (tx, format) => {
      const menu = body.menuId ? await repo.menuEntry(tx, body.menuId) : null;
      if (body.menuId && !menu) throw badRequest('菜单不存在', 'menuId');
      refuse(allotRefusal(format.format_type, menu?.kind ?? null));
      await repo.bindToMenu(tx, format.id, format.format_type === 'LIST' ? 'menu_id' : 'button_menu_id', body.menuId);
      await audit(tx, request, { action: 'templateAllot', detail: `${format.format_code} -> ${menu?.name ?? '无'}` });
    });
    return ok(await adminFormat(body.formatId), '绑定成功');
  });

  // "restore the code's definition": the template is handed back to code and rewritten from it
  app.post('/api/cg-format/restore/:id', { config: write }, async (request) => {
    const { id } = parse(idParam, request.params);
    const format = await repo.formatWithVersion(db, id);
    if (!format) throw missing('模板');
    if (!declaredCodes.has(format.format_code)) throw badRequest('此模板没有代码定义，无法恢复', 'id');
    await seedTemplates(db, declared, [format.format_code]);
    await audit(db, request, { action: 'templateRestore', detail: format.format_code });
    return ok(await adminFormat(id), '已恢复为代码定义');
  });
}
