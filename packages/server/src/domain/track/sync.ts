import type { ImportProblem } from '@wb/protocol';
import { sql, type Transaction } from 'kysely';
import { entryOf, writeLog, writeLogs } from '../../platform/audit/log';
import type { RowScope } from '../../platform/auth/who';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import { readChildRows } from '../../platform/documents/children';
import type { DocumentChildren, DocumentFamily, EntityValues } from '../../platform/documents/define';
import { groupHeaderAndLines, headerAndLineColumns, readImportSheet, withoutShadowed, type HeaderGroup, type SheetEntity } from '../../platform/documents/header-lines-import';
import * as repo from '../../platform/documents/repo';
import { badRequestWith } from '../../platform/http/errors';
import type { TrainKindDef } from './kinds';
import { contractTermsInto, trainWriteProblems } from './repo';

/**
 * Wagon lists from outside: a sheet (a row per wagon, the train's columns repeated, rows grouped by
 * 车次) or the track scale program's push (trains, each with its wagons). Both are keyed by train and
 * wagon number: a train not here is created, a draft train here takes the header sent, and each
 * wagon is inserted or, when its number is on the train already, updated where a value differs, so
 * the same push sent twice changes nothing and the program may push a train wagon by wagon. Every
 * problem of every row is reported and nothing is written; else all of it goes in one transaction.
 * A sheet adds trains only (a train already here is refused); an audited train is never changed
 * from outside.
 */
type Tx = Transaction<DB>;

export const trainSheetColumns = headerAndLineColumns;

export interface SyncResult { created: number; updated: number; wagonsCreated: number; wagonsUpdated: number }

const WAGON_COLUMNS = ['wagon_no', 'material_id', 'gross', 'tare', 'tare_mode', 'waybill', 'remark'] as const;

async function writeWagons(tx: Tx, children: DocumentChildren, who: RowScope, trainId: string, lines: EntityValues[]): Promise<{ created: number; updated: number }> {
  const byName = new Map(children.fields.map((f) => [f.column, f.name]));
  const records = lines.map((v, i) => ({ ...Object.fromEntries(WAGON_COLUMNS.map((c) => [c, v[byName.get(c) as string] ?? null])), n: i + 1 }));
  const changed = WAGON_COLUMNS.filter((c) => c !== 'wagon_no');
  const { rows } = await sql<{ inserted: boolean }>`
    INSERT INTO wb_wagon AS w (org_id, train_id, seq, wagon_no, material_id, gross, tare, tare_mode, waybill, remark, created_by, updated_by)
    SELECT ${who.orgId}::bigint, ${trainId}::bigint, (SELECT coalesce(max(seq), 0) FROM wb_wagon WHERE train_id = ${trainId}::bigint) + x.n,
           x.wagon_no, x.material_id, x.gross, x.tare, coalesce(x.tare_mode, 'MARKED'), x.waybill, x.remark, ${who.userId}::bigint, ${who.userId}::bigint
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
        AS x(wagon_no text, material_id bigint, gross numeric, tare numeric, tare_mode text, waybill numeric, remark text, n integer)
     ORDER BY x.n
    ON CONFLICT (train_id, wagon_no, org_id) DO UPDATE SET
      ${sql.join(changed.map((c) => sql`${sql.id(c)} = EXCLUDED.${sql.id(c)}`))},
      version = w.version + 1, updated_at = now(), updated_by = EXCLUDED.updated_by
     WHERE (${sql.join(changed.map((c) => sql`w.${sql.id(c)}`))}) IS DISTINCT FROM (${sql.join(changed.map((c) => sql`EXCLUDED.${sql.id(c)}`))})
    RETURNING (w.xmax = 0) AS inserted`.execute(tx);
  const created = rows.filter((r) => r.inserted).length;
  return { created, updated: rows.length - created };
}

