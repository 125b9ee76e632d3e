import type { Dayjs } from 'dayjs';
import type { FieldDefinition } from '@wb/protocol';
import { DATE_FORMAT, DATE_TIME_FORMAT, plantNow } from '@/platform/plant-time';
import { advancedKind, type AdvancedValues } from './search-body';

export { DATE_FORMAT, DATE_TIME_FORMAT };

/** A range searched by day (searchType datePickerRange) has no time of day and no default window. */
export const isDayRange = (f: Pick<FieldDefinition, 'searchType'>) => f.searchType === 'datePickerRange' || f.searchType === 'datePicker';

/**
 * The advanced dialog's default time window: today 09:30 to tomorrow 09:30 (spec section 9), the
 * plant's weighing day, which starts with the morning shift, on the plant's clock.
 */
export function defaultWindow(now: Dayjs = plantNow()): { from: string; to: string } {
  const start = now.hour(9).minute(30).second(0).millisecond(0);
  return { from: start.format(DATE_TIME_FORMAT), to: start.add(1, 'day').format(DATE_TIME_FORMAT) };
}

/** Blank values for every advanced field: text as 模糊查询 (like), time ranges with the default window, day ranges open. */
export function advancedDefaults(fields: readonly Pick<FieldDefinition, 'fieldName' | 'fieldType' | 'iallowAdvanceQuery' | 'searchType'>[], now?: Dayjs): AdvancedValues {
  const window = defaultWindow(now);
  const out: AdvancedValues = {};
  for (const f of fields) {
    if (!f.iallowAdvanceQuery) continue;
    const kind = advancedKind(f.fieldType);
    out[f.fieldName] =
      kind === 'range' ? (isDayRange(f) ? { kind, from: null, to: null } : { kind, from: window.from, to: window.to }) : kind === 'choice' ? { kind, value: undefined } : { kind, op: 'like', value: '' };
  }
  return out;
}
