import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../db/pool';
import type { DB } from '../db/schema';
import type { DocField, DocumentFamily, EntityValues } from './define';
import type { Change, DocState, DocStatus } from './lifecycle';
import type { RowScope } from '../auth/who';

/**
 * The engine's SQL. Every table and column name in it comes from a family's definition in code,
 * never from a request; every value is a bound parameter. Every statement is limited to the
 * caller's company: its own rows, or the group archives allocated to it.
 */
type Tx = Transaction<DB>;
type Runner = Tx | Database;

const SQL_TYPES: Record<DocField['type'], string> = {
  text: 'text', number: 'numeric', integer: 'integer', boolean: 'boolean', date: 'date', datetime: 'timestamptz', enum: 'text', id: 'bigint', timeRange: 'text', time: 'text', dateRange: 'text',
};

const col = (name: string) => sql.ref(`t.${name}`);
const table = (f: DocumentFamily) => sql`${sql.table(f.table)} AS t`;

/** The rows the caller's company may see and touch. */
export function inScope(f: DocumentFamily, who: RowScope): RawBuilder<unknown> {
  if (f.scope.kind === 'org') return sql`t.org_id = ${who.orgId}`;
  if (f.scope.kind === 'shared') return sql`t.group_id = ${who.groupId}`;
  return sql`t.group_id = ${who.groupId} AND EXISTS (SELECT 1 FROM ${sql.table(f.scope.allocTable)} a WHERE a.archive_id = t.id AND a.org_id = ${who.orgId})`;
}

export interface LockedRow extends DocState {
  id: string;
  version: number;
}

/** Locks the rows of a batch that are in scope; ids not found are missing or another company's. */
export async function lockRows(tx: Tx, f: DocumentFamily, who: RowScope, ids: string[]): Promise<LockedRow[]> {
  const status = f.statusColumn ? col(f.statusColumn) : sql`'FREE'`;
  const extra = f.extraState ? col(f.extraState.column) : sql`NULL`;
  const { rows } = await sql<{ id: string; version: number; code: string; status: DocStatus; enabled: boolean; extra: string | null }>`
    SELECT t.id, t.version, coalesce(${col(f.code.column)}::text, '#' || t.id) AS code, ${status} AS status, t.enabled, ${extra} AS extra
      FROM ${table(f)} WHERE t.id = ANY(${ids}::bigint[]) AND ${inScope(f, who)}
     ORDER BY t.id FOR UPDATE OF t`.execute(tx);
  return rows;
}

/** The rows of the caller's scope with these codes, locked: the ones an upsert by code would change. */
export async function lockRowsByCode(tx: Tx, f: DocumentFamily, who: RowScope, codes: string[]): Promise<{ id: string; code: string }[]> {
  const { rows } = await sql<{ id: string; code: string }>`
    SELECT t.id::text AS id, ${col(f.code.column)}::text AS code FROM ${table(f)}
     WHERE ${col(f.code.column)}::text = ANY(${codes}::text[]) AND ${inScope(f, who)}
     ORDER BY t.id FOR UPDATE OF t`.execute(tx);
  return rows;
}

/** One row as the form shows it: the family's read fields, plus id and version. */
export async function readEntity(db: Runner, f: DocumentFamily, who: RowScope, id: string): Promise<Record<string, unknown> | null> {
  const fields = f.readFields.map((r) => sql`(${sql.raw(r.sql)}) AS ${sql.id(r.name)}`);
  const { rows } = await sql<Record<string, unknown>>`
    SELECT t.id::text AS id, t.version, ${sql.join(fields)} FROM ${table(f)} WHERE t.id = ${id}::bigint AND ${inScope(f, who)}`.execute(db);
  return rows[0] ?? null;
}

/** The writable columns of rows, in a shape a later insert takes back (a copy's source). */
export async function readValues(tx: Tx, f: DocumentFamily, who: RowScope, ids: string[]): Promise<(EntityValues & { id: string })[]> {
  const columns = f.fields.map((d) => sql`${col(d.column)} AS ${sql.id(d.name)}`);
  const { rows } = await sql<EntityValues & { id: string }>`
    SELECT t.id::text AS id, ${sql.join(columns)} FROM ${table(f)} WHERE t.id = ANY(${ids}::bigint[]) AND ${inScope(f, who)} ORDER BY t.id`.execute(tx);
  return rows;
}

