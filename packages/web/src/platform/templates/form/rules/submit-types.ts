import { ADMIN_FORM_SUBMIT_TYPES } from '@wb/protocol';

/** The form submit types the renderer knows (spec section 3), one renderer each. */
export const SUBMIT_TYPES = ADMIN_FORM_SUBMIT_TYPES;
export type SubmitType = (typeof SUBMIT_TYPES)[number];

/**
 * A DATA_BOX_TIM may carry its display pattern after the type name ('DATA_BOX_TIM_yyyy-MM-dd HH:mm':
 * the text after the 13th character, spec section 9); the renderer keys on the base name.
 */
export function baseSubmitType(type: string | null | undefined): string {
  if (!type) return 'ONE_TXT';
  if (type.startsWith('DATA_BOX_TIM_')) return 'DATA_BOX_TIM';
  return type;
}

export function isKnownSubmitType(type: string | null | undefined): boolean {
  return (SUBMIT_TYPES as readonly string[]).includes(baseSubmitType(type));
}

const MULTI = new Set(['SELECT_MORE', 'MULTIPLE_SELECTION', 'RESOURCE_CONTROLS_MORE', 'RESOURCE_CONTROLS_MORE_FOLD']);
/** Types that hold several choices: their required message asks for at least one. */
export const isMultiValued = (type: string | null | undefined) => MULTI.has(baseSubmitType(type));

const WIDE = new Set(['MORE_TXT', 'TEXTAREA', 'TEXTAREA_SENTENCE', 'RESOURCE_CONTROLS_MORE_FOLD']);
/** Remarks and multi-line fields take a whole row (spec section 9). */
export function isWideField(field: { formSubmitType: string | null; fieldName: string }): boolean {
  return WIDE.has(baseSubmitType(field.formSubmitType)) || /^remarks?$/i.test(field.fieldName);
}

const DATES = new Set(['DATA_BOX', 'DATA_BOX_TIM', 'DATA_RANGE_BOX', 'DATA_RANGE_BOX_TIM', 'TIME_BOX_TIM', 'TIME_RANGE_BOX']);
export const isDateType = (type: string | null | undefined) => DATES.has(baseSubmitType(type));
const RANGES = new Set(['DATA_RANGE_BOX', 'DATA_RANGE_BOX_TIM', 'TIME_RANGE_BOX']);
export const isRangeType = (type: string | null | undefined) => RANGES.has(baseSubmitType(type));
