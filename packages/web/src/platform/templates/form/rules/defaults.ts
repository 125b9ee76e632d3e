import dayjs, { type Dayjs } from 'dayjs';
import { plantNow } from '@/platform/plant-time';
import type { FieldDefinition } from '@wb/protocol';
import { looksRelative, misconfiguredDefaultMessage, parseRelativeDate } from './relative-date';
import { toFormValue } from './form-values';
import { baseSubmitType, isDateType, isRangeType } from './submit-types';

/**
 * Default macros (spec section 6): the current user, company and group, written in braces in a
 * field's defaultValue ({userId}, {realName}, {orgId}, {orgName}, {groupId}, {groupName}).
 */
export interface DefaultMacros {
  userId: string;
  username: string;
  realName: string;
  orgId: string;
  orgName: string;
  groupId: string;
  groupName: string;
}

export type DefaultOutcome = { value: unknown; warning: string | null };

function fillMacros(text: string, macros: Partial<DefaultMacros>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = macros[name as keyof DefaultMacros];
    return v === undefined ? whole : v;
  });
}

function dateDefault(field: FieldDefinition, text: string, today: Dayjs): DefaultOutcome {
  const warn = { value: null, warning: misconfiguredDefaultMessage(field.fieldExplain) };
  if (looksRelative(text)) {
    const range = parseRelativeDate(text, today);
    if (!range) return warn;
    return { value: isRangeType(field.formSubmitType) ? [range.start, range.end] : range.start, warning: null };
  }
  const value = toFormValue(field, text);
  const ok = isRangeType(field.formSubmitType) ? Array.isArray(value) : dayjs.isDayjs(value) && value.isValid();
  return ok ? { value, warning: null } : warn;
}

/** A field's starting value in a new record: its defaultValue read for its type. */
export function defaultValueOf(field: FieldDefinition, macros: Partial<DefaultMacros>, today: Dayjs = plantNow()): DefaultOutcome {
  const type = baseSubmitType(field.formSubmitType);
  const raw = field.defaultValue;
  // a switch starts on false unless told otherwise (spec: switch defaults true/false)
  if (type === 'BOOLEAN') return { value: raw === 'true' || raw === '1', warning: null };
  if (raw === null || raw === undefined || raw.trim() === '') return { value: undefined, warning: null };
  if (isDateType(type)) return dateDefault(field, raw.trim(), today);
  const text = fillMacros(raw, macros);
  if (type === 'NUMBER' || type === 'CALCULATE') {
    const n = Number(text);
    return Number.isFinite(n) ? { value: n, warning: null } : { value: undefined, warning: misconfiguredDefaultMessage(field.fieldExplain) };
  }
  return { value: toFormValue(field, text), warning: null };
}