const dateAsText = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** Rows as a JSON array keyed by column: one parameter however many rows (set-based writes). */
export function asRecords(f: Pick<DocumentFamily, 'fields'>, rows: EntityValues[], extra: Record<string, unknown>): string {
  return JSON.stringify(rows.map((r, n) => {
    const record: Record<string, unknown> = { ...extra, n };
    for (const d of f.fields) if (Object.hasOwn(r, d.name)) record[d.column] = dateAsText(r[d.name]);
    return record;
  }));
}

export function recordColumns(written: DocField[], extra: Record<string, string>): RawBuilder<unknown> {
  const defs = [
    ...written.map((d) => sql`${sql.id(d.column)} ${sql.raw(SQL_TYPES[d.type])}`),
    ...Object.entries(extra).map(([c, type]) => sql`${sql.id(c)} ${sql.raw(type)}`),
  ];
  return sql.join(defs);
}

function ownerColumns(f: DocumentFamily, who: RowScope): { values: Record<string, unknown>; types: Record<string, string> } {
  const values: Record<string, unknown> = { org_id: who.orgId, created_by: who.userId, updated_by: who.userId };
  const types: Record<string, string> = { org_id: 'bigint', created_by: 'bigint', updated_by: 'bigint' };
  if (f.scope.kind !== 'org') {
    values.group_id = who.groupId;
    types.group_id = 'bigint';
  }
  return { values, types };
}

/**
 * Inserts rows in one statement (a create is a batch of one; an import of ten thousand is one
 * statement too), allocating group archives to the creating company in the same statement.
 */
