import { describe, expect, it } from 'vitest';
import type { GroupCockpit, GroupCockpitPlant } from '@wb/protocol';
import { moneyChartOptions, plantName, stockChartOptions, tonsChartOptions, tonsTotal } from '../cockpit-charts';

const plant = (orgCode: string, orgName: string, orgNameEn: string | null, p: Partial<GroupCockpitPlant>): GroupCockpitPlant => ({
  orgId: orgCode, orgCode, orgName, orgNameEn, member: true, inPlant: 0,
  today: { pu: '0', sa: '0', al: '0', tr: '0' }, month: { pu: '0', sa: '0', al: '0', tr: '0' }, stockTons: '0', stockByClass: [],
  receiptsCents: 0, consumedCents: 0, unsettledCents: 0, openInterventions: 0, openApprovals: 0, ...p,
});
const data: GroupCockpit = {
  day: '2026-11-28', monthStart: '2026-11-01',
  plants: [
    plant('HDJC', '华东建材', 'East Trading', {
      today: { pu: '5', sa: '0', al: '0', tr: '0' }, unsettledCents: 1234,
      stockTons: '12.5', stockByClass: [{ classId: '7', classCode: '02', className: '成品', tons: '12.5' }],
    }),
    plant('HDSN', '华东水泥', null, {
      today: { pu: '10.5', sa: '20.25', al: '3', tr: '4.125' }, receiptsCents: 100050, consumedCents: 20025,
      stockTons: '123.5', stockByClass: [{ classId: '3', classCode: '01', className: '原料', tons: '100' }, { classId: '7', classCode: '02', className: '成品', tons: '23.5' }],
    }),
  ],
};
const tx = { receipts: '收款(元)', consumed: '消费(元)', unsettled: '未结算(元)' } as Parameters<typeof moneyChartOptions>[1];

describe('the group cockpit charts', () => {
  it('puts the plants side by side on the axis, a bar per kind of weighing', () => {
    const o = tonsChartOptions(data, false);
    expect(o.xAxis.data).toEqual(['华东建材', '华东水泥']);
    expect(o.series.map((s) => s.name)).toEqual(['采购', '销售', '调拨', '移库']);
    expect(o.series[0].data).toEqual([5, 10.5]);
    expect(o.series[3].data).toEqual([0, 4.125]);
    // English names where a plant has one
    expect(tonsChartOptions(data, true).xAxis.data).toEqual(['East Trading', '华东水泥']);
  });

  it('charts the money in yuan per plant, and sums a plant\'s tons for the table', () => {
    const o = moneyChartOptions(data, tx, false);
    expect(o.series.map((s) => [s.name, s.data])).toEqual([['收款(元)', [0, 1000.5]], ['消费(元)', [0, 200.25]], ['未结算(元)', [12.34, 0]]]);
    expect(tonsTotal(data.plants[1].today)).toBeCloseTo(37.875, 6);
    expect(plantName(data.plants[1], true)).toBe('华东水泥');
  });

  it('stacks each plant\'s stock by material class, every class any plant holds, 0 where a plant has none', () => {
    const o = stockChartOptions(data, false);
    expect(o.xAxis.data).toEqual(['华东建材', '华东水泥']);
    expect(o.series.map((s) => [s.name, s.stack, s.data])).toEqual([['原料', 'stock', [0, 100]], ['成品', 'stock', [12.5, 23.5]]]);
  });
});
