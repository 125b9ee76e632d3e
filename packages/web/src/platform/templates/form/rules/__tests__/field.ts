import type { FieldDefinition } from '@wb/protocol';

/** A template field with the migration's defaults, overridden where a test cares. */
export function field(over: Partial<FieldDefinition> & { fieldName: string }): FieldDefinition {
  return {
    id: over.fieldName, fieldExplain: over.fieldName, fieldExplainEn: null, fieldType: 'TEXT', formSubmitType: 'ONE_TXT',
    options: [], defaultValue: null, tipsMessage: null, seq: 0, ishow: true, ihidden: false, iupdate: true, irequired: false,
    iallowQuery: false, iallowAdvanceQuery: false, itotal: false, imerge: false, isortField: false, idefinedSort: false,
    sortMethod: null, columnWidth: null, fixed: null, calculate: null, customTable: null, classType: null, cgValidate: null,
    cgValFormat: null, cgFormatResId: null, controlValue: null, rows: null, searchType: null,
    ...over,
  };
}
