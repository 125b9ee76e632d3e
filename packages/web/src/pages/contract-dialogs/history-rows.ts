import type { Display } from '@/platform/display';
import { plantDateTimeText } from '@/platform/plant-time';
import type { AmendChange } from './api';

/** The contract values an amendment changes (domain/contract/amend.ts), in the plant's words. */
export const CHANGE_FIELDS = ['tolerance', 'validTo', 'quantity', 'price'] as const;

export interface HistoryRow { key: number; amendNo: string; line: string; field: string; before: string; after: string; when: string; who: string }

/** A changed value as the screens show it: a quantity as a weight with its unit, a price as money, a tolerance in %. */
export function changeValueText(field: string, value: string | null, display: Pick<Display, 'weight' | 'unitPrice'>): string {
  if (value === null || value === '') return '';
  if (field === 'quantity') return display.weight(value, { unit: true }) || value;
  if (field === 'price') return display.unitPrice(value) || value;
  if (field === 'tolerance') return `${value}%`;
  return value;
}

/** One row per changed value, oldest first as the server answers; a header value names no line. */
export function historyRows(changes: readonly AmendChange[], fieldWord: (field: string) => string, display: Pick<Display, 'weight' | 'unitPrice'>): HistoryRow[] {
  return changes.map((c, i) => ({
    key: i, amendNo: c.amendNo, line: c.lineSeq === null ? '' : String(c.lineSeq), field: fieldWord(c.field),
    before: changeValueText(c.field, c.before, display), after: changeValueText(c.field, c.after, display),
    when: plantDateTimeText(c.changedAt), who: c.changedBy ?? '',
  }));
}
