import { describe, expect, it } from 'vitest';
import { decideFs, type FsFacts } from './lifecycle';

const s = (o: Partial<FsFacts> = {}): FsFacts => ({
  name: '运费结算 YF1', state: 'EXAMINED', ticketCount: 2, totalAmount: '770', freightAmount: '1170', paidAmount: '0', invoicedAmount: '0', ...o,
});

describe('the freight settlement\'s lifecycle', () => {
  it('examines a draft with tickets, deletes only a draft', () => {
    expect(decideFs(s({ state: 'DRAFT' }), 'audit')).toEqual({ ok: true, state: 'EXAMINED' });
    expect(decideFs(s({ state: 'DRAFT', ticketCount: 0 }), 'audit')).toEqual({ ok: false, message: '运费结算 YF1 没有磅单，不能审核' });
    expect(decideFs(s(), 'audit')).toEqual({ ok: false, message: '运费结算 YF1 已审核，不能重复审核' });
    expect(decideFs(s(), 'delete')).toEqual({ ok: false, message: '运费结算 YF1 已审核，不能删除' });
    expect(decideFs(s({ state: 'DRAFT' }), 'delete').ok).toBe(true);
  });

  it('is paid in parts and PAID when the payments reach the total, never beyond it', () => {
    expect(decideFs(s(), 'pay', '300')).toEqual({ ok: true, state: 'EXAMINED' });
    expect(decideFs(s({ paidAmount: '300' }), 'pay', '470')).toEqual({ ok: true, state: 'PAID' });
    expect(decideFs(s({ paidAmount: '300' }), 'pay', '470.01')).toEqual({ ok: false, message: '付款金额 470.01 超过未付金额 470' });
    expect(decideFs(s({ state: 'PAID', paidAmount: '770' }), 'pay', '1')).toEqual({ ok: false, message: '运费结算 YF1 已付清，不能重复付款' });
    expect(decideFs(s({ state: 'DRAFT' }), 'pay', '1')).toEqual({ ok: false, message: '运费结算 YF1 草稿，不能付款' });
  });

  it('un-examines only while nothing is paid or invoiced', () => {
    expect(decideFs(s(), 'unaudit')).toEqual({ ok: true, state: 'DRAFT' });
    expect(decideFs(s({ paidAmount: '1' }), 'unaudit')).toEqual({ ok: false, message: '运费结算 YF1 已有付款，不能反审核' });
    expect(decideFs(s({ invoicedAmount: '1' }), 'unaudit')).toEqual({ ok: false, message: '运费结算 YF1 已登记发票，不能反审核' });
  });

  it('invoices up to the freight and closes once paid', () => {
    expect(decideFs(s({ invoicedAmount: '1000' }), 'invoice', '170')).toEqual({ ok: true, state: 'EXAMINED' });
    expect(decideFs(s({ invoicedAmount: '1000' }), 'invoice', '171')).toEqual({ ok: false, message: '发票金额 171 超过未开票运费 170' });
    expect(decideFs(s({ state: 'PAID', paidAmount: '770' }), 'close')).toEqual({ ok: true, state: 'CLOSED' });
    expect(decideFs(s({ paidAmount: '700' }), 'close')).toEqual({ ok: false, message: '运费结算 YF1 未付清，不能关闭' });
  });
});
