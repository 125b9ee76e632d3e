import { describe, expect, it } from 'vitest';
import { formatNumber, periodKey } from './rules';

describe('document numbers', () => {
  const rule = { prefix: 'CGTZ', datePattern: 'yyyyMMdd' as const, serialWidth: 4, resetPeriod: 'DAILY' as const };

  it('puts prefix, date and the padded serial together', () => {
    expect(formatNumber(rule, '20261121', 1)).toBe('CGTZ202611210001');
    expect(formatNumber({ ...rule, datePattern: 'yyMM' }, '20261121', 37)).toBe('CGTZ26110037');
    expect(formatNumber({ ...rule, datePattern: null, prefix: 'GYS' }, '20261121', 13)).toBe('GYS0013');
  });

  it('writes a serial past its width in full rather than repeat a number', () => {
    expect(formatNumber(rule, '20261121', 10000)).toBe('CGTZ2026112110000');
  });

  it('restarts the serial by day, month, year or never', () => {
    expect(periodKey({ resetPeriod: 'DAILY' }, '20261121')).toBe('20261121');
    expect(periodKey({ resetPeriod: 'MONTHLY' }, '20261121')).toBe('202611');
    expect(periodKey({ resetPeriod: 'YEARLY' }, '20261121')).toBe('2026');
    expect(periodKey({ resetPeriod: 'NEVER' }, '20261121')).toBe('');
  });
});
