import type { FormInstance } from 'antd';
import type { FieldDefinition } from '@wb/protocol';
import { normaliseIdNumber } from '@wb/protocol';
import { controlAllows } from './rules/control-value';
import { fromFormValue } from './rules/form-values';
import { toSaveValue } from './rules/save-values';
import { isIdNumberField } from './rules/field-checks';
import { isPlateField, plateToSave } from './rules/plate-entry';
import type { Entity } from './form-api';

/** The outcome of a save attempt: a failed validation still hands over the data (spec section 5). */
export interface FormSubmission {
  valid: boolean;
  data: Entity;
  errors: string[];
}

function saveValueOf(field: FieldDefinition, formValue: unknown): unknown {
  const value = toSaveValue(fromFormValue(field, formValue));
  if (typeof value !== 'string') return value;
  if (isPlateField(field.fieldName)) return plateToSave(value);
  if (isIdNumberField(field)) return normaliseIdNumber(value);
  return value;
}

/**
 * The entity a form saves: every template field in its wire form; a field hidden by its
 * controlValue is sent empty (a trailer plate typed before 'no trailer' was chosen is not kept).
 */
export function collectEntity(fields: FieldDefinition[], values: Record<string, unknown>): Entity {
  const out: Entity = {};
  for (const field of fields) {
    out[field.fieldName] = controlAllows(field.controlValue, values) ? saveValueOf(field, values[field.fieldName]) : null;
  }
  return out;
}

interface ValidateError { errorFields?: { errors: string[] }[]; values?: Record<string, unknown> }

/** Validates every shown field, then collects; the first message of each failing field is reported. */
export async function submitForm(form: FormInstance, fields: FieldDefinition[]): Promise<FormSubmission> {
  try {
    await form.validateFields();
    return { valid: true, data: collectEntity(fields, form.getFieldsValue(true)), errors: [] };
  } catch (err) {
    const failed = err as ValidateError;
    if (!failed.errorFields) throw err;
    const errors = failed.errorFields.map((f) => f.errors[0]).filter((m): m is string => Boolean(m));
    return { valid: false, data: collectEntity(fields, form.getFieldsValue(true)), errors };
  }
}
