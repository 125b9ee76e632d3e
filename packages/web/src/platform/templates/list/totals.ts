import { DISPLAY_DEFAULTS, formatByKind, type DisplayParams, type FieldDefinition } from '@wb/protocol';
import { displayKindOf } from '../../display/format';
import { plainDecimal } from './cell-value';

/**
 * The 合计 row's cells, one per shown column: the first shows the label, a totalled field its
 * sum from tongji (money, a unit price or a weight in the plant's format), the rest nothing. The
 * sums are the server's (over every matching row, not the page).
 */
export function totalsRow(
  shown: readonly (Pick<FieldDefinition, 'fieldName' | 'itotal'> & Partial<Pick<FieldDefinition, 'classType' | 'displayKind' | 'fieldType'>>)[],
  tongji: Record<string, unknown> | undefined,
  display: DisplayParams = DISPLAY_DEFAULTS,
): (string | null)[] {
  return shown.map((f) => {
    if (!f.itotal || !tongji) return null;
    const v = tongji[f.fieldName];
    if (v === null || v === undefined) return null;
    const kind = displayKindOf(f);
    return kind ? formatByKind(kind, v, display) || String(v) : plainDecimal(String(v));
  });
}

export const hasTotals = (fields: readonly Pick<FieldDefinition, 'itotal' | 'ishow' | 'ihidden'>[]) => fields.some((f) => f.itotal && f.ishow && !f.ihidden);
