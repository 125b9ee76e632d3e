import type { Dayjs } from 'dayjs';
import { fromPicker } from '@/platform/plant-time';
import { toDayjsPattern } from '../../form/rules/form-values';

/** Sample count of the date dialog: 0 to 500, 1 by default (spec section 5). */
export const SAMPLE_COUNT = { min: 0, max: 500, default: 1 } as const;

export function clampSampleCount(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return SAMPLE_COUNT.default;
  return Math.min(SAMPLE_COUNT.max, Math.max(SAMPLE_COUNT.min, Math.round(n)));
}

/** The date dialog's default format, yyyyMMdd (spec section 2). */
export const DATE_DIALOG_FORMAT = 'yyyyMMdd';

export function formatDialogDate(date: Dayjs | null | undefined, format = DATE_DIALOG_FORMAT): string | null {
  return fromPicker(date, toDayjsPattern(format));
}

/** The default assay items (spec section 9): water, Si, S, C and strength, codes 001 to 005. */
export interface AssayItem {
  code: string;
  name: string;
  nameEn: string;
}

export const DEFAULT_ASSAY_ITEMS: readonly AssayItem[] = [
  { code: '001', name: '水分', nameEn: 'Water' },
  { code: '002', name: 'Si', nameEn: 'Si' },
  { code: '003', name: 'S', nameEn: 'S' },
  { code: '004', name: 'C', nameEn: 'C' },
  { code: '005', name: '强度', nameEn: 'Strength' },
];

export const SELECT_AT_LEAST_ONE = '请至少选择一条数据';
