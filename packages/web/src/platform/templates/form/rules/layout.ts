import type { FieldDefinition } from '@wb/protocol';
import { isWideField } from './submit-types';
import { controlAllows } from './control-value';

/**
 * Form layout (spec section 9): 4 columns, 8 for FORMAT_EIGHT_COLUMN_FROM (and the master-child
 * form's main part). A column pair is a label and its input, so a four-column form puts two
 * fields on a row and an eight-column form four; remarks and multi-line fields take the row.
 */
export const LABEL_WIDTH = 100;
export const FORM_MIN_WIDTH = 550;

export type FormColumns = 4 | 8;

export function columnsOf(formatStyle: string): FormColumns {
  return formatStyle === 'FORMAT_EIGHT_COLUMN_FROM' || formatStyle === 'FORMAT_MASTER_CHILD_FROM' ? 8 : 4;
}

/**
 * The antd grid spans (of 24) a field takes, by window size: the full column count from 1200 px
 * (where the dialog is wide enough), two fields on a row below it, one on a phone.
 */
export interface FieldSpan {
  xs: number;
  md: number;
  xl: number;
}

export function fieldSpan(field: Pick<FieldDefinition, 'formSubmitType' | 'fieldName'>, columns: FormColumns): FieldSpan {
  if (isWideField(field)) return { xs: 24, md: 24, xl: 24 };
  return { xs: 24, md: 12, xl: 24 / (columns / 2) };
}

export type FormMode = 'create' | 'create1' | 'update' | 'safeUpdate' | 'weigh';

export const isUpdateMode = (mode: FormMode) => mode === 'update' || mode === 'safeUpdate';

/** Shown at all: ishow on and ihidden off; a controlValue shows it only while its condition holds. */
export function isFieldShown(field: FieldDefinition, values: Record<string, unknown>): boolean {
  if (!field.ishow || field.ihidden) return false;
  return controlAllows(field.controlValue, values);
}

/** Read-only: a field not updatable (iupdate off) in an update, every field when weighing. */
export function isFieldReadOnly(field: Pick<FieldDefinition, 'iupdate' | 'formSubmitType'>, mode: FormMode): boolean {
  if (mode === 'weigh') return true;
  if (field.formSubmitType === 'CALCULATE' || field.formSubmitType === 'DEFAULT_VALUE') return true;
  return isUpdateMode(mode) && !field.iupdate;
}

/** Fields in their template order. */
export function orderedFields(fields: FieldDefinition[]): FieldDefinition[] {
  return [...fields].sort((a, b) => a.seq - b.seq);
}
