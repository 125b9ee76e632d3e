import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { advancedDefaults, defaultWindow } from '../advanced-defaults';

describe('advanced query defaults', () => {
  it('opens the time window from today 09:30 to tomorrow 09:30', () => {
    expect(defaultWindow(dayjs('2026-11-21T23:59:10'))).toEqual({ from: '2026-11-21 09:30:00', to: '2026-11-22 09:30:00' });
    expect(defaultWindow(dayjs('2026-12-31T01:00:00'))).toEqual({ from: '2026-12-31 09:30:00', to: '2027-01-01 09:30:00' });
  });
  it('starts text as 模糊查询, choices blank, times on the window and days open, for advanced fields only', () => {
    const fields = [
      { fieldName: 'plateNumber', fieldType: 'TEXT', iallowAdvanceQuery: true, searchType: 'input' },
      { fieldName: 'plateType', fieldType: 'ENUM', iallowAdvanceQuery: true, searchType: 'comboxSingle' },
      { fieldName: 'createDate', fieldType: 'DATE', iallowAdvanceQuery: true, searchType: 'dateTimePickerRange' },
      { fieldName: 'annualReviewDate', fieldType: 'DATE', iallowAdvanceQuery: true, searchType: 'datePickerRange' },
      { fieldName: 'carType', fieldType: 'TEXT', iallowAdvanceQuery: false, searchType: 'input' },
    ];
    expect(advancedDefaults(fields, dayjs('2026-11-21T12:00:00'))).toEqual({
      plateNumber: { kind: 'text', op: 'like', value: '' },
      plateType: { kind: 'choice', value: undefined },
      createDate: { kind: 'range', from: '2026-11-21 09:30:00', to: '2026-11-22 09:30:00' },
      annualReviewDate: { kind: 'range', from: null, to: null },
    });
  });
});
