import type { FieldDefinition, FormatDefinition } from '@wb/protocol';

/** A field's label in the screen's language (English falls back to the Chinese label). */
export const fieldLabel = (f: Pick<FieldDefinition, 'fieldExplain' | 'fieldExplainEn'>, english: boolean) =>
  english && f.fieldExplainEn ? f.fieldExplainEn : f.fieldExplain;

/** A template's name (form, popup and list titles) in the screen's language, falling back to the Chinese name. */
export const formatTitle = (f: Pick<FormatDefinition, 'formatName' | 'formatNameEn'>, english: boolean) =>
  english && f.formatNameEn ? f.formatNameEn : f.formatName;

/** A field whose choices read in the screen's language: each option's English label where it has one. */
export function withOptionLabels<F extends Pick<FieldDefinition, 'options'>>(f: F, english: boolean): F {
  if (!english || !f.options.some((o) => o.labelEn)) return f;
  return { ...f, options: f.options.map((o) => (o.labelEn ? { ...o, label: o.labelEn } : o)) };
}
