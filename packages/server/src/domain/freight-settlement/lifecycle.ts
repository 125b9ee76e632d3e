import Decimal from 'decimal.js';
import type { SettlementState } from '../../platform/db/schema';

/**
 * The freight settlement's lifecycle (the settlements' one, migrations/048): 草稿 DRAFT -> 审核
 * EXAMINED -> 已付清 PAID (payments in parts; PAID when they reach the total) -> 已关闭 CLOSED.
 * A draft is deleted (its tickets and advances freed); an examined one is un-examined back to a
 * draft while nothing is paid or invoiced on it.
 */
export const STATE_WORDS: Record<SettlementState, string> = { DRAFT: '草稿', EXAMINED: '已审核', PAID: '已付清', CLOSED: '已关闭' };

export interface FsFacts {
  /** 运费结算 YFJS202611250001 */
  name: string;
  state: SettlementState;
  ticketCount: number;
  totalAmount: string;
  /** the freight before deductions: what the carrier invoices */
  freightAmount: string;
  paidAmount: string;
  invoicedAmount: string;
}

export type FsAction = 'delete' | 'audit' | 'unaudit' | 'pay' | 'invoice' | 'close';
const WORDS: Record<FsAction, string> = { delete: '删除', audit: '审核', unaudit: '反审核', pay: '付款', invoice: '登记发票', close: '关闭' };
const FROM: Record<FsAction, readonly SettlementState[]> = {
  delete: ['DRAFT'], audit: ['DRAFT'], unaudit: ['EXAMINED'], pay: ['EXAMINED'], invoice: ['EXAMINED', 'PAID'], close: ['EXAMINED', 'PAID'],
};

export type FsDecision = { ok: true; state: SettlementState } | { ok: false; message: string };

/** Whether the settlement may take the action (with its amount, for a payment or an invoice), and the state it moves to. */
export function decideFs(s: FsFacts, action: FsAction, amount: Decimal.Value = 0): FsDecision {
  const word = WORDS[action];
  if (!FROM[action].includes(s.state)) {
    const again = (s.state === 'EXAMINED' && action === 'audit') || (s.state === 'PAID' && action === 'pay') || (s.state === 'CLOSED' && action === 'close');
    return { ok: false, message: `${s.name} ${STATE_WORDS[s.state]}，不能${again ? '重复' : ''}${word}` };
  }
  const total = new Decimal(s.totalAmount);
  const paid = new Decimal(s.paidAmount);
  switch (action) {
    case 'audit':
      return s.ticketCount > 0 ? { ok: true, state: 'EXAMINED' } : { ok: false, message: `${s.name} 没有磅单，不能审核` };
    case 'unaudit':
      if (!paid.isZero()) return { ok: false, message: `${s.name} 已有付款，不能反审核` };
      if (!new Decimal(s.invoicedAmount).isZero()) return { ok: false, message: `${s.name} 已登记发票，不能反审核` };
      return { ok: true, state: 'DRAFT' };
    case 'pay': {
      const left = total.minus(paid);
      if (new Decimal(amount).lte(0)) return { ok: false, message: '付款金额必须大于0' };
      if (new Decimal(amount).gt(left)) return { ok: false, message: `付款金额 ${new Decimal(amount).toFixed()} 超过未付金额 ${left.toFixed()}` };
      return { ok: true, state: paid.plus(amount).eq(total) ? 'PAID' : 'EXAMINED' };
    }
    case 'invoice': {
      const left = new Decimal(s.freightAmount).minus(s.invoicedAmount);
      if (new Decimal(amount).lte(0)) return { ok: false, message: '发票金额必须大于0' };
      if (new Decimal(amount).gt(left)) return { ok: false, message: `发票金额 ${new Decimal(amount).toFixed()} 超过未开票运费 ${left.toFixed()}` };
      return { ok: true, state: s.state };
    }
    case 'close':
      return paid.gte(total) ? { ok: true, state: 'CLOSED' } : { ok: false, message: `${s.name} 未付清，不能关闭` };
    case 'delete':
      return { ok: true, state: 'DRAFT' };
  }
}
