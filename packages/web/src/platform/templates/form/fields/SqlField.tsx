import { lazy, Suspense } from 'react';
import type { FieldWidgetProps } from './field-props';
import { TextareaField } from './SimpleFields';

// CodeMirror is its own chunk, loaded when a form first shows an SQL field
const SqlEditor = lazy(() => import('@/platform/sql-editor/SqlEditor'));

/**
 * TEXTAREA_SENTENCE, the spec's SQL editor: the text in CodeMirror with PostgreSQL highlighting (the
 * report centre's editor); while its code loads, the plain text area stands in with the same value.
 */
export function SqlField(props: FieldWidgetProps) {
  const { id, value, onChange, disabled } = props;
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <Suspense fallback={<TextareaField {...props} sql />}>
      <SqlEditor id={id} value={text} onChange={(v) => onChange?.(v)} readOnly={disabled} minHeight="96px" testId={`sql-field-${props.field.fieldName}`} />
    </Suspense>
  );
}
