import type { FieldDefinition, FormatDefinition } from '@wb/protocol';

/** A field's label in the screen's language (English falls back to the Chinese label). */
export const fieldLabel = (f: Pick<FieldDefinition, 'fieldExplain' | 'fieldExplainEn'>, english: boolean) =>
  english && f.fieldExplainEn ? f.fieldExplainEn : f.fieldExplain;

/** A template's name (form, popup and list titles) in the screen's language, falling back to the Chinese name. */
export const formatTitle = (f: Pick<FormatDefinition, 'formatName' | 'formatNameEn'>, english: boolean) =>
  english && f.formatNameEn ? f.formatNameEn : f.formatName;
