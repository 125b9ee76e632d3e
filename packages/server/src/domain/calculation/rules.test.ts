import { describe, expect, it } from 'vitest';
import { decide } from '../../platform/documents/lifecycle';
import { calcRow, calcTotals, calculationLifecycle, decideCalculate, decideLock, decideUnlock, LOCK_STATE_WORDS, type CalcFacts, type TicketNow } from './rules';

const ticket = {
  id: '7', ticketNo: 'XSBD202611250001', completedAt: new Date('2026-11-25T08:00:00Z'), materialId: '3', net: '25', price: '10', amount: '250',
  priceBasis: 'NET' as const, gaugeVolume: null as string | null,
};
const rule = (price: string) => ({ price, source: 'PRICE_RULE' as const, ref: '9', label: '价格规则 JG1' });

describe('a ticket\'s row', () => {
  it('sets the price in force against the price carried, with the difference', () => {
    const row = calcRow(ticket, rule('12'), 2);
    expect(row).toEqual({ ok: true, value: expect.objectContaining({ priceCarried: '10', priceInForce: '12', priceSource: 'PRICE_RULE', amountCarried: '250', amountInForce: '300', difference: '50' }) });
  });

  it('rounds the amount in force to the company\'s money decimals, in decimals', () => {
    const row = calcRow({ ...ticket, net: '0.333', price: '0.1', amount: '0.03' }, rule('0.1'), 2);
    expect(row.ok && row.value).toMatchObject({ amountInForce: '0.03', difference: '0' });
    const down = calcRow({ ...ticket, net: '24.5', amount: '245' }, rule('9.99'), 2);
    expect(down.ok && down.value).toMatchObject({ amountInForce: '244.76', difference: '-0.24' });
  });

  it('keeps the ticket\'s own price where no source knows one, and counts a ticket without a price as 0', () => {
    expect(calcRow(ticket, null, 2)).toMatchObject({ ok: true, value: { priceInForce: '10', priceSource: null, difference: '0' } });
    expect(calcRow({ ...ticket, price: null, amount: null }, rule('12'), 2)).toMatchObject({ ok: true, value: { amountCarried: '0', amountInForce: '300', difference: '300' } });
  });

  it('prices a ticket on the basis of the price in force: per m3 of its gauged volume, not its tons', () => {
    const gauged = { ...ticket, net: '31.2', price: '80', amount: '1488', priceBasis: 'VOLUME' as const, gaugeVolume: '18.600' };
    // 18.6 m3 x 85.5 = 1590.30 (on its 31.2 t it would be 2667.60)
    expect(calcRow(gauged, { ...rule('85.5'), basis: 'VOLUME' }, 2)).toMatchObject({
      ok: true, value: { priceBasis: 'VOLUME', gaugeVolume: '18.6', amountCarried: '1488', amountInForce: '1590.3', difference: '102.3' },
    });
    // no source knows a price: the ticket's own per m3 stands
    expect(calcRow(gauged, null, 2)).toMatchObject({ ok: true, value: { priceBasis: 'VOLUME', amountInForce: '1488', difference: '0' } });
    // a rule per ton in force prices the tons again
    expect(calcRow(gauged, rule('50'), 2)).toMatchObject({ ok: true, value: { priceBasis: 'NET', amountInForce: '1560' } });
  });

  it('refuses a ticket whose price in force is per m3 and that is not gauged, naming it', () => {
    expect(calcRow(ticket, { ...rule('85.5'), basis: 'VOLUME' }, 2)).toEqual({ ok: false, message: '磅单 XSBD202611250001 按检尺方量计价，尚未检尺，请先检尺再计算' });
  });

  it('refuses an amount no money column holds, naming the ticket', () => {
    expect(calcRow(ticket, rule('999999999999999'), 2)).toMatchObject({ ok: false, message: expect.stringMatching(/^磅单 XSBD202611250001：单价 999999999999999 过大/) });
  });
});

