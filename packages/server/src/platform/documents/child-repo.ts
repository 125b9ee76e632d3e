import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/pool';
import type { DB } from '../db/schema';
import type { ChildRow, DocField, DocumentChildren, EntityValues } from './define';
import { recordColumns } from './repo';
import type { RowScope } from '../auth/who';

/**
 * The SQL of child rows. Names come from the family's definition, values are bound. A child row
 * is reached through its header only: the caller has found the header in its company (and locked
 * it for a write) before any of these run, so they filter by the parent column.
 */
type Tx = Transaction<DB>;
type Runner = Tx | Database;

const childTable = (c: DocumentChildren) => sql`${sql.table(c.table)} AS t`;
const parentOf = (c: DocumentChildren) => sql.ref(`t.${c.parentColumn}`);
const inOrder = (c: DocumentChildren) => (c.seq ? sql`${sql.ref(`t.${c.seq.column}`)}, t.id` : sql`t.id`);
const dateAsText = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** The child rows of one header as get/{id} answers them, in seq order. */
export async function readChildren(db: Runner, c: DocumentChildren, parentId: string): Promise<Record<string, unknown>[]> {
  const fields = c.readFields.map((r) => sql`(${sql.raw(r.sql)}) AS ${sql.id(r.name)}`);
  const { rows } = await sql<Record<string, unknown>>`
    SELECT t.id::text AS id, t.version, ${sql.join(fields)} FROM ${childTable(c)}
     WHERE ${parentOf(c)} = ${parentId}::bigint ORDER BY ${inOrder(c)}`.execute(db);
  return rows;
}

/** The stored child rows of headers, locked, with their writable values (a copy's source, a rule's input). */
export async function lockChildren(tx: Tx, c: DocumentChildren, parentIds: string[]): Promise<(ChildRow & { parentId: string })[]> {
  const columns = c.fields.map((d) => sql`${sql.ref(`t.${d.column}`)} AS ${sql.id(d.name)}`);
  const { rows } = await sql<EntityValues & { id: string; parent_id: string; version_: number }>`
    SELECT t.id::text AS id, ${parentOf(c)}::text AS parent_id, t.version AS version_, ${sql.join(columns)} FROM ${childTable(c)}
     WHERE ${parentOf(c)} = ANY(${parentIds}::bigint[]) ORDER BY ${parentOf(c)}, ${inOrder(c)} FOR UPDATE OF t`.execute(tx);
  return rows.map(({ id, parent_id, version_, ...values }) => ({ id, parentId: parent_id, version: version_, values }));
}

/** Rows as a JSON array keyed by column (one parameter however many rows), with their place n. */
function records(fields: DocField[], rows: ChildRow[], extra: Record<string, unknown>): string {
  return JSON.stringify(rows.map((r, n) => {
    const record: Record<string, unknown> = { ...extra, id: r.id, n };
    for (const d of fields) if (Object.hasOwn(r.values, d.name)) record[d.column] = dateAsText(r.values[d.name]);
    return record;
  }));
}

export async function insertChildren(tx: Tx, c: DocumentChildren, who: RowScope, parentId: string, rows: ChildRow[]): Promise<void> {
  if (rows.length === 0) return;
  const owner = { [c.parentColumn]: parentId, org_id: who.orgId, created_by: who.userId, updated_by: who.userId };
  const ownerTypes = Object.fromEntries(Object.keys(owner).map((k) => [k, 'bigint']));
  const names = [...c.fields.map((d) => d.column), ...Object.keys(owner)];
  const source = sql`jsonb_to_recordset(${records(c.fields, rows, owner)}::jsonb) AS x(${recordColumns(c.fields, ownerTypes)}, n integer)`;
  await sql`INSERT INTO ${sql.table(c.table)} (${sql.join(names.map((n) => sql.id(n)))})
    SELECT ${sql.join(names.map((n) => sql.ref(`x.${n}`)))} FROM ${source} ORDER BY x.n`.execute(tx);
}

