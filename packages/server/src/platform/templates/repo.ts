import type { Selectable } from 'kysely';
import type { Database } from '../db/pool';
import type { CgFormat, CgFormatField } from '../db/schema';
import type { ListTemplate } from '../list/rules';

export type FormatRow = Selectable<CgFormat>;
export type FieldRow = Selectable<CgFormatField>;

function fieldsOf(db: Database, formatId: string): Promise<FieldRow[]> {
  return db.selectFrom('cg_format_field').selectAll().where('format_id', '=', formatId).orderBy('seq').orderBy('id').execute();
}

export async function formatWithFields(db: Database, format: FormatRow | undefined): Promise<{ format: FormatRow; fields: FieldRow[] } | null> {
  if (!format) return null;
  return { format, fields: await fieldsOf(db, format.id) };
}

/** The template bound to a menu: a list to its menu entry, a form to its button entry. */
export async function formatForMenu(db: Database, menuId: string, formatType: string | undefined): Promise<FormatRow | undefined> {
  let q = db
    .selectFrom('cg_format')
    .selectAll()
    .where((eb) => eb.or([eb('menu_id', '=', menuId), eb('button_menu_id', '=', menuId)]));
  if (formatType) q = q.where('format_type', '=', formatType);
  return q.orderBy('id').executeTakeFirst();
}

export function formatById(db: Database, id: string): Promise<FormatRow | undefined> {
  return db.selectFrom('cg_format').selectAll().where('id', '=', id).executeTakeFirst();
}

export function fieldById(db: Database, id: string): Promise<FieldRow | undefined> {
  return db.selectFrom('cg_format_field').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The pairs a popup fills in when a row is chosen, target first (spec: fieldSub1 <- fieldSub2). */
export function resourceMap(db: Database, fieldId: string) {
  return db
    .selectFrom('cg_format_res_map')
    .select(['master_table', 'target_field', 'source_field'])
    .where('field_id', '=', fieldId)
    .orderBy('seq')
    .orderBy('id')
    .execute();
}

export function paramsOf(db: Database, formatId: string) {
  return db.selectFrom('cg_format_param').select(['id', 'param_list']).where('format_id', '=', formatId).executeTakeFirst();
}

/**
 * A list's template as the engine checks requests against it, read on every request: an edit an
 * administrator saves applies to the next request, on every server instance.
 */
export async function loadListTemplate(db: Database, formatCode: string): Promise<ListTemplate | null> {
  const format = await db
    .selectFrom('cg_format')
    .select(['id', 'main_table', 'org_column', 'ps'])
    .where('format_code', '=', formatCode)
    .where('format_type', '=', 'LIST')
    .executeTakeFirst();
  if (!format?.main_table) return null;
  const fields = await fieldsOf(db, format.id);
  return {
    id: format.id,
    mainTable: format.main_table,
    orgColumn: format.org_column,
    ps: format.ps,
    fields: fields.map((f) => ({
      fieldName: f.field_name, fieldType: f.field_type, columnSql: f.column_sql, options: f.options,
      iallowQuery: f.iallow_query, iallowAdvanceQuery: f.iallow_advance_query, isortField: f.isort_field,
      itotal: f.itotal, idefinedSort: f.idefined_sort, sortMethod: f.sort_method,
    })),
  };
}