export async function insertRows(tx: Tx, f: DocumentFamily, who: RowScope, rows: EntityValues[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const written = f.fields;
  const owner = ownerColumns(f, who);
  const names = [...written.map((d) => d.column), ...Object.keys(owner.types)];
  const target = sql.join(names.map((c) => sql.id(c)));
  const source = sql.join(names.map((c) => sql.ref(`x.${c}`)));
  const records = sql`jsonb_to_recordset(${asRecords(f, rows, owner.values)}::jsonb) AS x(${recordColumns(written, owner.types)}, n integer)`;
  const insert = sql`INSERT INTO ${sql.table(f.table)} (${target}) SELECT ${source} FROM ${records} ORDER BY x.n RETURNING id::text AS id, group_id`;
  if (f.scope.kind !== 'group') {
    const { rows: ids } = await sql<{ id: string }>`INSERT INTO ${sql.table(f.table)} (${target}) SELECT ${source} FROM ${records} ORDER BY x.n RETURNING id::text AS id`.execute(tx);
    return ids.map((r) => r.id);
  }
  const { rows: ids } = await sql<{ id: string }>`
    WITH created AS (${insert}),
         allocated AS (INSERT INTO ${sql.table(f.scope.allocTable)} (group_id, archive_id, org_id, created_by)
                       SELECT group_id, id::bigint, ${who.orgId}, ${who.userId} FROM created)
    SELECT id FROM created`.execute(tx);
  return ids.map((r) => r.id);
}

/** Writes the given fields of one row and bumps its version. */
export async function updateRow(tx: Tx, f: DocumentFamily, who: RowScope, id: string, values: EntityValues): Promise<void> {
  const sets = f.fields
    .filter((d) => Object.hasOwn(values, d.name))
    .map((d) => sql`${sql.id(d.column)} = ${values[d.name] as never}::${sql.raw(SQL_TYPES[d.type])}`);
  await sql`UPDATE ${sql.table(f.table)} AS t SET ${sql.join([...sets, sql`version = t.version + 1`, sql`updated_at = now()`, sql`updated_by = ${who.userId}`])}
    WHERE t.id = ${id}::bigint`.execute(tx);
}

/** One state change on many rows, with the version bumped: an open form then saves a conflict. */
export async function applyChange(tx: Tx, f: DocumentFamily, who: RowScope, ids: string[], change: Change): Promise<void> {
  const sets: RawBuilder<unknown>[] = [sql`version = t.version + 1`, sql`updated_at = now()`, sql`updated_by = ${who.userId}`];
  if (change.status && f.statusColumn) sets.push(sql`${sql.id(f.statusColumn)} = ${change.status}`);
  if (change.enabled !== undefined) sets.push(sql`enabled = ${change.enabled}`);
  if (change.extra !== undefined && f.extraState) {
    sets.push(sql`${sql.id(f.extraState.column)} = ${change.extra}`);
    const stamp = f.extraState.stamp;
    if (stamp) sets.push(sql`${sql.id(stamp.column)} = ${change.extra === stamp.when ? sql`now()` : sql`NULL`}`);
  }
  await sql`UPDATE ${sql.table(f.table)} AS t SET ${sql.join(sets)} WHERE t.id = ANY(${ids}::bigint[])`.execute(tx);
}

export async function deleteRows(tx: Tx, f: DocumentFamily, ids: string[]): Promise<number> {
  const result = await sql`DELETE FROM ${sql.table(f.table)} AS t WHERE t.id = ANY(${ids}::bigint[])`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}

/** Which of these values a unique column already holds in the family's scope (group or company). */
export async function valuesTaken(db: Runner, f: DocumentFamily, who: RowScope, column: string, values: unknown[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const owner = f.scope.kind === 'org' ? sql`t.org_id = ${who.orgId}` : sql`t.group_id = ${who.groupId}`;
  const { rows } = await sql<{ v: string }>`
    SELECT ${col(column)}::text AS v FROM ${table(f)} WHERE ${owner} AND ${col(column)}::text = ANY(${values.map(String)}::text[])`.execute(db);
  return new Set(rows.map((r) => r.v));
}

/** A group archive's allocations to companies other than the caller's, by archive. */
export async function allocatedElsewhere(tx: Tx, f: DocumentFamily, who: RowScope, ids: string[]): Promise<Set<string>> {
  if (f.scope.kind !== 'group') return new Set();
  const { rows } = await sql<{ id: string }>`
    SELECT DISTINCT archive_id::text AS id FROM ${sql.table(f.scope.allocTable)} WHERE archive_id = ANY(${ids}::bigint[]) AND org_id <> ${who.orgId}`.execute(tx);
  return new Set(rows.map((r) => r.id));
}

/** Companies of the caller's group among these ids, with their names. */
export async function groupCompanies(tx: Tx, who: RowScope, orgIds: string[]): Promise<Map<string, string>> {
  const rows = await tx.selectFrom('sys_org').select(['id', 'org_name']).where('group_id', '=', who.groupId).where('id', 'in', orgIds).execute();
  return new Map(rows.map((r) => [r.id, r.org_name]));
}

export async function allocate(tx: Tx, allocTable: string, who: RowScope, ids: string[], orgIds: string[]): Promise<number> {
  const result = await sql`
    INSERT INTO ${sql.table(allocTable)} (group_id, archive_id, org_id, created_by)
    SELECT ${who.groupId}, a, o, ${who.userId} FROM unnest(${ids}::bigint[]) a CROSS JOIN unnest(${orgIds}::bigint[]) o
    ON CONFLICT (org_id, archive_id) DO NOTHING`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}

export async function cancelAllocations(tx: Tx, allocTable: string, ids: string[], orgIds: string[]): Promise<number> {
  const result = await sql`
    DELETE FROM ${sql.table(allocTable)} WHERE archive_id = ANY(${ids}::bigint[]) AND org_id = ANY(${orgIds}::bigint[])`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Inserts new rows and updates changed ones by code in one statement; a row whose values are all
 * as sent is not touched (no version bump), so pushing the same data twice changes nothing.
 * New group archives are allocated to the caller's company, as are existing ones it lacked.
 */
export async function upsertByCode(tx: Tx, f: DocumentFamily, who: RowScope, rows: EntityValues[]): Promise<{ created: number; updated: number }> {
  // A family kept in a view over a shared table (the price rules of a kind, the contracts of a
  // kind): a view has no xmax, and the table's unique key carries the view's discriminator (kind),
  // so ON CONFLICT (org_id, code) names no constraint; such rows are matched by their code instead.
  if (await isView(tx, f.table)) {
    if (f.scope.kind !== 'org') throw new Error(`${f.table}: a family kept in a view is pushed as company rows`);
    return upsertByKey(tx, f, who, rows, [f.code.column]);
  }
  const owner = ownerColumns(f, who);
  const written = f.fields;
  const names = [...written.map((d) => d.column), ...Object.keys(owner.types)];
  const target = sql.join(names.map((c) => sql.id(c)));
  const source = sql.join(names.map((c) => sql.ref(`x.${c}`)));
  const records = sql`jsonb_to_recordset(${asRecords(f, rows, owner.values)}::jsonb) AS x(${recordColumns(written, owner.types)})`;
  const key = f.scope.kind === 'org' ? 'org_id' : 'group_id';
  // An ERP pushing one batch twice at once: the pushes of a family into one group or company take
  // turns, so each upsert sees what the one before it wrote (allocations included) instead of
  // racing it on the unique keys.
  const scopeId = f.scope.kind === 'org' ? who.orgId : who.groupId;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`datax:${f.table}:${scopeId}`}))`.execute(tx);
  const changed = written.filter((d) => d.column !== f.code.column);
  const sets = sql.join([
    ...changed.map((d) => sql`${sql.id(d.column)} = EXCLUDED.${sql.id(d.column)}`),
    sql`version = t.version + 1`, sql`updated_at = now()`, sql`updated_by = EXCLUDED.updated_by`,
  ]);
  const differs = sql`(${sql.join(changed.map((d) => col(d.column)))}) IS DISTINCT FROM (${sql.join(changed.map((d) => sql`EXCLUDED.${sql.id(d.column)}`))})`;
  const upsert = sql`
    INSERT INTO ${sql.table(f.table)} AS t (${target}) SELECT ${source} FROM ${records}
    ON CONFLICT (${sql.id(key)}, ${sql.id(f.code.column)}) DO UPDATE SET ${sets} WHERE ${differs}
    RETURNING t.id, (t.xmax = 0) AS inserted`;
  if (f.scope.kind !== 'group') {
    const { rows: out } = await sql<{ inserted: boolean }>`${upsert}`.execute(tx);
    return count(out);
  }
  const { rows: out } = await sql<{ inserted: boolean }>`
    WITH written AS (${upsert}),
         codes AS (SELECT t.id FROM ${table(f)} WHERE t.group_id = ${who.groupId}
                    AND ${col(f.code.column)} = ANY(SELECT x.${sql.id(f.code.column)} FROM ${records})),
         allocated AS (INSERT INTO ${sql.table(f.scope.allocTable)} (group_id, archive_id, org_id, created_by)
                       SELECT ${who.groupId}, id, ${who.orgId}, ${who.userId} FROM (SELECT id FROM written UNION SELECT id FROM codes) ids
                       ON CONFLICT (org_id, archive_id) DO NOTHING)
    SELECT inserted FROM written`.execute(tx);
  return count(out);
}

/**
 * upsertByCode for a family whose rows are named by several fields together (an area's code within
 * its warehouse, a dictionary item's within its type, a blacklist entry's plate and id number):
 * a row matching every key column (NULL matching NULL) is updated when a value differs, a row
 * matching none is inserted, in one statement under the same turn as upsertByCode. Company rows
 * only. Keys the table holds unique are kept unique by their constraints; the blacklist, whose
 * entries are not unique by plate, has every entry with the pushed plate and id number updated.
 */
export async function upsertByKey(tx: Tx, f: DocumentFamily, who: RowScope, rows: EntityValues[], keyColumns: string[],
  blankKeeps: Record<string, string> = {}): Promise<{ created: number; updated: number }> {
  if (f.scope.kind !== 'org') throw new Error(`${f.table}: a datax key of several fields is for company rows`);
  const owner = ownerColumns(f, who);
  const written = f.fields;
  const names = [...written.map((d) => d.column), ...Object.keys(owner.types)];
  const records = sql`jsonb_to_recordset(${asRecords(f, rows, owner.values)}::jsonb) AS x(${recordColumns(written, owner.types)})`;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`datax:${f.table}:${who.orgId}`}))`.execute(tx);
  const match = sql.join([sql`t.org_id = x.org_id`, ...keyColumns.map((c) => sql`${col(c)} IS NOT DISTINCT FROM ${sql.ref(`x.${c}`)}`)], sql` AND `);
  const changed = written.filter((d) => !keyColumns.includes(d.column));
  // a column the push may leave blank: the stored value on update, the given SQL on insert
  const sent = (c: string) => (c in blankKeeps ? sql`coalesce(${sql.ref(`x.${c}`)}, ${col(c)})` : sql.ref(`x.${c}`));
  const inserted = (c: string) => (c in blankKeeps ? sql`coalesce(${sql.ref(`x.${c}`)}, ${sql.raw(blankKeeps[c])})` : sql.ref(`x.${c}`));
  const sets = sql.join([
    ...changed.map((d) => sql`${sql.id(d.column)} = ${sent(d.column)}`),
    sql`version = t.version + 1`, sql`updated_at = now()`, sql`updated_by = x.updated_by`,
  ]);
  const differs = changed.length
    ? sql`(${sql.join(changed.map((d) => col(d.column)))}) IS DISTINCT FROM (${sql.join(changed.map((d) => sent(d.column)))})`
    : sql`false`;
  const { rows: out } = await sql<{ created: number; updated: number }>`
    WITH updated AS (UPDATE ${table(f)} SET ${sets} FROM ${records} WHERE ${match} AND ${differs} RETURNING t.id),
         inserted AS (INSERT INTO ${sql.table(f.table)} (${sql.join(names.map((c) => sql.id(c)))})
                      SELECT ${sql.join(names.map(inserted))} FROM ${records}
                       WHERE NOT EXISTS (SELECT 1 FROM ${table(f)} WHERE ${match}) RETURNING id)
    SELECT (SELECT count(*) FROM inserted)::int AS created, (SELECT count(*) FROM updated)::int AS updated`.execute(tx);
  return out[0];
}

