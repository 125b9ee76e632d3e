import { type Kysely, sql } from 'kysely';
import type { FormatSelectBody, SearchParam } from '@wb/protocol';
import type { DB } from '../../db/schema';
import type { FieldRow, FormatRow } from '../repo';
import type { FieldChanges, FormatChanges, MappingPair } from './rules';

type Db = Kysely<DB>;

// PostgreSQL's row version (xmin) changes with every write of the row, seeding's included: the
// editor sends back the one it read, and an edit of a row written meanwhile answers 409. No
// version column to keep up to date, and code seeding needs no change.
const rowVersion = sql<string>`xmin::text`.as('version');

export type Versioned<T> = T & { version: string };

export interface FormatListRow {
  id: string; format_code: string; format_name: string; format_type: string; format_style: string; source: 'code' | 'admin';
  menu_id: string | null; button_menu_id: string | null; menu_name: string | null; field_count: number; updated_at: Date;
}

/** The administration list: formats by code, name and type, with their bound menu and field count. */
export async function selectFormats(db: Db, q: FormatSelectBody): Promise<{ list: FormatListRow[]; total: number }> {
  const pn = q.limit?.pn ?? 1;
  const ps = q.limit?.ps ?? 20;
  let base = db.selectFrom('cg_format as f');
  const escaped = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (q.formatCode?.trim()) base = base.where('f.format_code', 'ilike', escaped(q.formatCode.trim()));
  if (q.formatName?.trim()) base = base.where('f.format_name', 'ilike', escaped(q.formatName.trim()));
  const keyword = q.keyword?.trim();
  if (keyword) base = base.where((eb) => eb.or([eb('f.format_code', 'ilike', escaped(keyword)), eb('f.format_name', 'ilike', escaped(keyword))]));
  if (q.formatType) base = base.where('f.format_type', '=', q.formatType);
  const list = await base
    .leftJoin('sys_menu as m', (j) => j.on((eb) => eb('m.id', '=', eb.fn.coalesce('f.menu_id', 'f.button_menu_id'))))
    .select(['f.id', 'f.format_code', 'f.format_name', 'f.format_type', 'f.format_style', 'f.source', 'f.menu_id', 'f.button_menu_id', 'f.updated_at'])
    .select('m.name as menu_name')
    .select((eb) => eb.selectFrom('cg_format_field as x').whereRef('x.format_id', '=', 'f.id').select(eb.fn.countAll<number>().as('n')).as('field_count'))
    .orderBy('f.format_code')
    .limit(ps)
    .offset((pn - 1) * ps)
    .execute();
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  return { list: list.map((r) => ({ ...r, field_count: Number(r.field_count) })) as FormatListRow[], total: Number(total) };
}

export function formatWithVersion(db: Db, id: string): Promise<Versioned<FormatRow> | undefined> {
  return db.selectFrom('cg_format').selectAll().select(rowVersion).where('id', '=', id).executeTakeFirst();
}

/** Every edit of a template locks its format row first: edits of one template take turns, never deadlock. */
export function lockFormat(db: Db, id: string): Promise<Versioned<FormatRow> | undefined> {
  return db.selectFrom('cg_format').selectAll().select(rowVersion).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function fieldsWithVersion(db: Db, formatId: string): Promise<Versioned<FieldRow>[]> {
  return db.selectFrom('cg_format_field').selectAll().select(rowVersion).where('format_id', '=', formatId).orderBy('seq').orderBy('id').execute();
}

export function fieldWithVersion(db: Db, id: string): Promise<Versioned<FieldRow> | undefined> {
  return db.selectFrom('cg_format_field').selectAll().select(rowVersion).where('id', '=', id).executeTakeFirst();
}

export function menuName(db: Db, id: string | null): Promise<{ name: string } | undefined> {
  if (!id) return Promise.resolve(undefined);
  return db.selectFrom('sys_menu').select('name').where('id', '=', id).executeTakeFirst();
}

/** An edited template belongs to the administrator: the next start's seeding leaves it alone. */
export async function markEdited(db: Db, formatId: string): Promise<void> {
  await db.updateTable('cg_format').set({ source: 'admin', updated_at: new Date() }).where('id', '=', formatId).execute();
}

export async function updateFormat(db: Db, id: string, changes: FormatChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('cg_format').set(changes).where('id', '=', id).execute();
}

export async function updateField(db: Db, id: string, changes: FieldChanges): Promise<void> {
  const { options, ...rest } = changes;
  const set = options === undefined ? rest : { ...rest, options: JSON.stringify(options) };
  if (Object.keys(set).length === 0) return;
  await db.updateTable('cg_format_field').set(set).where('id', '=', id).execute();
}

export async function setFieldOrder(db: Db, formatId: string, seqById: Map<string, number>): Promise<void> {
  const rows = [...seqById].map(([id, seq]) => sql`(${id}::bigint, ${seq}::int)`);
  await sql`UPDATE cg_format_field f SET seq = v.seq FROM (VALUES ${sql.join(rows)}) AS v(id, seq)
             WHERE f.id = v.id AND f.format_id = ${formatId}`.execute(db);
}

export function paramsWithVersion(db: Db, formatId: string) {
  return db.selectFrom('cg_format_param').select(['id', 'param_list']).select(rowVersion).where('format_id', '=', formatId).executeTakeFirst();
}

export async function saveParams(db: Db, formatId: string, params: SearchParam[]): Promise<void> {
  const list = JSON.stringify(params);
  await db
    .insertInto('cg_format_param')
    .values({ format_id: formatId, param_list: list, updated_at: new Date() })
    .onConflict((oc) => oc.column('format_id').doUpdateSet({ param_list: list, updated_at: new Date() }))
    .execute();
}

export async function replaceMapping(db: Db, fieldId: string, pairs: MappingPair[]): Promise<void> {
  await db.deleteFrom('cg_format_res_map').where('field_id', '=', fieldId).execute();
  if (pairs.length === 0) return;
  await db
    .insertInto('cg_format_res_map')
    .values(pairs.map((p, seq) => ({ field_id: fieldId, master_table: p.fieldSub1.masterTable, target_field: p.fieldSub1.fieldName, source_field: p.fieldSub2.fieldName, seq })))
    .execute();
}

export function menuEntry(db: Db, id: string) {
  return db.selectFrom('sys_menu').select(['id', 'kind', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function bindToMenu(db: Db, formatId: string, column: 'menu_id' | 'button_menu_id', menuId: string | null): Promise<void> {
  await db.updateTable('cg_format').set({ [column]: menuId }).where('id', '=', formatId).execute();
}

/** Formats bound to menu or button entries, optionally of one format or one entry. */
export function allots(db: Db, filter: { formatId?: string; menuId?: string }) {
  let q = db
    .selectFrom('cg_format as f')
    .innerJoin('sys_menu as m', (j) => j.on((eb) => eb.or([eb('m.id', '=', eb.ref('f.menu_id')), eb('m.id', '=', eb.ref('f.button_menu_id'))])))
    .select(['f.id as format_id', 'f.format_code', 'f.format_name', 'f.format_type', 'm.id as menu_id', 'm.name as menu_name', 'm.path as menu_path', 'm.kind']);
  if (filter.formatId) q = q.where('f.id', '=', filter.formatId);
  if (filter.menuId) q = q.where('m.id', '=', filter.menuId);
  return q.orderBy('f.format_code').execute();
}

/** Hands a template back to code: seeding then rewrites it from the declaration. */
export async function handBackToCode(db: Db, formatId: string): Promise<void> {
  await db.updateTable('cg_format').set({ source: 'code' }).where('id', '=', formatId).execute();
}
