import { describe, expect, it } from 'vitest';
import { basisQuantity, basisText, decideExamine, decidePayment, decideUnexamine, settleRow, settleTotals, settleWagonRow, stateAfterPayment, type SettleFacts, type SettleRow, type SettleTicket } from './rules';
import Decimal from 'decimal.js';

const ticket = (o: Partial<SettleTicket> = {}): SettleTicket => ({
  id: '1', ticketNo: 'CG1', completedAt: null, materialId: '9', noticeId: null, contractId: null, basis: 'OUR_NET', net: '25', shipped: '30',
  qualityDeduction: '0', siteDeductions: {}, price: '10', qualityPriceAdjust: '0', taxRate: null, ...o,
});
const row = (o: Partial<SettleTicket> = {}) => {
  const r = settleRow(ticket(o), 2);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe('a settlement row', () => {
  it('settles our net before the quality deduction, the shipped quantity or the lesser, less the quality deduction', () => {
    // net 24 after a 1 t quality deduction: before it 25
    expect(row({ net: '24', qualityDeduction: '1' }).quantity).toBe('24');
    expect(row({ net: '24', qualityDeduction: '1', basis: 'SHIPPED' }).quantity).toBe('29');
    expect(row({ net: '24', qualityDeduction: '1', basis: 'LESSER' }).quantity).toBe('24');
    expect(row({ net: '32', shipped: '30', basis: 'LESSER' }).quantity).toBe('30');
    // no shipped quantity stated: our net
    expect(row({ basis: 'SHIPPED', shipped: null }).quantity).toBe('25');
    expect(basisQuantity('LESSER', new Decimal('25'), '30').toFixed()).toBe('25');
  });

  it('prices at the ticket\'s price plus the quality price change; a ticket without a price at 0', () => {
    expect(row({ qualityPriceAdjust: '-0.5' })).toMatchObject({ unitPrice: '9.5', amount: '237.5' });
    expect(row({ price: null })).toMatchObject({ unitPrice: '0', amount: '0', unitPriceExTax: '0' });
  });

  it('splits the amount into tax and amount without tax that add up exactly; unit price without tax 0 at quantity 0', () => {
    const r = row({ taxRate: '13' });
    expect(r).toMatchObject({ amount: '250', amountExTax: '221.24', tax: '28.76', unitPriceExTax: '8.8496' });
    expect(new Decimal(r.tax).plus(r.amountExTax).eq(r.amount)).toBe(true);
    expect(row({ net: '0', basis: 'OUR_NET', taxRate: '13' })).toMatchObject({ quantity: '0', amount: '0', unitPriceExTax: '0' });
  });

  it('refuses an amount no money column holds, naming the ticket', () => {
    expect(settleRow(ticket({ price: '999999999999999' }), 2)).toEqual({ ok: false, message: '磅单 CG1 的金额不能大于或等于1000万亿' });
  });
  it('settles a ticket priced per m3 on its gauged volume: quantity the m3, amount m3 x unit price', () => {
    // 17.331 m3 x (45.5 - 6) = 684.5745 -> 684.57; the 25 t (or the shipped 30 t) play no part
    const r = row({ priceBasis: 'VOLUME', gaugeVolume: '17.331', price: '45.5', qualityPriceAdjust: '-6', basis: 'SHIPPED', taxRate: '13' });
    expect(r).toMatchObject({ priceBasis: 'VOLUME', quantity: '17.331', unitPrice: '39.5', amount: '684.57', amountExTax: '605.81', tax: '78.76' });
    expect(basisText(r)).toBe('按检尺方量 17.331m³ 计价；对方原发：我方 25，原发 30，取 30；无扣重');
  });

  it('refuses a ticket priced per m3 that is not gauged, naming it, rather than settling its tons', () => {
    expect(settleRow(ticket({ priceBasis: 'VOLUME', gaugeVolume: null }), 2)).toEqual({ ok: false, message: '磅单 CG1 按检尺方量计价，尚未检尺，不能结算，请先检尺' });
  });
});

describe('the totals', () => {
  it('are the exact sums of the rows and the adjustment rows', () => {
    const rows = [row({ price: '7.3333' }), row({ price: '7.3333' }), row({ price: '7.3333', taxRate: '9' })];
    const t = settleTotals(rows, [{ quantity: '0', amount: '-0.01', tax: '0', amountExTax: '-0.01' }]);
    expect(t.ok && t.value).toMatchObject({ ticketCount: 3, rowsAmount: '549.99', adjustAmount: '-0.01', totalAmount: '549.98', totalQuantity: '75' });
  });

  it('round the total to the cent once when the rows keep more decimals, the difference the rounding row', () => {
    // a plant keeping 3 decimals of money: 3 rows of 25 t at 7.3333 are 183.333 each (13 % tax)
    const rows = [1, 2, 3].map(() => ({ ...(settleRow(ticket({ price: '7.3333', taxRate: '13' }), 3) as { value: SettleRow }).value }));
    expect(rows[0]).toMatchObject({ amount: '183.333', amountExTax: '162.242', tax: '21.091' });
    const t = settleTotals(rows, []);
    expect(t.ok && t.value).toMatchObject({ rowsAmount: '549.999', rowsTax: '63.273', totalAmount: '550', totalTax: '63.27', totalAmountExTax: '486.73', adjustAmount: '0.001',
      rounding: { amount: '0.001', tax: '-0.003', amountExTax: '0.004' } });
    const down = settleTotals(rows, [], 'down');
    expect(down.ok && down.value).toMatchObject({ totalAmount: '549.99', rounding: { amount: '-0.009' } });
    // a sub-settlement's totals are its rows' exact sums
    const fd = settleTotals(rows, [], null);
    expect(fd.ok && fd.value).toMatchObject({ totalAmount: '549.999', rounding: { amount: '0' } });
  });
});

describe('the lifecycle', () => {
  const facts = (o: Partial<SettleFacts> = {}): SettleFacts => ({ name: '采购结算 CG', state: 'DRAFT', ticketCount: 1, paidAmount: '0', invoicedAmount: '0', totalAmount: '100', ...o });
  it('examines a draft with tickets, un-examines while nothing is paid or invoiced', () => {
    expect(decideExamine(facts())).toBeNull();
    expect(decideExamine(facts({ ticketCount: 0 }))).toBe('采购结算 CG 没有磅单，请先确认磅单');
    expect(decideUnexamine(facts({ state: 'EXAMINED' }))).toBeNull();
    expect(decideUnexamine(facts({ state: 'EXAMINED', paidAmount: '1' }))).toBe('采购结算 CG 已有付款，不能反审核');
  });
  it('takes payments in parts up to the total, paid when they reach it', () => {
    expect(decidePayment(facts({ state: 'EXAMINED', paidAmount: '60' }), '40')).toBeNull();
    expect(decidePayment(facts({ state: 'EXAMINED', paidAmount: '60' }), '40.01')).toBe('付款金额 40.01 超过未付金额 40');
    expect(stateAfterPayment(facts(), '99.99')).toBe('EXAMINED');
    expect(stateAfterPayment(facts(), '100')).toBe('PAID');
  });
});

describe('a wagon\'s row (轨道衡)', () => {
  const wagon = { id: '7', ticketNo: 'CGHC1/C64-1', completedAt: null, materialId: '9', noticeId: null, contractId: null, net: '60.26', waybill: '60.5', charged: '0.119', price: '187.35', taxRate: '13' };
  it('settles its net less the charged over-tolerance loss at its price, in cents, the tax inside the amount', () => {
    const r = settleWagonRow(wagon, 2);
    if (!r.ok) throw new Error(r.message);
    expect(r.value).toMatchObject({ ticketId: null, wagonId: '7', basis: 'OUR_NET', net: '60.26', shipped: '60.5', quantity: '60.141', deductions: { LOSS: '0.119' },
      unitPrice: '187.35', amount: '11267.42', amountExTax: '9971.17', tax: '1296.25' });
    expect(basisText(r.value)).toBe('我方净重 60.26；超耗扣重 0.119');
  });
  it('a loss only flagged takes nothing; no price settles at 0; a loss beyond the net leaves 0, never less', () => {
    expect(settleWagonRow({ ...wagon, charged: '0' }, 2)).toMatchObject({ ok: true, value: { quantity: '60.26', deductions: {}, amount: '11289.71' } });
    expect(settleWagonRow({ ...wagon, price: null }, 2)).toMatchObject({ ok: true, value: { amount: '0', tax: '0' } });
    expect(settleWagonRow({ ...wagon, charged: '61' }, 2)).toMatchObject({ ok: true, value: { quantity: '0', amount: '0' } });
  });
});