const viewKinds = new Map<string, boolean>();
/** Whether a family's table is a view (asked of the catalogue once per table). */
async function isView(db: Runner, tableName: string): Promise<boolean> {
  const known = viewKinds.get(tableName);
  if (known !== undefined) return known;
  const { rows } = await sql<{ kind: string | null }>`SELECT c.relkind::text AS kind FROM pg_class c WHERE c.oid = to_regclass(${tableName})`.execute(db);
  const view = rows[0]?.kind === 'v';
  viewKinds.set(tableName, view);
  return view;
}

function count(rows: { inserted: boolean }[]): { created: number; updated: number } {
  const created = rows.filter((r) => r.inserted).length;
  return { created, updated: rows.length - created };
}

/** Ids of rows of a table by their codes, within the caller's group or company. */
export async function idsByCode(db: Runner, who: RowScope, tableName: string, codeColumn: string, scope: 'group' | 'org', codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const owner = scope === 'group' ? sql`t.group_id = ${who.groupId}` : sql`t.org_id = ${who.orgId}`;
  const { rows } = await sql<{ code: string; id: string }>`
    SELECT ${col(codeColumn)} AS code, t.id::text AS id FROM ${sql.table(tableName)} AS t WHERE ${owner} AND ${col(codeColumn)} = ANY(${codes}::text[])`.execute(db);
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** The highest all-digit serial after `stem` among the family's codes in its scope (0 when none). */
export async function highestSerial(db: Runner, f: DocumentFamily, who: RowScope, stem: string): Promise<number> {
  const owner = f.scope.kind === 'org' ? sql`t.org_id = ${who.orgId}` : sql`t.group_id = ${who.groupId}`;
  const tail = sql`substr(${col(f.code.column)}, ${stem.length + 1})`;
  const { rows } = await sql<{ n: string | null }>`
    SELECT max(${tail}::numeric)::text AS n FROM ${table(f)}
     WHERE ${owner} AND left(${col(f.code.column)}, ${stem.length}) = ${stem} AND ${tail} ~ '^[0-9]{1,15}$'`.execute(db);
  return Number(rows[0].n ?? 0);
}
