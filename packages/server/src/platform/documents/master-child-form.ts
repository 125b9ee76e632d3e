import type { FieldDef, TemplateDef } from '../templates/define';

/**
 * A family's form as a master-child form (FORMAT_MASTER_CHILD_FROM): the header's fields above an
 * editable table of the child rows. The web tells the table's columns by customTable = the child
 * table (opations.son), so each child field carries it; names are unique across both tables.
 */
export function masterChildForm(form: TemplateDef, sonTable: string, childFields: FieldDef[]): TemplateDef {
  const columns = childFields.map((f) => ({ ...f, customTable: sonTable }));
  const clash = columns.find((c) => form.fields.some((f) => f.fieldName === c.fieldName));
  if (clash) throw new Error(`template ${form.formatCode}: child field ${clash.fieldName} has the name of a header field`);
  return { ...form, formatStyle: 'FORMAT_MASTER_CHILD_FROM', sonTable, fields: [...form.fields, ...columns] };
}
