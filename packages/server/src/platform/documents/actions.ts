import type { Transaction } from 'kysely';
import { isId } from '@wb/protocol';
import type { Database } from '../db/pool';
import type { DB } from '../db/schema';
import { entryOf, writeLog, writeLogs } from '../audit/log';
import { AppError, badRequest, badRequestWith } from '../http/errors';
import { nextNumbers } from '../numbering/repo';
import { resolveCodes, unknownNames } from './by-code';
import * as childRepo from './child-repo';
import { childRowsRefused, readChildRows } from './children';
import { createdNote, stateNote, updatedNote } from './change-notes';
import { codeField, type ChildRow, type DocumentChildren, type DocumentFamily, type EntityValues } from './define';
import { constraintProblem } from './constraint-errors';
import { missingRequired, parseEntity, type Problem } from './fields';
import { childKeys, entityKeys, unknownKeys } from './known-keys';
import { approvalGateOf } from './approval-gate';
import { decide } from './lifecycle';
import * as repo from './repo';
import type { RowScope } from '../auth/who';

/**
 * The document actions of the contract (packages/protocol/src/documents.ts) for any family: each
 * runs in one transaction in the caller's company, and a batch is all or nothing.
 */
type Tx = Transaction<DB>;

const notFound = (family: DocumentFamily, id: string) => AppError.of('notFound', `${family.label}不存在: ${id}`, 'id');

/** Runs a write; a constraint the database refused becomes a 400 naming the field. */
export async function writing<T>(db: Database, family: DocumentFamily, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const problem = constraintProblem(family, err);
    if (problem) throw badRequest(problem.message, problem.field ?? undefined);
    throw err;
  }
}

/** Normalised, then checked as a whole: the field problems, the required ones, the family's own. */
export function checkedValues(family: DocumentFamily, values: EntityValues, problems: Problem[], codeGenerated: boolean): EntityValues {
  const normalised = family.normalise ? family.normalise(values) : values;
  const all = [
    ...problems,
    ...missingRequired(family.fields, normalised, codeGenerated ? [family.code.field] : []).filter((p) => !problems.some((q) => q.field === p.field)),
  ];
  if (all.length === 0 && family.validate) all.push(...family.validate(normalised));
  const order = (p: Problem) => family.fields.findIndex((f) => f.name === p.field);
  if (all.length) throw badRequestWith(all.sort((a, b) => order(a) - order(b)));
  return normalised;
}

async function checkedInDatabase(tx: Tx, family: DocumentFamily, who: RowScope, id: string | null, values: EntityValues): Promise<void> {
  const named = (await unknownNames(tx, family.fields, who, [{ row: 1, entity: values }])).map(({ field, message }) => ({ field: field as string, message }));
  if (named.length) throw badRequestWith(named);
  const problems = family.checkWrite ? await family.checkWrite(tx, who, id, values) : [];
  if (problems.length) throw badRequestWith(problems);
}

/** New codes for the rows that left theirs blank, from the company's code rule. */
export async function fillCodes(tx: Tx, family: DocumentFamily, who: RowScope, rows: EntityValues[]): Promise<void> {
  const blank = rows.filter((r) => r[family.code.field] === null || r[family.code.field] === undefined);
  if (blank.length === 0) return;
  if (!family.numbering) throw badRequest(`${codeField(family).label}不能为空！`, family.code.field);
  const codes = await nextNumbers(tx, {
    orgId: who.orgId, docKind: family.numbering.docKind, fallback: family.numbering.fallback, count: blank.length,
    taken: (candidates) => repo.valuesTaken(tx, family, who, family.code.column, candidates),
    highestSerial: (stem) => repo.highestSerial(tx, family, who, stem),
  });
  blank.forEach((r, i) => {
    r[family.code.field] = codes[i];
  });
}

async function entityOrThrow(db: Database | Tx, family: DocumentFamily, who: RowScope, id: string) {
  const row = await repo.readEntity(db, family, who, id);
  if (!row) throw notFound(family, id);
  if (family.children) row.entitysub = await childRepo.readChildren(db, family.children, id);
  return row;
}

/** A name the entity carries that no field, template or answer of the family knows: refused, naming it. */
function refuseUnknownFields(family: DocumentFamily, entity: Record<string, unknown>): void {
  const unknown = unknownKeys(entityKeys(family), entity);
  if (unknown.length) throw badRequest(`参数 entity 错误: 不允许的字段: ${unknown.join(', ')}`, `entity.${unknown[0]}`);
}

