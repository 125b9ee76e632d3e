import { AppError, badRequestWith } from '../http/errors';
import { isId } from '@wb/protocol';
import type { ChildProblem, ChildRow, DocumentChildren } from './define';
import { missingRequired, parseEntity } from './fields';

/**
 * Reading a document's child rows (`entitysub`) before any SQL runs (pure). Each row is the whole
 * row as the child table shows it: a field left out takes its default. A row with an id is that
 * stored child (the write checks it belongs to this document); the seq is the row's place.
 */

function idOf(raw: Record<string, unknown>): { id: string | null; ok: boolean } {
  const v = raw.id;
  if (v === undefined || v === null || v === '') return { id: null, ok: true };
  const text = typeof v === 'number' && Number.isInteger(v) ? String(v) : typeof v === 'string' ? v.trim() : '';
  return isId(text) && text !== '0' ? { id: text, ok: true } : { id: null, ok: false };
}

/** The version a stored row was read at, when the request says it (the form sends it back). */
function versionOf(raw: Record<string, unknown>): number | undefined {
  const v = typeof raw.version === 'string' && /^\d{1,9}$/.test(raw.version) ? Number(raw.version) : raw.version;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;
}

/** One row's problems: its cells, then the required ones, then the family's check across fields. */
function rowProblems(children: DocumentChildren, row: number, raw: Record<string, unknown>, values: Record<string, unknown>, cellProblems: { field: string | null; message: string }[]): ChildProblem[] {
  const problems = cellProblems.map((p) => ({ row, field: p.field ?? 'entitysub', message: p.message }));
  const skipped = children.seq ? [children.seq.field] : [];
  for (const p of missingRequired(children.fields, values, skipped)) {
    if (!problems.some((q) => q.field === p.field)) problems.push({ row, field: p.field ?? 'entitysub', message: p.message });
  }
  if (!idOf(raw).ok) problems.unshift({ row, field: 'id', message: `${children.label}的编号应为数字` });
  if (problems.length === 0 && children.validate) problems.push(...children.validate(values).map((p) => ({ row, ...p })));
  return problems;
}

/** Values a unique child field holds twice within the document, and the same stored row given twice. */
function repeats(children: DocumentChildren, rows: ChildRow[]): ChildProblem[] {
  const problems: ChildProblem[] = [];
  for (const f of children.fields.filter((d) => d.unique)) {
    const seen = new Map<string, number>();
    rows.forEach((r, i) => {
      const v = r.values[f.name];
      if (v === null || v === undefined) return;
      const earlier = seen.get(String(v));
      const shown = f.options?.find((o) => o.value === v)?.label ?? String(v);
      if (earlier) problems.push({ row: i + 1, field: f.name, message: `${f.label} ${shown} 与第${earlier}行重复` });
      else seen.set(String(v), i + 1);
    });
  }
  const ids = new Map<string, number>();
  rows.forEach((r, i) => {
    if (!r.id) return;
    const earlier = ids.get(r.id);
    if (earlier) problems.push({ row: i + 1, field: 'id', message: `与第${earlier}行是同一条${children.label}` });
    else ids.set(r.id, i + 1);
  });
  return problems;
}

/** The child rows of a create or update, read and checked; their order gives the seq (from 1). */
export function readChildRows(children: DocumentChildren, raw: Record<string, unknown>[]): { rows: ChildRow[]; problems: ChildProblem[] } {
  const problems: ChildProblem[] = [];
  const rows = raw.map((entity, i) => {
    const { values, problems: cells } = parseEntity(children.fields, entity, 'create');
    if (children.seq) values[children.seq.field] = i + 1;
    problems.push(...rowProblems(children, i + 1, entity, values, cells.filter((p) => p.field !== children.seq?.field)));
    const version = versionOf(entity);
    return version === undefined ? { id: idOf(entity).id, values } : { id: idOf(entity).id, values, version };
  });
  problems.push(...repeats(children, rows));
  return { rows, problems };
}

/** Where a problem is, as the request names it: entitysub.{index}.{field}. */
export const childPath = (p: ChildProblem) => (p.row === null ? 'entitysub' : `entitysub.${p.row - 1}.${p.field}`);

/** The message names the row as the child table counts it: 第2行 控制点不能为空！ */
export const childMessage = (p: ChildProblem) => (p.row === null ? p.message : `第${p.row}行 ${p.message}`);

/** A 400 listing every child problem (first row first); the first is the message. */
export function childRowsRefused(problems: ChildProblem[]): AppError {
  const ordered = [...problems].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return badRequestWith(ordered.map((p) => ({ row: p.row, field: childPath(p), message: childMessage(p) })));
}
