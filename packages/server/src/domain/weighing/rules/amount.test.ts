import { describe, expect, it } from 'vitest';
import { basisAmount, NET_BASIS } from './amount';
import { T } from './fixtures.test-support';

const pricedAmount = (net: ReturnType<typeof T>, price: string | null, decimals: number, adjust?: string) => basisAmount(NET_BASIS, net, price, decimals, adjust);
const volume = (v: string | null) => ({ price_basis: 'VOLUME' as const, gauge_volume: v });

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

  it('prices a ticket per m3 on its gauged volume, never on its tons', () => {
    // 18.6 m3 x (85.50 - 2.25) = 1548.45; the net of 31.2 t plays no part
    expect(basisAmount(volume('18.600'), T('31.2'), '85.50', 2, '-2.25')).toEqual({ ok: true, amount: '1548.45' });
    expect(basisAmount(volume('18.600'), T('31.2'), '1e14', 2)).toEqual({ ok: false, message: '单价 100000000000000 过大：检尺方量 18.6 立方米 的金额不能大于或等于1000万亿' });
  });

  it('gives a ticket per m3 not gauged yet no amount, flagged as awaiting its gauging', () => {
    expect(basisAmount(volume(null), T('31.2'), '85.50', 2)).toEqual({ ok: true, amount: null, awaitingGauge: true });
  });
});
