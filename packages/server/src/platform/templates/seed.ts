import { createHash } from 'node:crypto';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Database } from '../db/pool';
import type { CgFormat, CgFormatField, DB } from '../db/schema';
import { checkTemplate, type FieldDef, type TemplateDef } from './define';
import { checkPopupLists } from './popup-list';

type Tx = Transaction<DB>;
// the same on every instance, so two servers starting together seed one after the other
const SEED_LOCK = 7_310_004;

/**
 * Writes the families' templates into the database: the database copy is what is served.
 * A format still owned by code is brought up to date entirely; one an administrator edited
 * (source 'admin') keeps every edit, and only column_sql, which only code may write, follows the
 * code. Idempotent: ids stay stable across runs, so references to fields survive.
 * `restore` names edited formats to hand back to code (the administrator's "restore the code's
 * definition"): in the same transaction they are rewritten from their declarations.
 */
export async function seedTemplates(db: Database, templates: TemplateDef[], restore: readonly string[] = []): Promise<void> {
  for (const t of templates) checkTemplate(t);
  checkPopupLists(templates);
  await db.transaction().execute(async (tx) => {
    await waitForSeedLock(tx);
    await writeTemplates(tx, templates, restore);
  });
}

/**
 * The seed's lock, waited for as long as another instance's seed takes: several instances starting
 * together (docs/DEPLOY.md) queue here, and the pool's statement timeout (15 s) would end the wait
 * of the second while the first writes every template, stopping its start.
 */
async function waitForSeedLock(tx: Tx): Promise<void> {
  await sql`SET LOCAL statement_timeout = 0`.execute(tx);
  await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(tx);
}

const MARK = 'templates';

/**
 * The server's start: seedTemplates, skipped when the last start wrote these same declarations
 * into rows nobody has touched since (the mark's fingerprint: the declarations, the menus they
 * bind to and the templates' rows as the seed left them). Answers whether it wrote.
 */
export async function seedTemplatesOnChange(db: Database, templates: TemplateDef[]): Promise<boolean> {
  for (const t of templates) checkTemplate(t);
  checkPopupLists(templates);
  const declared = createHash('sha256').update(JSON.stringify(templates)).digest('hex');
  return db.transaction().execute(async (tx) => {
    await waitForSeedLock(tx);
    const mark = await tx.selectFrom('sys_seed_mark').select('fingerprint').where('name', '=', MARK).executeTakeFirst();
    if (mark?.fingerprint === `${declared}:${await rowsDigest(tx)}`) return false;
    await writeTemplates(tx, templates, []);
    const fingerprint = `${declared}:${await rowsDigest(tx)}`;
    await tx.insertInto('sys_seed_mark').values({ name: MARK, fingerprint })
      .onConflict((oc) => oc.column('name').doUpdateSet({ fingerprint, applied_at: sql`now()` })).execute();
    return true;
  });
}

/** The rows a seed reads and writes, whole, in one digest: any edit, removal or addition changes it. */
async function rowsDigest(tx: Tx): Promise<string> {
  const { rows } = await sql<{ d: string }>`SELECT md5(concat_ws('|',
    (SELECT string_agg(concat_ws(':', id, path, permission, hidden), ',' ORDER BY id) FROM sys_menu),
    (SELECT string_agg(t::text, ',' ORDER BY t.id) FROM cg_format t),
    (SELECT string_agg(t::text, ',' ORDER BY t.id) FROM cg_format_field t),
    (SELECT string_agg(t::text, ',' ORDER BY t::text) FROM cg_format_res_map t),
    (SELECT string_agg(t::text, ',' ORDER BY t::text) FROM cg_format_param t))) AS d`.execute(tx);
  return rows[0].d;
}

async function writeTemplates(tx: Tx, templates: TemplateDef[], restore: readonly string[]): Promise<void> {
  if (restore.length) await tx.updateTable('cg_format').set({ source: 'code' }).where('format_code', 'in', restore).execute();
  const ids = new Map<string, { id: string; byCode: boolean }>();
  for (const t of templates) ids.set(t.formatCode, await upsertFormat(tx, t));
  const idOf = (code: string) => {
    const found = ids.get(code);
    if (!found) throw new Error(`template ${code} is referenced but not declared`);
    return found.id;
  };
  for (const t of templates) {
    const { id, byCode } = ids.get(t.formatCode) as { id: string; byCode: boolean };
    await upsertFields(tx, id, t.fields, byCode, idOf);
    if (!byCode) continue;
    await tx.updateTable('cg_format').set({ detail_id: t.detailCode ? idOf(t.detailCode) : null }).where('id', '=', id).execute();
    await replaceResourceMaps(tx, id, t.fields);
    await replaceParams(tx, id, t.params);
  }
}

async function menuIdBy(tx: Tx, column: 'path' | 'permission', value: string | undefined): Promise<string | null> {
  if (!value) return null;
  const row = await tx.selectFrom('sys_menu').select('id').where(column, '=', value).orderBy('id').executeTakeFirst();
  return row?.id ?? null;
}

