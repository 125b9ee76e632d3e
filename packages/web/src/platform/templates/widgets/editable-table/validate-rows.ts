import type { FieldDefinition } from '@wb/protocol';
import { checkFieldValue } from '../../form/rules/field-checks';
import type { Row } from './rows';

/** The first problem of each row, in grid wording ('{label}不能为空！'; in English from the English label). */
export function validateRows(fields: FieldDefinition[], rows: Row[], english = false): { key: string; field: string; message: string }[] {
  const problems: { key: string; field: string; message: string }[] = [];
  for (const row of rows) {
    for (const f of fields) {
      if (!f.ishow || f.ihidden) continue;
      const message = checkFieldValue(f, row[f.fieldName], { wording: 'grid', required: f.irequired, english });
      if (message) {
        problems.push({ key: row._key, field: f.fieldName, message });
        break;
      }
    }
  }
  return problems;
}

