import type { FieldDefinition, FormatDefinition } from '@wb/protocol';
import { FORMAT_STYLE } from '@wb/protocol';
import { collectEntity } from './collect';
import type { Entity } from './form-api';
import { keyRows, type Row } from '../widgets/editable-table/rows';
import { validateRows } from '../widgets/editable-table/validate-rows';
import { createValues } from './initial-values';
import { toSaveValues } from './rules/save-values';
import { fromFormValue } from './rules/form-values';
import type { DefaultMacros } from './rules/defaults';

/** The blank child row of a new master-child record arrives about 200 ms after the form (spec section 4). */
export const FIRST_CHILD_ROW_DELAY_MS = 200;

export const isMasterChild = (format: Pick<FormatDefinition, 'formatStyle'>) => format.formatStyle === FORMAT_STYLE.masterChild;

/**
 * A master-child template lists both tables' fields in formSubList: a field whose customTable is
 * the child table (opations.son) is a column of the child table; the others are the main form.
 */
export function splitFields(format: Pick<FormatDefinition, 'formSubList' | 'opations'>): { main: FieldDefinition[]; child: FieldDefinition[] } {
  const son = format.opations.son;
  const isChild = (f: FieldDefinition) => son !== null && f.customTable === son;
  return { main: format.formSubList.filter((f) => !isChild(f)), child: format.formSubList.filter(isChild) };
}

/** Stored child rows as the table edits them: the table holds wire values, blanks as null. */
export function childRowsOf(stored: Entity[] | null): Row[] {
  return keyRows((stored ?? []).map((r) => toSaveValues(r)));
}

/** A new child row: each column's default, in wire form (a date default as its text). */
export function blankChildRow(child: FieldDefinition[], macros: Partial<DefaultMacros>): Entity {
  const { values } = createValues(child, macros);
  const row: Entity = {};
  for (const f of child) if (values[f.fieldName] !== undefined) row[f.fieldName] = fromFormValue(f, values[f.fieldName]);
  return row;
}

/** Child rows as saved: every child field in wire form, plus the row's id (and version) when stored. */
export function collectChildRows(child: FieldDefinition[], rows: Row[]): Entity[] {
  return rows.map((row, i) => {
    const out: Entity = collectEntity(child, row);
    if (row.id !== undefined) out.id = row.id;
    if (row.version !== undefined) out.version = row.version;
    if (!child.some((f) => f.fieldName === 'seq')) out.seq = i + 1;
    return out;
  });
}

/** The child table's problems, one message per failing row. */
export function childRowErrors(child: FieldDefinition[], rows: Row[], english = false): string[] {
  return validateRows(child, rows, english).map((p) => p.message);
}