async function upsertFormat(tx: Tx, t: TemplateDef): Promise<{ id: string; byCode: boolean }> {
  const existing = await tx.selectFrom('cg_format').select(['id', 'source']).where('format_code', '=', t.formatCode).executeTakeFirst();
  if (existing?.source === 'admin') {
    // the owner column is the code's, not the screen's (the template editor neither shows nor
    // saves it): an edited template keeps its layout and still narrows by the data scope
    await tx.updateTable('cg_format').set({ owner_column: t.ownerColumn ?? null }).where('id', '=', existing.id).execute();
    return { id: existing.id, byCode: false };
  }
  const row: Insertable<CgFormat> = {
    format_code: t.formatCode, format_name: t.formatName, format_name_en: t.formatNameEn ?? null, format_type: t.formatType, format_style: t.formatStyle,
    main_table: t.mainTable ?? null, son_table: t.sonTable ?? null, org_column: t.orgColumn ?? 'org_id', owner_column: t.ownerColumn ?? null,
    res_method: t.resMethod ?? null, res_url: t.resUrl ?? null, tree_res_url: t.treeResUrl ?? null,
    tree_res_method: t.treeResMethod ?? null, ps: t.ps ?? null, remark: t.remark ?? null,
    value_resource_sub_name: t.valueResourceSubName ?? null, view_resource_sub_name: t.viewResourceSubName ?? null,
    menu_id: await menuIdBy(tx, 'path', t.menuPath), button_menu_id: await menuIdBy(tx, 'permission', t.buttonPermission),
    source: 'code', created_at: new Date(), updated_at: new Date(),
  };
  if (existing) {
    const { created_at: _kept, ...update } = row;
    await tx.updateTable('cg_format').set(update).where('id', '=', existing.id).execute();
    return { id: existing.id, byCode: true };
  }
  const inserted = await tx.insertInto('cg_format').values(row).returning('id').executeTakeFirstOrThrow();
  return { id: inserted.id, byCode: true };
}

function fieldRow(formatId: string, f: FieldDef, seq: number, idOf: (code: string) => string): Insertable<CgFormatField> {
  return {
    format_id: formatId, field_name: f.fieldName, field_explain: f.fieldExplain, field_explain_en: f.fieldExplainEn ?? null,
    field_type: f.fieldType, form_submit_type: f.formSubmitType ?? null, options: JSON.stringify(f.options ?? []),
    default_value: f.defaultValue ?? null, tips_message: f.tipsMessage ?? null, seq,
    ishow: f.ishow ?? true, ihidden: f.ihidden ?? false, iupdate: f.iupdate ?? true, irequired: f.irequired ?? false,
    iallow_query: f.iallowQuery ?? false, iallow_advance_query: f.iallowAdvanceQuery ?? false, itotal: f.itotal ?? false,
    imerge: f.imerge ?? false, isort_field: f.isortField ?? false, idefined_sort: f.idefinedSort ?? false,
    sort_method: f.sortMethod ?? null, column_width: f.columnWidth ?? null, fixed: f.fixed ?? null,
    calculate: f.calculate ?? null, custom_table: f.customTable ?? null, class_type: f.classType ?? null,
    validate_method: f.validateMethod ?? null, validate_title: f.validateTitle ?? null, val_format_fun: f.valFormatFun ?? null,
    cg_format_res_id: f.resource ? idOf(f.resource.formatCode) : null, control_value: f.controlValue ?? null,
    rows: f.rows ?? null, search_type: f.searchType ?? null, column_sql: f.columnSql ?? null,
    display_kind: f.displayKind ?? null,
  };
}

// the display kind is the family's word on what a column holds (no administrator's edit sets it)
const CODE_OWNED_ONLY = ['column_sql', 'display_kind'] as const;

async function upsertFields(tx: Tx, formatId: string, fields: FieldDef[], byCode: boolean, idOf: (code: string) => string): Promise<void> {
  if (fields.length > 0) {
    const rows = fields.map((f, i) => fieldRow(formatId, f, (i + 1) * 10, idOf));
    const columns = byCode ? (Object.keys(rows[0]).filter((c) => c !== 'format_id' && c !== 'field_name') as (keyof CgFormatField)[]) : CODE_OWNED_ONLY;
    await tx
      .insertInto('cg_format_field')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['format_id', 'field_name']).doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]))),
      )
      .execute();
  }
  const declared = fields.map((f) => f.fieldName);
  const stale = tx.selectFrom('cg_format_field').where('format_id', '=', formatId);
  const others = declared.length ? stale.where('field_name', 'not in', declared) : stale;
  // A field code no longer declares reads a column that may be gone: removed from a code-owned
  // format; in an edited one the administrator's row stays, but the engine no longer reads it.
  const staleIds = (await others.select('id').execute()).map((r) => r.id);
  if (staleIds.length === 0) return;
  if (byCode) await tx.deleteFrom('cg_format_field').where('id', 'in', staleIds).execute();
  else await tx.updateTable('cg_format_field').set({ column_sql: null }).where('id', 'in', staleIds).execute();
}

async function replaceResourceMaps(tx: Tx, formatId: string, fields: FieldDef[]): Promise<void> {
  const rows = await tx.selectFrom('cg_format_field').select(['id', 'field_name']).where('format_id', '=', formatId).execute();
  const fieldIds = rows.map((r) => r.id);
  if (fieldIds.length) await tx.deleteFrom('cg_format_res_map').where('field_id', 'in', fieldIds).execute();
  const idByName = new Map(rows.map((r) => [r.field_name, r.id]));
  const maps = fields.flatMap((f) =>
    (f.resource?.map ?? []).map((m, seq) => ({
      field_id: idByName.get(f.fieldName) as string, master_table: m.masterTable, target_field: m.fieldName, source_field: m.from, seq,
    })),
  );
  if (maps.length) await tx.insertInto('cg_format_res_map').values(maps).execute();
}

async function replaceParams(tx: Tx, formatId: string, params: unknown[] | undefined): Promise<void> {
  if (!params) {
    await tx.deleteFrom('cg_format_param').where('format_id', '=', formatId).execute();
    return;
  }
  await tx
    .insertInto('cg_format_param')
    .values({ format_id: formatId, param_list: JSON.stringify(params), updated_at: new Date() })
    .onConflict((oc) => oc.column('format_id').doUpdateSet({ param_list: JSON.stringify(params), updated_at: new Date() }))
    .execute();
}
