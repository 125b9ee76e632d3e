import { describe, expect, it } from 'vitest';
import { advancesToDeduct, decideClaim, freightTotals, type ClaimedTicket, type FreightSettleRow } from './rules';

const row = (o: Partial<FreightSettleRow>): FreightSettleRow => ({
  ticketId: '1', ticketNo: 'T1', basisWeight: '30', freightPrice: '20', freightAmount: '600', shortage: '0', lossCharge: '0', taxRate: '9', freightTax: '49.541', freightWithoutTax: '550.459', ...o,
});

describe('freight settlement totals', () => {
  it('pays freight minus loss charges minus fuel advances, with the freight\'s tax row by row', () => {
    const rows = [
      row({ ticketId: '1', ticketNo: 'T1', basisWeight: '30', freightAmount: '600' }),
      row({ ticketId: '2', ticketNo: 'T2', basisWeight: '28.5', freightAmount: '570', shortage: '0.2', lossCharge: '100', freightTax: '47.064', freightWithoutTax: '522.936' }),
    ];
    const t = freightTotals(rows, [{ id: 'a', amount: '300' }]);
    expect(t).toEqual({
      ok: true,
      value: {
        ticketCount: 2, totalBasis: '58.5', totalFreight: '1170', totalLoss: '100', totalFuel: '300', payable: '770', payableTax: '96.61', payableWithoutTax: '673.39',
        freightTax: '96.605', freightWithoutTax: '1073.395', rounding: { amount: '0', tax: '0.005', amountExTax: '-0.005' },
      },
    });
  });

  it('pays rows of 1,101.375 as 1,101.38 (half up), the 0.005 its rounding row; banker\'s and down as the plant says', () => {
    const rows = [row({ basisWeight: '25', freightPrice: '44.055', freightAmount: '1101.375', freightTax: '90.939', freightWithoutTax: '1010.436' })];
    const t = freightTotals(rows, []);
    expect(t.ok && t.value).toMatchObject({ totalFreight: '1101.375', payable: '1101.38', payableTax: '90.94', payableWithoutTax: '1010.44', rounding: { amount: '0.005', tax: '0.001', amountExTax: '0.004' } });
    expect(freightTotals(rows, [], 'halfEven').ok && (freightTotals(rows, [], 'halfEven') as { value: { payable: string } }).value.payable).toBe('1101.38');
    const down = freightTotals(rows, [], 'down');
    expect(down.ok && down.value).toMatchObject({ payable: '1101.37', rounding: { amount: '-0.005' } });
  });

  it('refuses a sum no money column holds, naming it', () => {
    const t = freightTotals([row({ freightAmount: '999999999999999' }), row({ freightAmount: '1' })], []);
    expect(t).toEqual({ ok: false, message: '运费合计不能大于或等于1000万亿' });
  });

});

describe('fuel advances deducted', () => {
  it('takes whole advances oldest first while what is left to pay stays at or above zero', () => {
    const open = [{ id: 'a', amount: '300' }, { id: 'b', amount: '500' }, { id: 'c', amount: '200' }];
    // 700 left: a (300) fits, b (500) does not (400 left), c (200) fits
    expect(advancesToDeduct('700', open).map((a) => a.id)).toEqual(['a', 'c']);
    expect(advancesToDeduct('1000', open).map((a) => a.id)).toEqual(['a', 'b', 'c']);
    expect(advancesToDeduct('0', open)).toEqual([]);
  });
});

describe('claiming tickets', () => {
  const S = { kind: 'pu', kindLabel: '采购', carrierId: 'c1' };
  const t = (o: Partial<ClaimedTicket>): ClaimedTicket => ({ ticketNo: 'T1', kind: 'pu', carrierId: 'c1', counted: true, freightSettledByNo: null, ...o });
  it('takes the carrier\'s counted unsettled tickets', () => {
    expect(decideClaim(S, ['1'], new Map([['1', t({})]]))).toBeNull();
  });
  it('refuses a ticket another freight settlement holds, naming it', () => {
    expect(decideClaim(S, ['1'], new Map([['1', t({ freightSettledByNo: 'YFJS0001' })]]))).toBe('磅单 T1 已被运费结算 YFJS0001 锁定');
  });
  it('refuses another carrier\'s ticket, an uncounted one, a missing one and none', () => {
    expect(decideClaim(S, ['1'], new Map([['1', t({ carrierId: 'c2' })]]))).toBe('磅单 T1 不是该承运商的磅单');
    expect(decideClaim(S, ['1'], new Map([['1', t({ kind: 'sa' })]]))).toBe('磅单 T1 不是采购磅单');
    expect(decideClaim(S, ['1'], new Map([['1', t({ counted: false })]]))).toBe('磅单 T1 未完成或已作废，不能结算');
    expect(decideClaim(S, ['9'], new Map())).toBe('磅单不存在: 9');
    expect(decideClaim(S, [], new Map())).toBe('请选择磅单');
  });
});
