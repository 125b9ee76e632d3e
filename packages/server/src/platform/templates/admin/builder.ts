import type { FastifyInstance } from 'fastify';
import { TEMPLATE_EDIT_PERMISSION, idParam } from '@wb/protocol';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/pool';
import { ok } from '../../http/envelope';
import { AppError, parse } from '../../http/errors';
import { FIELD_TYPES, FORM_SUBMIT_TYPES, FORMAT_STYLES, FORMAT_TYPES, SEARCH_TYPES } from '../vocabulary';

const read = { access: { permission: TEMPLATE_EDIT_PERMISSION } };

/**
 * The form builder's reference data (spec: calls section 7, Form builder: custom types, tables,
 * enums, formats, validation, resource subs), read from the templates themselves: what an
 * administrator may choose from when editing a field. Table names only, never column SQL.
 */
export function formBuilderRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/cg-form-builder/custom-types', { config: read }, async () =>
    ok({ formatTypes: FORMAT_TYPES, formatStyles: FORMAT_STYLES, fieldTypes: FIELD_TYPES, formSubmitTypes: FORM_SUBMIT_TYPES, searchTypes: SEARCH_TYPES }));

  app.get('/api/cg-form-builder/tables', { config: read }, async () => {
    const rows = await db.selectFrom('cg_format').select('main_table').distinct().where('main_table', 'is not', null).orderBy('main_table').execute();
    return ok(rows.map((r) => r.main_table));
  });

  // the option sets fields already use, so a new ENUM can take one instead of retyping it
  app.get('/api/cg-form-builder/enums', { config: read }, async () => {
    const { rows } = await sql<{ options: unknown; fields: string[] }>`
      SELECT options, array_agg(DISTINCT field_name ORDER BY field_name) AS fields
        FROM cg_format_field WHERE jsonb_array_length(options) > 0 GROUP BY options ORDER BY min(field_name)`.execute(db);
    return ok(rows.map((r) => ({ fieldNames: r.fields, options: r.options })));
  });

  app.get('/api/cg-form-builder/validations', { config: read }, async () => {
    const rows = await db
      .selectFrom('cg_format_field')
      .select(['validate_method', 'validate_title'])
      .distinct()
      .where('validate_method', 'is not', null)
      .orderBy('validate_method')
      .execute();
    return ok(rows.map((r) => ({ validateMethod: r.validate_method, validateTitle: r.validate_title })));
  });

  app.get('/api/cg-form-builder/formats', { config: read }, async () => {
    const rows = await db.selectFrom('cg_format').select(['id', 'format_code', 'format_name', 'format_type']).orderBy('format_code').execute();
    return ok(rows.map((r) => ({ id: r.id, formatCode: r.format_code, formatName: r.format_name, formatType: r.format_type })));
  });

  // a popup's fields: the sources a mapping may take (fieldSub2)
  app.get('/api/cg-form-builder/resource-subs/:id', { config: read }, async (request) => {
    const { id } = parse(idParam, request.params);
    const popup = await db.selectFrom('cg_format').select(['id', 'format_type']).where('id', '=', id).executeTakeFirst();
    if (!popup || popup.format_type !== 'RESOURCE') throw AppError.of('notFound', '弹窗资源模板不存在', 'id');
    const fields = await db
      .selectFrom('cg_format_field')
      .select(['id', 'field_name', 'field_explain', 'field_type'])
      .where('format_id', '=', id)
      .orderBy('seq')
      .orderBy('id')
      .execute();
    return ok(fields.map((f) => ({ id: f.id, fieldName: f.field_name, fieldExplain: f.field_explain, fieldType: f.field_type })));
  });
}
