import { type Selectable, sql } from 'kysely';
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
 * administrator saves applies to the next request, on every server instance. One statement for
 * the format and its fields: every list call pays this round trip.
 */
export async function loadListTemplate(db: Database, formatCode: string): Promise<ListTemplate | null> {
  const { rows } = await sql<{ id: string; main_table: string | null; org_column: string; owner_column: string | null; ps: number | null; fields: ListFieldRow[] }>`
    SELECT f.id, f.main_table, f.org_column, f.owner_column, f.ps,
           coalesce((SELECT jsonb_agg(jsonb_build_object(
                       'field_name', x.field_name, 'field_type', x.field_type, 'column_sql', x.column_sql, 'options', x.options,
                       'iallow_query', x.iallow_query, 'iallow_advance_query', x.iallow_advance_query, 'isort_field', x.isort_field,
                       'itotal', x.itotal, 'idefined_sort', x.idefined_sort, 'sort_method', x.sort_method) ORDER BY x.seq, x.id)
                       FROM cg_format_field x WHERE x.format_id = f.id), '[]') AS fields
      FROM cg_format f
     WHERE f.format_code = ${formatCode} AND f.format_type = 'LIST'`.execute(db);
  const format = rows[0];
  if (!format?.main_table) return null;
  return {
    id: format.id,
    mainTable: format.main_table,
    orgColumn: format.org_column,
    ownerColumn: format.owner_column,
    ps: format.ps,
    fields: format.fields.map((f) => ({
      fieldName: f.field_name, fieldType: f.field_type, columnSql: f.column_sql, options: f.options,
      iallowQuery: f.iallow_query, iallowAdvanceQuery: f.iallow_advance_query, isortField: f.isort_field,
      itotal: f.itotal, idefinedSort: f.idefined_sort, sortMethod: f.sort_method,
    })),
  };
}

type ListFieldRow = Pick<FieldRow, 'field_name' | 'field_type' | 'column_sql' | 'options' | 'iallow_query' | 'iallow_advance_query'
  | 'isort_field' | 'itotal' | 'idefined_sort' | 'sort_method'>;

/**
 * The list a popup's resUrl names: the one LIST template served at that address, or null when
 * none (or more than one) is, and the route there answers for itself.
 */
export async function listBehind(db: Database, resUrl: string): Promise<ListTemplate | null> {
  const rows = await db.selectFrom('cg_format').select('format_code').where('format_type', '=', 'LIST').where('res_url', '=', resUrl).limit(2).execute();
  return rows.length === 1 ? loadListTemplate(db, rows[0].format_code) : null;
}
