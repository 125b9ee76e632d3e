import { describe, expect, it } from 'vitest';
import type { ReportParam } from '@wb/protocol';
import { macroValues, resolveParams, type ReportReader } from './params';
import { pageOf, REPORT_PAGE_SIZE_MAX, sortOf, withSubtotals } from './rules';

const reader: ReportReader = {
  userId: '7', username: 'acc', realName: '张会计', orgId: '1', orgName: '华东水泥', groupId: '3', groupName: '华东集团',
  orgs: [{ id: '1', name: '华东水泥' }, { id: '2', name: '华东建材' }], admin: false, roles: [],
};
const TZ = 'Asia/Shanghai';
// 16:30 UTC on 30 November is already 1 December at the plant
const NIGHT = new Date('2026-11-30T16:30:00Z');

const params: ReportParam[] = [
  { key: 'day', title: '过磅日期', titleEn: 'Day', type: 'date', default: '${yesterday}' },
  { key: 'range', title: '期间', titleEn: 'Period', type: 'dateRange', default: '${monthStart},${today}' },
  { key: 'month', title: '月份', titleEn: 'Month', type: 'month', default: '${monthStart}' },
  { key: 'year', title: '年度', titleEn: 'Year', type: 'year', default: '${yearStart}' },
  { key: 'org', title: '组织', titleEn: 'Org', type: 'org' },
  { key: 'maker', title: '制表人', titleEn: 'Maker', type: 'text', default: '${userName}@${orgName}' },
  { key: 'material', title: '物料', titleEn: 'Material', type: 'material' },
  { key: 'min', title: '最小净重', titleEn: 'Min net', type: 'number' },
];

describe('report parameters', () => {
  it('resolves the macros in the plant\'s zone, across the day boundary', () => {
    expect(macroValues(reader, TZ, NIGHT)).toEqual({
      today: '2026-12-01', yesterday: '2026-11-30', monthStart: '2026-12-01', yearStart: '2026-01-01',
      userId: '7', userName: '张会计', orgId: '1', orgName: '华东水泥', groupId: '3', groupName: '华东集团',
    });
    expect(macroValues(reader, 'UTC', NIGHT).today).toBe('2026-11-30');
  });

  it('fills defaults, types every value and lets a report hide a parameter at its own default', () => {
    expect(resolveParams({ params }, null, {}, reader, TZ, NIGHT)).toEqual({
      day: '2026-11-30', rangeFrom: '2026-12-01', rangeTo: '2026-12-01', month: '2026-12', year: '2026', org: '1',
      maker: '张会计@华东水泥', material: null, min: null,
    });
    const sent = { day: '2026-11-02', range: ['2026-11-01', '2026-11-30'], org: '2', material: '42', min: '1.5' };
    expect(resolveParams({ params }, null, sent, reader, TZ, NIGHT)).toMatchObject({ day: '2026-11-02', rangeFrom: '2026-11-01', rangeTo: '2026-11-30', org: '2', material: '42', min: 1.5 });
    const hidden = { params: [{ key: 'org', hidden: true }, { key: 'day', default: '${today}' }] };
    expect(resolveParams({ params }, hidden, sent, reader, TZ, NIGHT)).toMatchObject({ org: '1', day: '2026-11-02' });
    expect(resolveParams({ params }, hidden, {}, reader, TZ, NIGHT)).toMatchObject({ day: '2026-12-01' });
  });

  it('refuses with the parameter\'s title: an impossible day, a reversed range, another company, a bad id or number, an unknown macro', () => {
    const refuse = (raw: unknown, def: Parameters<typeof resolveParams>[1] = null) => {
      try {
        resolveParams({ params }, def, raw, reader, TZ, NIGHT);
      } catch (e) {
        return { status: (e as { status: number }).status, msg: (e as Error).message };
      }
      return null;
    };
    expect(refuse({ day: '2026-02-30' })).toEqual({ status: 400, msg: '过磅日期不是真实的日期：2026-02-30' });
    expect(refuse({ range: ['2026-11-30', '2026-11-01'] })?.msg).toBe('期间的开始日期不能晚于结束日期');
    expect(refuse({ range: ['2026-11-30'] })?.msg).toMatch(/^期间/);
    expect(refuse({ org: '9' })?.msg).toBe('组织不是您所属的组织');
    expect(refuse({ material: '1 OR 1=1' })?.msg).toBe('物料应为编号');
    expect(refuse({ min: 'ten' })?.msg).toBe('最小净重应为数字');
    expect(refuse({ month: '2026-13' })?.msg).toMatch(/^月份/);
    expect(refuse({}, { params: [{ key: 'maker', default: '${password}' }] })?.msg).toMatch(/^制表人.*password/);
    expect(refuse('day=1')?.status).toBe(400);
  });
});

describe('report paging and sorting', () => {
  it('caps the page size and refuses a page that is not one', () => {
    expect(pageOf(undefined)).toEqual({ pn: 1, ps: 50 });
    expect(pageOf({ pn: 3, ps: 1_000_000 })).toEqual({ pn: 3, ps: REPORT_PAGE_SIZE_MAX });
    expect(() => pageOf({ pn: -1 })).toThrow(/页码/);
    expect(() => pageOf({ ps: 'all' })).toThrow(/每页/);
  });

  it('sorts on the dataset\'s fields only, else in the report\'s own order', () => {
    const ds = { fields: [{ key: 'net', title: '净重', titleEn: 'Net', type: 'weight' as const }] };
    expect(sortOf(ds, { sort: [{ key: 'net', dir: 'desc' }, { key: 'gone', dir: 'asc' }] }, undefined)).toEqual([{ key: 'net', dir: 'desc' }]);
    expect(sortOf(ds, null, { key: 'net' })).toEqual([{ key: 'net', dir: 'asc' }]);
    expect(() => sortOf(ds, null, [{ key: 'net; DROP TABLE x' }])).toThrow(/排序/);
  });

  it('puts a subtotal after its group\'s last row only when the group ends on the page', () => {
    const rows = [{ g: 'a', v: 1 }, { g: 'a', v: 2 }, { g: 'b', v: 3 }];
    const subs = new Map([['1:["a"]', { g: 'a', v: 3 }], ['1:["b"]', { g: 'b', v: 3 }]]);
    // a page of one row, the next row of the same group peeked: no subtotal yet
    expect(withSubtotals(rows.slice(0, 2), 1, ['g'], subs)).toEqual([{ g: 'a', v: 1 }]);
    expect(withSubtotals(rows.slice(1, 3), 1, ['g'], subs)).toEqual([{ g: 'a', v: 2 }, { g: 'a', v: 3, __group: { level: 1, key: 'a' } }]);
    expect(withSubtotals(rows.slice(2), 1, ['g'], subs)).toEqual([{ g: 'b', v: 3 }, { g: 'b', v: 3, __group: { level: 1, key: 'b' } }]);
  });
});
