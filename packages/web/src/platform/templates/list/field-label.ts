import type { FieldDefinition } from '@wb/protocol';

/** A field's label in the screen's language (English falls back to the Chinese label). */
export const fieldLabel = (f: Pick<FieldDefinition, 'fieldExplain' | 'fieldExplainEn'>, english: boolean) =>
  english && f.fieldExplainEn ? f.fieldExplainEn : f.fieldExplain;
