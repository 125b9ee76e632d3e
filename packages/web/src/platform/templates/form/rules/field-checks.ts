import type { FieldDefinition } from '@wb/protocol';
import { checkCurrency, validateIdNumber } from '@wb/protocol';
import { fieldLabel } from '../../list/field-label';
import { isBlank, requiredMessage, type RequiredWording } from './required';
import { isMultiValued } from './submit-types';

export const EMAIL_MESSAGE = '邮箱格式错误!';
export const DIGITS_MESSAGE = '只能输入数字!';

/** Fields that hold counts or card-number ranges: digits only (spec section 5). */
const DIGITS_ONLY_FIELDS = new Set(['startCode', 'endCode', 'num', 'carryOverNum']);

// The common shape mail servers accept: something@host.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Named = Pick<FieldDefinition, 'fieldName' | 'classType'>;
/** By name (email, idNumber, driverIdNumber, ...) or by the template's classType. */
export const isEmailField = (f: Named) => f.classType === 'email' || f.fieldName === 'email' || /Email$/.test(f.fieldName);
export const isIdNumberField = (f: Named) => f.classType === 'idNumber' || f.fieldName === 'idNumber' || /IdNumber$/.test(f.fieldName);
export const isDigitsOnlyField = (fieldName: string) => DIGITS_ONLY_FIELDS.has(fieldName);
/** Amount fields: the template marks them with classType MONEY (or CURRENCY). */
export const isCurrencyField = (field: Pick<FieldDefinition, 'classType'> & Partial<Pick<FieldDefinition, 'displayKind'>>) =>
  field.displayKind === 'money' || /^(MONEY|CURRENCY)$/i.test(field.classType ?? '');

/** The template's own pattern: an empty value passes, otherwise it must match (spec: cgValidate). */
export function checkCustomPattern(field: Pick<FieldDefinition, 'cgValidate' | 'fieldExplain'>, value: unknown): string | null {
  const rule = field.cgValidate;
  if (!rule?.validateMethod || isBlank(value)) return null;
  let pattern: RegExp;
  try {
    pattern = toRegExp(rule.validateMethod);
  } catch {
    // a pattern the browser cannot read is the template's fault, not the user's input
    return null;
  }
  return pattern.test(String(value)) ? null : rule.validateTitle || `${field.fieldExplain}格式错误!`;
}

/** '/^\d+$/i' as written in a template, or a bare pattern. */
export function toRegExp(text: string): RegExp {
  const literal = /^\/(.*)\/([dgimsuy]*)$/s.exec(text);
  return literal ? new RegExp(literal[1], literal[2].replace('g', '')) : new RegExp(text);
}

export interface CheckContext {
  wording: RequiredWording;
  /** the field is required for this check (irequired, and not hidden) */
  required: boolean;
  /** the screen is in English: the required message uses the field's English label */
  english?: boolean;
}

/**
 * The first problem of one value, in the order a user fixes them: missing, then the template's
 * pattern, then the rules named fields carry (email, id number, digits, amount). null when fine.
 */
export function checkFieldValue(field: FieldDefinition, value: unknown, ctx: CheckContext): string | null {
  if (isBlank(value)) {
    if (!ctx.required) return null;
    const wording = ctx.wording === 'form' && isMultiValued(field.formSubmitType) ? 'multi' : ctx.wording;
    return requiredMessage(fieldLabel(field, ctx.english ?? false), wording, ctx.english);
  }
  const custom = checkCustomPattern(field, value);
  if (custom) return custom;
  const text = typeof value === 'string' ? value.trim() : String(value);
  if (isEmailField(field) && !EMAIL.test(text)) return EMAIL_MESSAGE;
  if (isIdNumberField(field)) return validateIdNumber(text);
  if (isDigitsOnlyField(field.fieldName) && !/^\d+$/.test(text)) return DIGITS_MESSAGE;
  if (isCurrencyField(field)) return checkCurrency(value);
  return null;
}