/** Likewise for each child row, naming the row. */
function refuseUnknownChildFields(family: DocumentFamily, entitysub: Record<string, unknown>[]): void {
  const known = childKeys(family);
  const problems = entitysub.flatMap((row, i) => {
    const unknown = unknownKeys(known, row);
    return unknown.length ? [{ row: i + 1, field: unknown[0], message: `不允许的字段: ${unknown.join(', ')}` }] : [];
  });
  if (problems.length) throw childRowsRefused(problems);
}

/** The child rows a create or update sends, read and checked before the transaction opens. */
async function childRowsOf(db: Database, family: DocumentFamily, who: RowScope, entitysub: Record<string, unknown>[] | undefined): Promise<ChildRow[] | null> {
  if (entitysub === undefined) return null;
  if (!family.children) throw badRequest(`${family.label}没有明细行`, 'entitysub');
  refuseUnknownChildFields(family, entitysub);
  // a child cell may name another row by its code (a notice line's material): the code wins over a stale id
  const coded = entitysub.map((entity, i) => ({ row: i + 1, entity: { ...entity } }));
  const unknown = await resolveCodes(db, { ...family, fields: family.children.fields }, who, coded);
  if (unknown.length) throw childRowsRefused(unknown.map((p) => ({ row: p.row, field: p.field ?? 'entitysub', message: p.message })));
  const { rows, problems } = readChildRows(family.children, coded.map((c) => c.entity));
  if (problems.length) throw childRowsRefused(problems);
  return rows;
}

/** The whole child set as it will be, checked by the family inside the write's transaction. */
async function checkedChildren(tx: Tx, family: DocumentFamily, who: RowScope, parentId: string | null, header: EntityValues, rows: ChildRow[]): Promise<void> {
  const problems = family.children?.checkWrite ? await family.children.checkWrite(tx, who, parentId, header, rows) : [];
  if (problems.length) throw childRowsRefused(problems);
}

/** A constraint of the child table the database refused, said with the row that broke it. */
async function writingChildren(family: DocumentFamily, children: DocumentChildren, rows: ChildRow[], work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    const asFamily: DocumentFamily = { ...family, label: children.label, table: children.table, fields: children.fields, code: { field: '', column: '' }, constraintMessages: children.constraintMessages };
    const problem = constraintProblem(asFamily, err);
    if (!problem) throw err;
    const field = problem.field;
    const at = field ? rows.findIndex((r) => problem.values.includes(String(r.values[field]))) : -1;
    throw childRowsRefused([{ row: at >= 0 ? at + 1 : null, field: field ?? 'entitysub', message: problem.message }]);
  }
}

/** Stored rows of this header may be named by id; another header's child (or any other id) may not. */
function strangerRows(family: DocumentFamily, children: DocumentChildren, rows: ChildRow[], stored: ChildRow[]): void {
  const own = new Set(stored.map((s) => s.id));
  const problems = rows.flatMap((r, i) => (r.id && !own.has(r.id)
    ? [{ row: i + 1, field: 'id', message: `${children.label} ${r.id} 不属于此${family.label}` }] : []));
  if (problems.length) throw childRowsRefused(problems);
}

/**
 * A row sent with the version it was read at must still be at it: the row may also be edited on
 * a screen of its own (dictionary items), and a stale form must not overwrite that edit.
 */
function staleRows(children: DocumentChildren, rows: ChildRow[], stored: ChildRow[]): void {
  const versions = new Map(stored.map((s) => [s.id, s.version]));
  const at = rows.findIndex((r) => r.id && r.version !== undefined && versions.get(r.id) !== r.version);
  if (at >= 0) throw AppError.of('conflict', `第${at + 1}行 ${children.label}已被他人修改，请刷新后重试`, `entitysub.${at}.version`);
}

/** Writes the sent child set over the stored one: missing rows deleted, rows with an id updated, the rest inserted. */
async function writeChildren(tx: Tx, family: DocumentFamily, who: RowScope, parentId: string, rows: ChildRow[], stored: ChildRow[]): Promise<void> {
  const children = family.children as DocumentChildren;
  await writingChildren(family, children, rows, async () => {
    await childRepo.deleteChildrenExcept(tx, children, parentId, rows.flatMap((r) => (r.id ? [r.id] : [])));
    await childRepo.updateChildren(tx, children, who, parentId, rows, stored);
    await childRepo.insertChildren(tx, children, who, parentId, rows.filter((r) => !r.id));
  });
}

