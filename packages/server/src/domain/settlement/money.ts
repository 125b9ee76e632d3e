import Decimal from 'decimal.js';
import { ceilingOf, ceilingProblem, payTax, type CeilingKind } from '@wb/protocol';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { ChangeNote } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import { badRequest } from '../../platform/http/errors';
import type { adjustBody, invoiceBody, paymentBody } from './bodies';
import { weighParams } from '../weighing/repo';
import { factsOf, lockedHeader, refuse, retotal } from './header';
import { SETTLE_KINDS, type SettleKind } from './kinds';
import * as repo from './repo';
import { decideEditPounds, decideInvoice, decidePayment, stateAfterPayment } from './rules';

type Caller = Pick<Who, 'orgId' | 'userId'>;
const note = (kind: SettleKind, s: repo.SettleHeader, action: string, detail: string): ChangeNote => ({ action, family: SETTLE_KINDS[kind].label, docNo: s.settleNo, detail });

/** An amount within the company's ceiling of its kind of document (parameters adjustCeiling, ...), else a 400 naming the ceiling. */
async function withinCeiling(tx: repo.Tx, orgId: string, kind: CeilingKind, label: string, document: string, amount: string) {
  const params = await weighParams(tx, orgId);
  refuse(ceilingProblem(label, document, amount, ceilingOf(params, kind)), 'amount');
  return params;
}

/**
 * 调整行: an amount beside the tickets' rows with its reason (rounding, a penalty, a rebate), on a
 * draft; its tax at the rate given (0 when none), and the totals again.
 */
export async function addAdjustment(tx: repo.Tx, who: Caller, kind: SettleKind, id: string, b: z.infer<typeof adjustBody>) {
  const params = await withinCeiling(tx, who.orgId, 'adjust', '调整金额', '调整行', b.amount);
  const s = await lockedHeader(tx, who, kind, id);
  refuse(decideEditPounds(factsOf(s)));
  // typed in cents: its tax rounded to the cent once, the amount without tax the rest
  const { tax, amountExTax } = payTax(b.amount, b.taxRate ?? 0, params.payRounding);
  const seq = await repo.nextSeq(tx, 'wb_settlement_adjust', s.id);
  await tx.insertInto('wb_settlement_adjust').values({
    org_id: who.orgId, settlement_id: s.id, seq, reason_kind: b.reasonKind, reason: b.reason, quantity: b.quantity ?? '0', amount: b.amount,
    tax: tax.toFixed(), amount_ex_tax: amountExTax.toFixed(), created_by: who.userId,
  }).execute();
  const totals = await retotal(tx, who.orgId, s, who.userId);
  return { reply: { id: s.id, settleNo: s.settleNo, seq, totals }, note: note(kind, s, 'adjust', `调整行 ${seq}（${b.reasonKind}）：${b.reason}；金额 ${b.amount}；结算金额 ${s.totalAmount} -> ${totals.totalAmount}`) };
}

/** 发票: an invoice recorded against an examined (or paid) settlement; its number is the company's once. */
export async function addInvoice(tx: repo.Tx, who: Caller, kind: SettleKind, id: string, b: z.infer<typeof invoiceBody>) {
  await withinCeiling(tx, who.orgId, 'invoice', '发票金额', '发票', b.amount);
  const s = await lockedHeader(tx, who, kind, id);
  refuse(decideInvoice(factsOf(s)));
  const taken = await tx.selectFrom('wb_settlement_invoice').select('id').where('org_id', '=', who.orgId).where('invoice_no', '=', b.invoiceNo).executeTakeFirst();
  if (taken) throw badRequest(`发票号 ${b.invoiceNo} 已登记`, 'invoiceNo');
  if (new Decimal(b.amount).isZero()) throw badRequest('发票金额不能为0', 'amount');
  await tx.insertInto('wb_settlement_invoice').values({
    org_id: who.orgId, settlement_id: s.id, invoice_no: b.invoiceNo, invoice_date: b.invoiceDate, amount: b.amount, tax: b.tax ?? '0',
    tax_rate: b.taxRate ?? null, remark: b.remark ?? null, created_by: who.userId,
  }).execute();
  const invoiced = new Decimal(s.invoicedAmount).plus(b.amount).toFixed();
  await tx.updateTable('wb_settlement').set({ invoiced_amount: invoiced, version: s.version + 1, updated_at: new Date(), updated_by: who.userId })
    .where('org_id', '=', who.orgId).where('id', '=', s.id).execute();
  return { reply: { id: s.id, settleNo: s.settleNo, invoicedAmount: invoiced }, note: note(kind, s, 'invoice', `发票 ${b.invoiceNo}：金额 ${b.amount}；税额 ${b.tax ?? '0'}`) };
}

/**
 * 付款 / 收款: a payment in part or whole against an examined settlement; paid when the payments
 * reach the total. A customer's payment (sales, allot) may name the receipt it came in with: an
 * audited receipt of the same customer.
 */
export async function addPayment(tx: repo.Tx, who: Caller, kind: SettleKind, id: string, b: z.infer<typeof paymentBody>) {
  const k = SETTLE_KINDS[kind];
  await withinCeiling(tx, who.orgId, 'payment', '付款金额', '付款', b.amount);
  const s = await lockedHeader(tx, who, kind, id);
  if (!new Decimal(b.amount).gt(0)) throw badRequest('付款金额必须大于0', 'amount');
  refuse(decidePayment(factsOf(s), b.amount), 'amount');
  if (b.method === 'RECEIPT' && !b.receiptId) throw badRequest('按收款单付款须选择收款单', 'receiptId');
  if (b.receiptId) {
    if (kind !== 'sa') throw badRequest('只有销售结算的收款可关联收款单', 'receiptId');
    const r = await tx.selectFrom('fm_receipt').select(['customer_id', 'doc_status', 'receipt_kind', 'receipt_no']).where('org_id', '=', who.orgId).where('id', '=', b.receiptId).executeTakeFirst();
    if (!r || r.receipt_kind !== 'RECEIPT') throw badRequest(`收款单不存在: ${b.receiptId}`, 'receiptId');
    if (r.doc_status !== 'AUDITED') throw badRequest(`收款单 ${r.receipt_no} 未审核`, 'receiptId');
    if (String(r.customer_id) !== s.partyId) throw badRequest(`收款单 ${r.receipt_no} 不是该客户的收款`, 'receiptId');
  }
  const seq = await repo.nextSeq(tx, 'wb_settlement_payment', s.id);
  await tx.insertInto('wb_settlement_payment').values({
    org_id: who.orgId, settlement_id: s.id, seq, direction: k.payment, paid_on: b.paidOn, method: b.method, amount: b.amount, receipt_id: b.receiptId ?? null,
    reference: b.reference ?? null, remark: b.remark ?? null, created_by: who.userId,
  }).execute();
  const paid = new Decimal(s.paidAmount).plus(b.amount);
  const state = stateAfterPayment(factsOf(s), paid);
  await tx.updateTable('wb_settlement').set({
    paid_amount: paid.toFixed(), state, paid_at: state === 'PAID' ? sql`now()` : null, version: s.version + 1, updated_at: new Date(), updated_by: who.userId,
  }).where('org_id', '=', who.orgId).where('id', '=', s.id).execute();
  return {
    reply: { id: s.id, settleNo: s.settleNo, seq, paidAmount: paid.toFixed(), state },
    note: note(kind, s, 'payment', `${k.payment === 'OUT' ? '付款' : '收款'} ${seq}：${b.amount}；已付 ${paid.toFixed()} / ${s.totalAmount}${state === 'PAID' ? '；已付清' : ''}`),
  };
}
