import type { FieldDefinition } from '@wb/protocol';
import { moneyText, plainDecimal } from './cell-value';

/**
 * The 合计 row's cells, one per shown column: the first shows the label, a totalled field its
 * sum from tongji, the rest nothing. The sums are the server's (over every matching row, not the page).
 */
export function totalsRow(shown: readonly (Pick<FieldDefinition, 'fieldName' | 'itotal'> & Partial<Pick<FieldDefinition, 'classType'>>)[], tongji: Record<string, unknown> | undefined): (string | null)[] {
  return shown.map((f) => {
    if (!f.itotal || !tongji) return null;
    const v = tongji[f.fieldName];
    if (v === null || v === undefined) return null;
    return f.classType === 'MONEY' ? moneyText(String(v)) : plainDecimal(String(v));
  });
}

export const hasTotals = (fields: readonly Pick<FieldDefinition, 'itotal' | 'ishow' | 'ihidden'>[]) => fields.some((f) => f.itotal && f.ishow && !f.ihidden);
