import type { FieldDefinition, FormatDefinition } from '@wb/protocol';

type Row = Record<string, unknown>;

/** One child table of a detail: its name, its fields and its rows. */
export interface DetailTable {
  table: string;
  fields: FieldDefinition[];
  rows: Row[];
}

const fieldsOf = (t: Pick<FormatDefinition, 'formSubList' | 'listSubList'>) => (t.formSubList.length ? t.formSubList : t.listSubList);

/**
 * A detail template's fields split into the main record's and each child table's: a field whose
 * customTable names a table is a column of that table (as in master-child forms), in the order the
 * tables first appear. The template's son table comes first.
 */
export function splitDetailFields(template: Pick<FormatDefinition, 'formSubList' | 'listSubList' | 'opations'>): { main: FieldDefinition[]; tables: { table: string; fields: FieldDefinition[] }[] } {
  const fields = fieldsOf(template);
  const names = [...new Set(fields.map((f) => f.customTable).filter((t): t is string => Boolean(t)))];
  const son = template.opations.son;
  const ordered = son && names.includes(son) ? [son, ...names.filter((n) => n !== son)] : names;
  return {
    main: fields.filter((f) => !f.customTable),
    tables: ordered.map((table) => ({ table, fields: fields.filter((f) => f.customTable === table) })),
  };
}

/**
 * The rows of a child table in a detail answer: the son table's are `entitysub`, any other
 * table's are `subTables[table]`; a table the answer lacks has none.
 */
export function rowsOfTable(data: unknown, table: string, son: string | null): Row[] {
  if (!data || typeof data !== 'object') return [];
  const d = data as { entitysub?: unknown; subTables?: Record<string, unknown> };
  const own = d.subTables?.[table];
  if (Array.isArray(own)) return own as Row[];
  return table === son && Array.isArray(d.entitysub) ? (d.entitysub as Row[]) : [];
}

/** The main record and every child table of a detail answer, as a tabbed detail shows them. */
export function detailTables(template: Pick<FormatDefinition, 'formSubList' | 'listSubList' | 'opations'>, data: unknown): { main: FieldDefinition[]; tables: DetailTable[] } {
  const { main, tables } = splitDetailFields(template);
  return { main, tables: tables.map((t) => ({ ...t, rows: rowsOfTable(data, t.table, template.opations.son) })) };
}