describe('totals', () => {
  it('adds the rows exactly', () => {
    const rows = ['0.1', '0.2'].map((p) => (calcRow({ ...ticket, net: '1', price: '0', amount: '0' }, rule(p), 4) as { value: Parameters<typeof calcTotals>[0][number] }).value);
    expect(calcTotals(rows)).toEqual({ ok: true, value: { ticketCount: 2, totalNet: '2', totalCarried: '0', totalInForce: '0.3', totalDifference: '0.3' } });
  });
});

describe('lock and unlock', () => {
  const open: CalcFacts = { name: '销售计算 XSJS202611250001', lockState: 'OPEN', calculatedVersion: 3, version: 3 };
  const self = { kind: 'SA_CALCULATION', id: '1', no: 'XSJS202611250001' };
  const rows = [{ ticketNo: 'XSBD202611250001', net: '25', priceCarried: '10', amountCarried: '250' }];
  const now = (over: Partial<TicketNow> = {}): TicketNow => ({ ticketNo: 'XSBD202611250001', counted: true, net: '25.0000', price: '10.0000', amount: '250.0000', lock: null, ...over });

  it('locks a calculation computed and unchanged since, whose tickets still carry its figures', () => {
    expect(decideLock(open, self, rows, [now()])).toBeNull();
    expect(decideLock(open, self, rows, [now({ lock: { ...self } })])).toBeNull();
  });

  it('asks for a calculation first, and refuses an empty one', () => {
    expect(decideLock({ ...open, calculatedVersion: null }, self, rows, [now()])).toBe('销售计算 XSJS202611250001 未计算或计算后已修改，请先计算');
    expect(decideLock({ ...open, version: 4 }, self, rows, [now()])).toBe('销售计算 XSJS202611250001 未计算或计算后已修改，请先计算');
    expect(decideLock(open, self, [], [])).toBe('销售计算 XSJS202611250001 没有磅单，不能锁磅');
    expect(decideLock({ ...open, lockState: 'LOCKED' }, self, rows, [now()])).toBe('销售计算 XSJS202611250001 已锁磅，不能重复锁磅');
  });

  it('names the document that holds a ticket already', () => {
    expect(decideLock(open, self, rows, [now({ lock: { kind: 'SA_CALCULATION', id: '2', no: 'XSJS202611250002' } })])).toBe('磅单 XSBD202611250001 已被销售计算 XSJS202611250002 锁定');
  });

  it('refuses a ticket changed, voided or gone since the calculation', () => {
    const stale = '磅单 XSBD202611250001 自计算后已变更，请重新计算';
    expect(decideLock(open, self, rows, [now({ net: '24' })])).toBe(stale);
    expect(decideLock(open, self, rows, [now({ price: '11' })])).toBe(stale);
    expect(decideLock(open, self, rows, [now({ amount: '251' })])).toBe(stale);
    expect(decideLock(open, self, rows, [now({ counted: false })])).toBe(stale);
    expect(decideLock(open, self, rows, [null])).toBe(stale);
  });

  it('computes and edits an open calculation only, and unlocks a locked one only', () => {
    expect(decideCalculate(open)).toBeNull();
    expect(decideCalculate({ ...open, lockState: 'LOCKED' })).toBe('销售计算 XSJS202611250001 已锁磅，不能重新计算，请先解锁');
    expect(decideUnlock(open)).toBe('销售计算 XSJS202611250001 未锁磅，不能解锁');
    expect(decideUnlock({ ...open, lockState: 'LOCKED' })).toBeNull();
    const state = (extra: string) => ({ code: 'XSJS202611250001', status: 'FREE' as const, enabled: true, extra });
    expect(decide(calculationLifecycle, '销售计算', state('OPEN'), 'delete').ok).toBe(true);
    expect(decide(calculationLifecycle, '销售计算', state('LOCKED'), 'update', LOCK_STATE_WORDS)).toEqual({ ok: false, message: '销售计算 XSJS202611250001 已锁磅，不能修改' });
  });
});
