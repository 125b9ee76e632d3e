import { describe, expect, it } from 'vitest';
import { pricedAmount } from './amount';
import { T } from './fixtures.test-support';

describe('a ticket amount as stored', () => {
  it('is net x price at money precision, and none without a price', () => {
    expect(pricedAmount(T('33.82'), '12.345', 2)).toEqual({ ok: true, amount: '417.51' });
    expect(pricedAmount(T('33.82'), null, 2)).toEqual({ ok: true, amount: null });
  });

  it('refuses, naming the price, an amount no money column holds (1e15 and over)', () => {
    expect(pricedAmount(T('100'), '9999999999999.99', 2)).toEqual({ ok: true, amount: '999999999999999' });
    expect(pricedAmount(T('100'), '10000000000000', 2)).toEqual({ ok: false, message: '单价 10000000000000 过大：净重 100 吨 的金额不能大于或等于1000万亿' });
  });

  it('prices the net at the price plus the quality price change', () => {
    expect(pricedAmount(T('33.82'), '500', 2, '-7.5')).toEqual({ ok: true, amount: '16656.35' });
    expect(pricedAmount(T('33.82'), null, 2, '-7.5')).toEqual({ ok: true, amount: null });
  });
});
