import type { ChangeNote } from '../audit/log';
import type { DocumentFamily, EntityValues } from './define';

/**
 * What the operation log says of a document action (pure): the family, the document's code and,
 * for an edit, the fields that changed with their values before and after. Secrets are never
 * document fields, so every changed field may be shown.
 */
const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '空';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const same = (a: unknown, b: unknown) => shown(a) === shown(b)
  // 12.5 and '12.5000' are the same figure: NUMERIC comes back with its scale
  || (a !== null && b !== null && a !== '' && b !== '' && !Number.isNaN(Number(a)) && Number(a) === Number(b));

export function changedFields(family: DocumentFamily, before: EntityValues, after: EntityValues): string[] {
  return family.fields
    .filter((f) => f.name in after && !same(before[f.name], after[f.name]))
    .map((f) => `${f.label} ${shown(before[f.name])} -> ${shown(after[f.name])}`);
}

export const createdNote = (family: DocumentFamily, code: unknown, rows?: number): ChangeNote => ({
  action: 'create', family: family.logLabel ?? family.label, docNo: shown(code), detail: rows ? `明细 ${rows} 行` : null,
});

export function updatedNote(family: DocumentFamily, code: unknown, before: EntityValues, after: EntityValues, rows: number | null): ChangeNote {
  const changes = changedFields(family, before, after);
  if (rows !== null) changes.push(`明细 ${rows} 行`);
  return { action: 'update', family: family.logLabel ?? family.label, docNo: shown(code), detail: changes.length ? changes.join('；') : '无变化' };
}

export const stateNote = (family: DocumentFamily, action: string, code: string, detail?: string): ChangeNote => ({
  action, family: family.logLabel ?? family.label, docNo: code, detail: detail ?? null,
});
