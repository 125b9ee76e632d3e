import type { DocumentChildren, DocumentFamily } from './define';

/**
 * The names a saved entity (or child row) may carry. Besides the writable fields, a form sends
 * back what get/{id} answered (readFields: names shown beside an id, read-only figures) and every
 * field its template shows, read-only ones included: those are ignored. A name no field, template
 * or answer knows is a mistake of the caller (a misspelt field) and is refused, so it is never
 * dropped without a word while the rest is saved.
 */
const RECORD_KEYS = ['id', 'version'];

function fieldNames(fields: DocumentChildren['fields']): string[] {
  return fields.flatMap((f) => (f.byCode ? [f.name, f.byCode.name] : [f.name]));
}

const entityCache = new WeakMap<DocumentFamily, Set<string>>();
const childCache = new WeakMap<DocumentFamily, Set<string>>();

/** The names an entity of the family may carry. */
export function entityKeys(family: DocumentFamily): Set<string> {
  let known = entityCache.get(family);
  if (!known) {
    const shown = family.forms.flatMap((t) => t.fields.filter((f) => !f.customTable).map((f) => f.fieldName));
    // get/{id} answers the child rows inside the entity, and a form may send the record back whole
    const answered = [...family.readFields.map((r) => r.name), ...(family.children ? ['entitysub'] : [])];
    known = new Set([...RECORD_KEYS, ...fieldNames(family.fields), ...answered, ...shown]);
    entityCache.set(family, known);
  }
  return known;
}

/** The names a child row of the family may carry: its fields, what get/{id} answers for it, the child table's columns in the form, and its place. */
export function childKeys(family: DocumentFamily): Set<string> {
  let known = childCache.get(family);
  if (!known) {
    const children = family.children;
    const shown = family.forms.flatMap((t) => t.fields.filter((f) => f.customTable).map((f) => f.fieldName));
    const own = children ? [...fieldNames(children.fields), ...children.readFields.map((r) => r.name)] : [];
    // the web numbers rows it sends (seq) when the child table shows no seq column; the order is the array's anyway
    known = new Set([...RECORD_KEYS, 'seq', ...own, ...shown]);
    childCache.set(family, known);
  }
  return known;
}

/** The keys of a sent object that are not among the known names, in the order sent. */
export const unknownKeys = (known: Set<string>, sent: Record<string, unknown>) => Object.keys(sent).filter((k) => !known.has(k));
