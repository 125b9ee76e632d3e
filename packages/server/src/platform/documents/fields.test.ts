import { describe, expect, it } from 'vitest';
import type { DocField } from './define';
import { missingRequired, parseEntity, parseValue } from './fields';

const f = (type: DocField['type'], extra: Partial<DocField> = {}): DocField => ({ name: 'x', column: 'x', label: '字段', type, ...extra });
const value = (field: DocField, raw: unknown) => parseValue(field, raw);

describe('reading a value', () => {
  it('makes blank null and trims text', () => {
    expect(value(f('text'), '  ')).toEqual({ ok: true, value: null });
    expect(value(f('text'), ' a ')).toEqual({ ok: true, value: 'a' });
    expect(value(f('text', { maxLength: 2 }), 'abc')).toEqual({ ok: false, message: '字段不能超过2个字符' });
  });

  it('keeps numbers exact, within scale and bounds', () => {
    expect(value(f('number', { scale: 3 }), '12.5')).toEqual({ ok: true, value: '12.500' });
    expect(value(f('number', { scale: 3 }), 0.1 + 0.2)).toEqual({ ok: false, message: '字段最多3位小数' });
    expect(value(f('number', { scale: 4, below: 1e15 }), '1000000000000000')).toEqual({ ok: false, message: '字段应小于1000000000000000' });
    expect(value(f('number', { min: 0 }), '-1')).toEqual({ ok: false, message: '字段不能小于0' });
    expect(value(f('number'), 'abc')).toEqual({ ok: false, message: '字段应为数字' });
  });

  it('reads a JSON number as the same value typed, so both meet the bounds alike on either side', () => {
    const tons = f('number', { scale: 4, below: 1e10 });
    for (const raw of [1e20, '100000000000000000000', 1e308]) expect(value(tons, raw)).toEqual({ ok: false, message: '字段应小于10000000000' });
    for (const raw of [-1e20, '-100000000000000000000', -1e10]) expect(value(tons, raw)).toEqual({ ok: false, message: '字段应大于-10000000000' });
    expect(value(tons, 1e-4)).toEqual({ ok: true, value: '0.0001' });
    expect(value(f('number', { scale: 4, min: 0, below: 1e10 }), -1e20)).toEqual({ ok: false, message: '字段不能小于0' });
  });

  it('reads 是/否, dates with or without a time, options by value or label, ids', () => {
    expect(value(f('boolean'), '是')).toEqual({ ok: true, value: true });
    expect(value(f('boolean'), 'maybe')).toEqual({ ok: false, message: '字段应为是或否' });
    expect(value(f('date'), '2026-02-28 10:00:00')).toEqual({ ok: true, value: '2026-02-28' });
    expect(value(f('date'), new Date(Date.UTC(2026, 1, 28)))).toEqual({ ok: true, value: '2026-02-28' });
    expect(value(f('date'), '2026-02-30').ok).toBe(false);
    const options = [{ value: 'YARD', label: '露天堆场' }];
    expect(value(f('enum', { options }), '露天堆场')).toEqual({ ok: true, value: 'YARD' });
    expect(value(f('enum', { options }), 'X').ok).toBe(false);
    expect(value(f('id'), 12)).toEqual({ ok: true, value: '12' });
    expect(value(f('id'), '1; DROP').ok).toBe(false);
  });
});

describe('reading an entity', () => {
  const fields: DocField[] = [
    { name: 'code', column: 'code', label: '编码', type: 'text', updatable: false },
    { name: 'name', column: 'name', label: '名称', type: 'text', required: true },
    { name: 'on', column: 'on', label: '启用', type: 'boolean', default: true },
  ];

  it('fills defaults on create and takes only present, updatable fields on update', () => {
    expect(parseEntity(fields, { name: 'a', id: '5', extra: 'ignored' }, 'create').values).toEqual({ code: null, name: 'a', on: true });
    expect(parseEntity(fields, { code: 'C', name: 'b' }, 'update').values).toEqual({ name: 'b' });
  });

  it("says '{label}不能为空！' for a required field left empty", () => {
    expect(missingRequired(fields, { name: null })).toEqual([{ field: 'name', message: '名称不能为空！' }]);
  });
});

describe('a time range', () => {
  it('reads two times of day, as the web sends them or as text, and keeps them as from,to', () => {
    expect(value(f('timeRange'), ['06:00:00', '22:00:00'])).toEqual({ ok: true, value: '06:00:00,22:00:00' });
    expect(value(f('timeRange'), '6:00, 22:30')).toEqual({ ok: true, value: '06:00:00,22:30:00' });
    // a night shift ends the next morning
    expect(value(f('timeRange'), ['22:00:00', '06:00:00'])).toEqual({ ok: true, value: '22:00:00,06:00:00' });
    expect(value(f('timeRange'), [])).toEqual({ ok: true, value: null });
  });

  it('refuses anything else', () => {
    expect(value(f('timeRange'), ['06:00:00'])).toEqual({ ok: false, message: '字段应为两个时间 HH:mm:ss' });
    expect(value(f('timeRange'), ['06:00:00', '24:00:00'])).toEqual({ ok: false, message: '字段应为两个时间 HH:mm:ss' });
    expect(value(f('timeRange'), 42)).toEqual({ ok: false, message: '字段应为两个时间 HH:mm:ss' });
  });
});

describe('a time of day', () => {
  it('reads one time as the web sends it or as typed, and keeps it as HH:mm:ss', () => {
    expect(value(f('time'), '08:30:00')).toEqual({ ok: true, value: '08:30:00' });
    expect(value(f('time'), ' 8:05 ')).toEqual({ ok: true, value: '08:05:00' });
    expect(value(f('time'), '')).toEqual({ ok: true, value: null });
  });

  it('refuses anything else', () => {
    expect(value(f('time'), '24:00')).toEqual({ ok: false, message: '字段应为时间 HH:mm:ss' });
    expect(value(f('time'), ['08:00:00'])).toEqual({ ok: false, message: '字段应为时间 HH:mm:ss' });
    expect(value(f('time'), 800)).toEqual({ ok: false, message: '字段应为时间 HH:mm:ss' });
  });
});

describe('a day range', () => {
  it('reads two days, as the web sends them or as text, and keeps them as from,to', () => {
    expect(value(f('dateRange'), ['2026-02-10', '2026-02-17'])).toEqual({ ok: true, value: '2026-02-10,2026-02-17' });
    expect(value(f('dateRange'), '2026-02-10, 2026-02-10')).toEqual({ ok: true, value: '2026-02-10,2026-02-10' });
    expect(value(f('dateRange'), [])).toEqual({ ok: true, value: null });
  });

  it('refuses anything else, and an end before the start', () => {
    expect(value(f('dateRange'), ['2026-02-10'])).toEqual({ ok: false, message: '字段应为两个日期 yyyy-MM-dd' });
    expect(value(f('dateRange'), ['2026-02-10', 'soon'])).toEqual({ ok: false, message: '字段应为两个日期 yyyy-MM-dd' });
    expect(value(f('dateRange'), 42)).toEqual({ ok: false, message: '字段应为两个日期 yyyy-MM-dd' });
    expect(value(f('dateRange'), ['2026-02-17', '2026-02-10'])).toEqual({ ok: false, message: '字段的结束日期不能早于开始日期' });
  });
});