/** Deletes the header's child rows that are not among `kept`. */
export async function deleteChildrenExcept(tx: Tx, c: DocumentChildren, parentId: string, kept: string[]): Promise<void> {
  await sql`DELETE FROM ${childTable(c)} WHERE ${parentOf(c)} = ${parentId}::bigint AND NOT (t.id = ANY(${kept}::bigint[]))`.execute(tx);
}

export async function deleteChildrenOf(tx: Tx, c: DocumentChildren, parentIds: string[]): Promise<void> {
  await sql`DELETE FROM ${childTable(c)} WHERE ${parentOf(c)} = ANY(${parentIds}::bigint[])`.execute(tx);
}

/**
 * Kept rows whose place changes first step past every seq in use: a seq is unique within its
 * header and the check is row by row, so renumbering in place would collide with a neighbour.
 */
async function clearSeqs(tx: Tx, c: DocumentChildren, parentId: string, rows: ChildRow[], stored: ChildRow[]): Promise<void> {
  if (!c.seq) return;
  const seq = c.seq;
  const before = new Map(stored.map((s) => [s.id as string, Number(s.values[seq.field])]));
  const moved = rows.filter((r) => r.id && before.get(r.id) !== Number(r.values[seq.field])).map((r) => r.id as string);
  if (moved.length === 0) return;
  const past = Math.max(rows.length, ...before.values()) + 1;
  await sql`UPDATE ${childTable(c)} SET ${sql.id(seq.column)} = ${sql.ref(`t.${seq.column}`)} + ${past}::integer
    WHERE ${parentOf(c)} = ${parentId}::bigint AND t.id = ANY(${moved}::bigint[])`.execute(tx);
}

/** Writes the kept rows' values; a row whose values are all as stored is left alone (no version bump). */
export async function updateChildren(tx: Tx, c: DocumentChildren, who: RowScope, parentId: string, rows: ChildRow[], stored: ChildRow[]): Promise<void> {
  const kept = rows.filter((r) => r.id);
  if (kept.length === 0) return;
  await clearSeqs(tx, c, parentId, kept, stored);
  const written = c.fields.filter((d) => d.updatable !== false);
  const source = sql`jsonb_to_recordset(${records(written, kept, {})}::jsonb) AS x(id bigint, ${recordColumns(written, {})})`;
  const sets = written.map((d) => sql`${sql.id(d.column)} = x.${sql.id(d.column)}`);
  const differs = sql`(${sql.join(written.map((d) => sql.ref(`t.${d.column}`)))}) IS DISTINCT FROM (${sql.join(written.map((d) => sql.ref(`x.${d.column}`)))})`;
  await sql`UPDATE ${childTable(c)} SET ${sql.join([...sets, sql`version = t.version + 1`, sql`updated_at = now()`, sql`updated_by = ${who.userId}::bigint`])}
    FROM ${source} WHERE t.id = x.id AND ${parentOf(c)} = ${parentId}::bigint AND ${differs}`.execute(tx);
}

/** Copies the child rows of each source header to its copy, in their order. */
export async function copyChildren(tx: Tx, c: DocumentChildren, who: RowScope, pairs: { from: string; to: string }[]): Promise<void> {
  if (pairs.length === 0) return;
  const columns = c.fields.map((d) => d.column);
  const target = sql.join([c.parentColumn, 'org_id', 'created_by', 'updated_by', ...columns].map((n) => sql.id(n)));
  const source = sql.join(columns.map((n) => sql.ref(`t.${n}`)));
  await sql`INSERT INTO ${sql.table(c.table)} (${target})
    SELECT m.to_id, ${who.orgId}::bigint, ${who.userId}::bigint, ${who.userId}::bigint, ${source}
      FROM ${childTable(c)} JOIN unnest(${pairs.map((p) => p.from)}::bigint[], ${pairs.map((p) => p.to)}::bigint[]) AS m(from_id, to_id)
        ON ${parentOf(c)} = m.from_id
     ORDER BY m.to_id, ${inOrder(c)}`.execute(tx);
}
