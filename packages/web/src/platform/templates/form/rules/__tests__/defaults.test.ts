import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { parseRelativeDate, misconfiguredDefaultMessage } from '../relative-date';
import { defaultValueOf } from '../defaults';
import { field } from './field';

const today = dayjs('2026-11-21 14:05:09');
const fmt = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD HH:mm:ss');

describe('relative dates', () => {
  it("take 'now' as today from 00:00:00 to 23:59:59", () => {
    const r = parseRelativeDate('now', today)!;
    expect(fmt(r.start)).toBe('2026-11-21 00:00:00');
    expect(fmt(r.end)).toBe('2026-11-21 23:59:59');
  });
  it('move by years, months, days, hours, minutes and seconds', () => {
    expect(fmt(parseRelativeDate('now-1d', today)!.start)).toBe('2026-11-20 00:00:00');
    expect(fmt(parseRelativeDate('now+1M', today)!.end)).toBe('2026-12-21 23:59:59');
    expect(fmt(parseRelativeDate('now-1y', today)!.start)).toBe('2025-11-21 00:00:00');
    expect(fmt(parseRelativeDate('now+9h+30m-5s', today)!.start)).toBe('2026-11-21 09:29:55');
  });
  it('refuse anything else', () => {
    expect(parseRelativeDate('now-1w', today)).toBeNull();
    expect(parseRelativeDate('today', today)).toBeNull();
  });
});

describe('field defaults', () => {
  it('fill a range with both ends and a single date with the start', () => {
    const range = defaultValueOf(field({ fieldName: 'period', formSubmitType: 'DATA_RANGE_BOX_TIM', defaultValue: 'now' }), {}, today);
    expect((range.value as dayjs.Dayjs[]).map(fmt)).toEqual(['2026-11-21 00:00:00', '2026-11-21 23:59:59']);
    const single = defaultValueOf(field({ fieldName: 'd', formSubmitType: 'DATA_BOX_TIM', defaultValue: 'now-1d' }), {}, today);
    expect(fmt(single.value as dayjs.Dayjs)).toBe('2026-11-20 00:00:00');
  });
  it("warn '字段…默认值配置错误！' for a misconfigured date default", () => {
    const out = defaultValueOf(field({ fieldName: 'd', fieldExplain: '年审日期', formSubmitType: 'DATA_BOX', defaultValue: 'now-2x' }), {}, today);
    expect(out).toEqual({ value: null, warning: '字段年审日期默认值配置错误！' });
    expect(defaultValueOf(field({ fieldName: 'd', fieldExplain: '日期', formSubmitType: 'DATA_BOX', defaultValue: 'soon' }), {}, today).warning)
      .toBe(misconfiguredDefaultMessage('日期'));
  });
  it('start a switch on its default, else off', () => {
    expect(defaultValueOf(field({ fieldName: 'b', formSubmitType: 'BOOLEAN', defaultValue: 'true' }), {}).value).toBe(true);
    expect(defaultValueOf(field({ fieldName: 'b', formSubmitType: 'BOOLEAN' }), {}).value).toBe(false);
  });
  it('fill the current user and company macros', () => {
    const out = defaultValueOf(field({ fieldName: 'maker', formSubmitType: 'DEFAULT_VALUE', defaultValue: '{realName}' }), { realName: '张三' });
    expect(out.value).toBe('张三');
  });
  it('read numbers and multi-choices', () => {
    expect(defaultValueOf(field({ fieldName: 'n', formSubmitType: 'NUMBER', defaultValue: '1' }), {}).value).toBe(1);
    expect(defaultValueOf(field({ fieldName: 'm', formSubmitType: 'SELECT_MORE', defaultValue: 'a,b' }), {}).value).toEqual(['a', 'b']);
  });
});