/** The header sent, written over a draft train where a value differs (no version bump otherwise). */
async function updateHeader(tx: Tx, family: DocumentFamily, who: RowScope, id: string, header: EntityValues): Promise<boolean> {
  const fields = family.fields.filter((f) => f.updatable !== false && Object.hasOwn(header, f.name));
  if (fields.length === 0) return false;
  const type = (t: string) => sql.raw({ text: 'text', number: 'numeric', integer: 'integer', boolean: 'boolean', date: 'date', datetime: 'timestamptz', enum: 'text', id: 'bigint', timeRange: 'text', time: 'text', dateRange: 'text' }[t] ?? 'text');
  const value = (f: (typeof fields)[number]) => sql`${header[f.name] as never}::${type(f.type)}`;
  const result = await sql`
    UPDATE wb_train t SET ${sql.join([...fields.map((f) => sql`${sql.id(f.column)} = ${value(f)}`), sql`version = t.version + 1`, sql`updated_at = now()`, sql`updated_by = ${who.userId}`])}
     WHERE t.id = ${id}::bigint AND (${sql.join(fields.map((f) => sql`t.${sql.id(f.column)}`))}) IS DISTINCT FROM (${sql.join(fields.map(value))})`.execute(tx);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function syncTrains(db: Database, family: DocumentFamily, k: TrainKindDef, who: RowScope, entities: SheetEntity[], how: 'import' | 'datax'): Promise<SyncResult> {
  const children = family.children as DocumentChildren;
  const { groups, problems } = await groupHeaderAndLines(db, family, who, entities, '车次');
  for (const g of groups.values()) await contractTermsInto(db, who.orgId, g.header);
  const fail = (list: ImportProblem[]) => {
    const shown = withoutShadowed([...family.fields, ...children.fields], list).sort((a, b) => a.row - b.row);
    if (shown.length) throw badRequestWith(shown, { imported: 0 });
  };
  fail(problems);
  return db.transaction().execute(async (tx) => {
    // pushes of one company's trains take turns: each sees the wagons the one before it wrote
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`track:${who.orgId}`}))`.execute(tx);
    const list = [...groups.values()];
    const { rows: existing } = await sql<{ id: string; train_no: string; doc_status: string }>`
      SELECT id::text, train_no, doc_status FROM wb_train WHERE org_id = ${who.orgId} AND kind = ${k.kind} AND train_no = ANY(${list.map((g) => g.code)}::text[])
       ORDER BY id FOR UPDATE`.execute(tx);
    const found = new Map(existing.map((r) => [r.train_no, r]));
    const { rows: elsewhere } = await sql<{ train_no: string }>`
      SELECT train_no FROM wb_train WHERE org_id = ${who.orgId} AND kind <> ${k.kind} AND train_no = ANY(${list.map((g) => g.code)}::text[])`.execute(tx);
    const late: ImportProblem[] = [];
    for (const g of list) {
      const r = found.get(g.code);
      if (elsewhere.some((e) => e.train_no === g.code)) late.push({ row: g.firstRow, field: 'trainNo', message: `车次 ${g.code} 已存在于另一类轨道衡` });
      else if (r && how === 'import') late.push({ row: g.firstRow, field: 'trainNo', message: `车次 ${g.code} 已存在` });
      else if (r && r.doc_status !== 'FREE') late.push({ row: g.firstRow, field: 'trainNo', message: `车次 ${g.code} ${r.doc_status === 'AUDITED' ? '已审核' : '已作废'}，不能由接口修改` });
      for (const p of await trainWriteProblems(tx, who.orgId, k, g.header)) late.push({ row: g.firstRow, field: p.field, message: p.message });
    }
    fail(late);
    const fresh = list.filter((g) => !found.has(g.code));
    const ids = new Map<string, string>();
    const created = await repo.insertRows(tx, family, who, fresh.map((g) => ({ ...g.header, [family.code.field]: g.code })));
    fresh.forEach((g, i) => ids.set(g.code, created[i]));
    let updated = 0;
    for (const g of list.filter((x) => found.has(x.code))) {
      const id = (found.get(g.code) as { id: string }).id;
      ids.set(g.code, id);
      if (await updateHeader(tx, family, who, id, g.header)) updated++;
    }
    let wagonsCreated = 0;
    let wagonsUpdated = 0;
    for (const g of list) {
      const { rows } = readChildRows(children, g.lines.map((l) => l.entity));
      const w = await writeWagons(tx, children, who, ids.get(g.code) as string, rows.map((r) => r.values));
      wagonsCreated += w.created;
      wagonsUpdated += w.updated;
      if (w.updated > 0 && !fresh.includes(g) && updated === 0) await sql`UPDATE wb_train SET version = version + 1, updated_at = now() WHERE id = ${ids.get(g.code)}::bigint`.execute(tx);
    }
    const result = { created: fresh.length, updated, wagonsCreated, wagonsUpdated };
    if (how === 'import') {
      await writeLogs(tx, list.map((g: HeaderGroup) => entryOf(who, { action: 'import', family: family.label, docNo: g.code, detail: `导入，车皮 ${g.lines.length} 节` })));
    } else {
      const detail = `接口推送 ${list.length} 个车次（新增 ${fresh.length}，更新 ${updated}）：${list.map((g) => g.code).join('、')}，车皮新增 ${wagonsCreated}，更新 ${wagonsUpdated}`;
      await writeLog(tx, entryOf(who, { action: 'datax', family: family.label, detail }));
    }
    return result;
  });
}

export async function importTrains(db: Database, family: DocumentFamily, k: TrainKindDef, who: RowScope, bytes: Buffer): Promise<SyncResult> {
  const all = trainSheetColumns(family);
  const entities = await readImportSheet(bytes, all, all.filter((f) => f.name === family.code.field));
  return syncTrains(db, family, k, who, entities, 'import');
}

/** The push: each train with its wagons (`entitysub`), numbered row by row as a sheet would be. */
export async function pushTrains(db: Database, family: DocumentFamily, k: TrainKindDef, who: RowScope,
  trains: { entity: Record<string, unknown>; entitysub: Record<string, unknown>[] }[]): Promise<SyncResult> {
  let row = 0;
  const entities = trains.flatMap((t) => t.entitysub.map((line) => ({ row: ++row, entity: { ...t.entity, ...line } })));
  return syncTrains(db, family, k, who, entities, 'datax');
}