export function getEntity(db: Database, family: DocumentFamily, who: RowScope, id: string) {
  return entityOrThrow(db, family, who, id);
}

export async function createEntity(db: Database, family: DocumentFamily, who: RowScope, entity: Record<string, unknown>, entitysub?: Record<string, unknown>[]) {
  if (family.prepare) await family.prepare(db, who, entity, 'create');
  refuseUnknownFields(family, entity);
  const { values, problems } = parseEntity(family.fields, entity, 'create');
  const checked = checkedValues(family, values, problems, Boolean(family.numbering));
  const rows = await childRowsOf(db, family, who, entitysub);
  return writing(db, family, (tx) => insertChecked(tx, family, who, checked, rows));
}

/**
 * A create inside a use case's own transaction (a document made as part of another change: the
 * driver's booking makes a registry): the same checks, numbering and log entry as the create call.
 * No child rows and no prepare step; a constraint the database refuses is the caller's to answer
 * (constraintProblem), as the whole transaction rolls back with it.
 */
export async function createEntityIn(tx: Tx, family: DocumentFamily, who: RowScope, entity: Record<string, unknown>) {
  refuseUnknownFields(family, entity);
  const { values, problems } = parseEntity(family.fields, entity, 'create');
  const checked = checkedValues(family, values, problems, Boolean(family.numbering));
  return insertChecked(tx, family, who, checked, null);
}

async function insertChecked(tx: Tx, family: DocumentFamily, who: RowScope, checked: EntityValues, rows: Awaited<ReturnType<typeof childRowsOf>>) {
  await checkedInDatabase(tx, family, who, null, checked);
  if (family.children) await checkedChildren(tx, family, who, null, checked, rows ?? []);
  await fillCodes(tx, family, who, [checked]);
  const [id] = await repo.insertRows(tx, family, who, [checked]);
  if (rows?.length) await writeChildren(tx, family, who, id, rows, []);
  if (family.afterCreate) await family.afterCreate(tx, who, id);
  const created = await entityOrThrow(tx, family, who, id);
  await writeLog(tx, entryOf(who, createdNote(family, checked[family.code.field], rows?.length)));
  return created;
}

const versionOf = (entity: Record<string, unknown>) => {
  const v = entity.version;
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw badRequest('参数 entity.version 错误: 应为数据的版本号', 'version');
  return n;
};

const idOf = (entity: Record<string, unknown>) => {
  const id = typeof entity.id === 'number' ? String(entity.id) : entity.id;
  if (!isId(id)) throw badRequest('参数 entity.id 错误: 应为数字编号', 'id');
  return id;
};

/**
 * Optimistic update: the entity names the version it was read at; if the row moved on since,
 * 409 and nothing is written (two people editing one archive never overwrite each other).
 */
export async function updateEntity(db: Database, family: DocumentFamily, who: RowScope, entity: Record<string, unknown>, entitysub?: Record<string, unknown>[]) {
  if (family.prepare) await family.prepare(db, who, entity, 'update');
  refuseUnknownFields(family, entity);
  const id = idOf(entity);
  const version = versionOf(entity);
  const { values, problems } = parseEntity(family.fields, entity, 'update');
  const rows = await childRowsOf(db, family, who, entitysub);
  return writing(db, family, async (tx) => {
    const [row] = await repo.lockRows(tx, family, who, [id]);
    if (!row) throw notFound(family, id);
    if (row.version !== version) throw AppError.of('conflict', `${family.label} ${row.code} 已被他人修改，请刷新后重试`, 'version');
    const decision = decide(family.lifecycle, family.label, row, 'update', family.extraState?.words);
    if (!decision.ok) throw badRequest(decision.message);
    await approvalGateOf(family)?.(tx, who, 'update', [row]);
    const [current] = await repo.readValues(tx, family, who, [id]);
    const { id: _id, ...stored } = current;
    const merged = checkedValues(family, { ...stored, ...values }, problems, false);
    await checkedInDatabase(tx, family, who, id, merged);
    // without entitysub the child rows stay as they are, and the header is checked against them
    const storedRows = family.children ? await childRepo.lockChildren(tx, family.children, [id]) : [];
    if (family.children && rows) {
      strangerRows(family, family.children, rows, storedRows);
      staleRows(family.children, rows, storedRows);
    }
    if (family.children) await checkedChildren(tx, family, who, id, merged, rows ?? storedRows);
    const changed = Object.fromEntries(family.fields.filter((f) => f.updatable !== false).map((f) => [f.name, merged[f.name]]));
    await repo.updateRow(tx, family, who, id, changed);
    if (rows) await writeChildren(tx, family, who, id, rows, storedRows);
    await writeLog(tx, entryOf(who, updatedNote(family, row.code, stored, changed, rows ? rows.length : null)));
    return entityOrThrow(tx, family, who, id);
  });
}

