/**
 * The three wordings of a missing required value (spec section 5): an editable grid checks a
 * cell on blur, a form says what must be filled, a multi-select asks for at least one choice.
 * In English the same three, built from the field's English label.
 */
export type RequiredWording = 'grid' | 'form' | 'multi';

export function requiredMessage(label: string, wording: RequiredWording, english = false): string {
  if (english) return englishRequiredMessage(label, wording);
  if (wording === 'grid') return `${label}不能为空！`;
  if (wording === 'multi') return `至少选择一项${label}`;
  return `必须填写${label}`;
}

function englishRequiredMessage(label: string, wording: RequiredWording): string {
  if (wording === 'grid') return `${label} is required!`;
  if (wording === 'multi') return `Choose at least one ${label}`;
  return `Please fill in ${label}`;
}

/** Empty for the required check: nothing, blank text or no choice. false and 0 are values. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0 || value.every((v) => isBlank(v));
  return false;
}
