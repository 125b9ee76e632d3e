import { plantDateTimeText } from '@/platform/plant-time';
import type { AmendChange } from './api';

/** The contract values an amendment changes (domain/contract/amend.ts), in the plant's words. */
export const CHANGE_FIELDS = ['tolerance', 'validTo', 'quantity', 'price'] as const;

export interface HistoryRow { key: number; amendNo: string; line: string; field: string; before: string; after: string; when: string; who: string }

/** One row per changed value, oldest first as the server answers; a header value names no line. */
export function historyRows(changes: readonly AmendChange[], fieldWord: (field: string) => string): HistoryRow[] {
  return changes.map((c, i) => ({
    key: i, amendNo: c.amendNo, line: c.lineSeq === null ? '' : String(c.lineSeq), field: fieldWord(c.field),
    before: c.before ?? '', after: c.after ?? '', when: plantDateTimeText(c.changedAt), who: c.changedBy ?? '',
  }));
}