/** Locks a batch; an id that is not the caller's company's is a 404 and nothing changes. */
async function lockedBatch(tx: Tx, family: DocumentFamily, who: RowScope, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.lockRows(tx, family, who, unique);
  const missing = unique.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw notFound(family, missing);
  return rows;
}

export async function stateAction(db: Database, family: DocumentFamily, who: RowScope, action: string, ids: string[]) {
  return writing(db, family, (tx) => stateActionIn(tx, family, who, action, ids));
}

/**
 * A state action inside the caller's transaction. `viaApproval`: the final approval of the
 * document's flow runs its audit (domain/workflow), which the approval gate lets through.
 */
export async function stateActionIn(tx: Tx, family: DocumentFamily, who: RowScope, action: string, ids: string[], opts: { viaApproval?: boolean } = {}) {
  const rows = await lockedBatch(tx, family, who, ids);
  const changes = rows.map((row) => {
    const decision = decide(family.lifecycle, family.label, row, action, family.extraState?.words);
    if (!decision.ok) throw badRequest(decision.message, 'ids');
    return decision.change;
  });
  if (!opts.viaApproval) await approvalGateOf(family)?.(tx, who, action, rows);
  const answer = family.onStateAction ? await family.onStateAction(tx, who, action, rows.map((r) => r.id)) : [];
  const { problems, warnings } = Array.isArray(answer) ? { problems: answer, warnings: [] } : answer;
  if (problems.length) throw badRequestWith(problems);
  // one transition table entry per action: every row of a batch takes the same change
  await repo.applyChange(tx, family, who, rows.map((r) => r.id), changes[0]);
  await writeLogs(tx, rows.map((r) => entryOf(who, stateNote(family, action, r.code))));
  return warnings.length ? { count: rows.length, warnings } : { count: rows.length };
}

export async function deleteList(db: Database, family: DocumentFamily, who: RowScope, ids: string[]) {
  return writing(db, family, async (tx) => {
    const rows = await lockedBatch(tx, family, who, ids);
    for (const row of rows) {
      const decision = decide(family.lifecycle, family.label, row, 'delete', family.extraState?.words);
      if (!decision.ok) throw badRequest(decision.message, 'ids');
    }
    await approvalGateOf(family)?.(tx, who, 'delete', rows);
    // an archive other companies were given is theirs too: withdraw it from them first
    const shared = await repo.allocatedElsewhere(tx, family, who, rows.map((r) => r.id));
    const first = rows.find((r) => shared.has(r.id));
    if (first) throw badRequest(`${family.label} ${first.code} 已分配给其他公司，请先取消分配再删除`, 'ids');
    const problems = family.checkDelete ? await family.checkDelete(tx, who, rows.map((r) => r.id)) : [];
    if (problems.length) throw badRequestWith(problems);
    try {
      if (family.children) await childRepo.deleteChildrenOf(tx, family.children, rows.map((r) => r.id));
      const count = await repo.deleteRows(tx, family, rows.map((r) => r.id));
      await writeLogs(tx, rows.map((r) => entryOf(who, stateNote(family, 'delete', r.code))));
      return { count };
    } catch (err) {
      const problem = constraintProblem(family, err);
      // "Key (org_id, id)=(1, 5) is still referenced from table md_ic_card": the row is the id
      const used = rows.find((r) => r.id === problem?.key.id);
      if (problem && used) throw badRequest(`${family.label} ${used.code} 已被其他单据或资料使用，不能删除`, 'ids');
      throw err;
    }
  });
}

/** A copy is a new row: a new number, the status of a new row, the original's unique marks cleared. */
function copyOf(family: DocumentFamily, source: EntityValues): EntityValues {
  const { id: _id, ...values } = source;
  values[family.code.field] = null;
  for (const column of family.copyClears ?? []) {
    const f = family.fields.find((d) => d.column === column);
    if (f) values[f.name] = f.default ?? null;
  }
  return values;
}

