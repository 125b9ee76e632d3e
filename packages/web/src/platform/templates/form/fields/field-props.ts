import type { FieldDefinition } from '@wb/protocol';

/** What every field widget receives: antd's Form.Item hands it value and onChange. */
export interface FieldWidgetProps {
  field: FieldDefinition;
  /** Form.Item's id, so the label names the input */
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** every value of the form, for widgets that read or fill other fields */
  formValues?: Record<string, unknown>;
  /** the names of every field of the form, shown or not */
  fieldNames?: string[];
  /** fills other fields of the form (popups, autocomplete) */
  setFields?: (values: Record<string, unknown>) => void;
}

/** Textarea heights run from 1 to 4 rows (spec section 9). */
export function textareaRows(rows: number | null | undefined): number {
  if (!rows || !Number.isFinite(rows)) return 2;
  return Math.min(4, Math.max(1, Math.round(rows)));
}