async function copyRows(tx: Tx, family: DocumentFamily, who: RowScope, ids: string[]): Promise<string[]> {
  await lockedBatch(tx, family, who, ids);
  const sources = await repo.readValues(tx, family, who, [...new Set(ids)]);
  const copies = sources.map((s) => copyOf(family, s));
  await fillCodes(tx, family, who, copies);
  if (family.copyMarks) {
    const marked = family.fields.find((f) => f.column === family.copyMarks);
    if (marked) for (const c of copies) c[marked.name] = `${c[marked.name]}(复制${c[family.code.field]})`;
  }
  const newIds = await repo.insertRows(tx, family, who, copies);
  if (family.children) await childRepo.copyChildren(tx, family.children, who, sources.map((s, i) => ({ from: s.id, to: newIds[i] })));
  const codeOf = (values: EntityValues) => String(values[family.code.field]);
  await writeLogs(tx, copies.map((c, i) => entryOf(who, stateNote(family, 'copy', codeOf(c), `复制自 ${sources[i][family.code.field] ?? sources[i].id}`))));
  return newIds;
}

export async function copyOne(db: Database, family: DocumentFamily, who: RowScope, id: string) {
  return writing(db, family, async (tx) => {
    const [newId] = await copyRows(tx, family, who, [id]);
    return entityOrThrow(tx, family, who, newId);
  });
}

export async function copyMany(db: Database, family: DocumentFamily, who: RowScope, ids: string[]) {
  return writing(db, family, async (tx) => ({ count: (await copyRows(tx, family, who, ids)).length }));
}

export async function allocateTo(db: Database, family: DocumentFamily, who: RowScope, ids: string[], orgIds: string[]) {
  if (family.scope.kind !== 'group') throw AppError.of('notFound');
  const allocTable = family.scope.allocTable;
  return writing(db, family, async (tx) => {
    const rows = await lockedBatch(tx, family, who, ids);
    const companies = await repo.groupCompanies(tx, who, [...new Set(orgIds)]);
    const stranger = orgIds.find((o) => !companies.has(o));
    if (stranger) throw badRequest(`组织 ${stranger} 不是本集团的公司`, 'orgIds');
    const count = await repo.allocate(tx, allocTable, who, [...new Set(ids)], [...companies.keys()]);
    await writeLogs(tx, rows.map((r) => entryOf(who, stateNote(family, 'allocate', r.code, `分配给 ${[...companies.values()].join('、')}`))));
    return { count };
  });
}

/**
 * Withdraws archives from companies. Refused, with nothing changed, when a company's rows still
 * use one (a vehicle of that carrier, a silo holding that material) or when it is the company
 * that created it, which keeps it.
 */
export async function cancelAllocation(db: Database, family: DocumentFamily, who: RowScope, ids: string[], orgIds: string[]) {
  if (family.scope.kind !== 'group') throw AppError.of('notFound');
  const allocTable = family.scope.allocTable;
  return writing(db, family, async (tx) => {
    const rows = await lockedBatch(tx, family, who, ids);
    const companies = await repo.groupCompanies(tx, who, [...new Set(orgIds)]);
    const stranger = orgIds.find((o) => !companies.has(o));
    if (stranger) throw badRequest(`组织 ${stranger} 不是本集团的公司`, 'orgIds');
    const owners = await tx.selectFrom(family.table as 'md_vendor').select(['id', 'org_id']).where('id', 'in', rows.map((r) => r.id)).execute();
    const owned = rows.find((r) => owners.some((o) => o.id === r.id && orgIds.includes(o.org_id)));
    if (owned) {
      const owner = owners.find((o) => o.id === owned.id)?.org_id as string;
      throw badRequest(`${family.label} ${owned.code} 由 ${companies.get(owner)} 创建，不能从该公司取消分配`, 'orgIds');
    }
    try {
      const count = await repo.cancelAllocations(tx, allocTable, rows.map((r) => r.id), [...companies.keys()]);
      await writeLogs(tx, rows.map((r) => entryOf(who, stateNote(family, 'cancelAllocate', r.code, `取消分配 ${[...companies.values()].join('、')}`))));
      return { count };
    } catch (err) {
      const problem = constraintProblem(family, err);
      if (!problem) throw err;
      // "Key (org_id, archive_id)=(2, 5) is still referenced from table md_vehicle"
      const orgId = problem.key.org_id;
      const used = rows.find((r) => r.id === problem.key.archive_id);
      throw badRequest(`${family.label} ${used?.code ?? problem.key.archive_id} 在 ${companies.get(orgId) ?? orgId} 仍被使用，不能取消分配`, 'ids');
    }
  });
}
