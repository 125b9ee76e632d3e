import Decimal from 'decimal.js';
import { ceilingOf, ceilingProblem, payAmount, type PayRounding } from '@wb/protocol';
import type { ChangeNote } from '../../platform/audit/log';
import type { Who } from '../../platform/auth/who';
import { AppError, badRequest } from '../../platform/http/errors';
import { releaseFuelAdvances } from '../freight/advances';
import { weighParams } from '../weighing/repo';
import { FS_LABEL } from './kinds';
import { decideFs, STATE_WORDS } from './lifecycle';
import { freightSettlementUploading, uploadFreightSettlement } from '../uploads/emit';
import * as repo from './repo';
import type { OperatingBody } from './wire';

type Actor = Pick<Who, 'orgId' | 'userId'>;
const nameOf = (no: string) => `${FS_LABEL} ${no}`;

async function lockedHeader(tx: repo.Tx, who: Actor, id: string): Promise<repo.FsHeader> {
  const h = await repo.lockHeader(tx, who.orgId, id);
  if (!h) throw new AppError(404, `${FS_LABEL}不存在: ${id}`, 'id');
  return h;
}

/**
 * The settlement as its lifecycle decides on it. The freight the carrier invoices is the rows' sum in
 * cents by the plant's rule (an invoice is money: 1,101.375 of freight is invoiced as 1,101.38).
 */
export const facts = (h: repo.FsHeader, rule: PayRounding = 'halfUp') => ({
  name: nameOf(h.settleNo), state: h.state, ticketCount: h.ticketCount, totalAmount: h.totalAmount, freightAmount: payAmount(h.rowsAmount, rule).toFixed(2),
  paidAmount: h.paidAmount, invoicedAmount: h.invoicedAmount,
});

/** Several settlements, one at a time in id order (the lock order of a batch). */
const inIdOrder = (ids: readonly string[]) => [...new Set(ids)].sort((a, b) => Number(a) - Number(b));

/** 删除 (deletes): drafts only; each lets go of its tickets and its fuel advances, then goes. One log entry each. */
export async function deleteSettlements(tx: repo.Tx, who: Actor, ids: readonly string[]): Promise<ChangeNote[]> {
  const notes: ChangeNote[] = [];
  for (const id of inIdOrder(ids)) {
    const h = await lockedHeader(tx, who, id);
    const d = decideFs(facts(h), 'delete');
    if (!d.ok) throw badRequest(d.message, 'ids');
    const tickets = await repo.freeTickets(tx, who.orgId, h.id, who.userId);
    const advances = await releaseFuelAdvances(tx, who.orgId, h.id);
    await repo.deleteHeader(tx, who.orgId, h.id);
    notes.push({ action: 'delete', family: FS_LABEL, docNo: h.settleNo, detail: `释放磅单 ${tickets} 张、油卡预付 ${advances} 笔` });
  }
  return notes;
}

/** 审核 (audit): drafts with tickets become examined. One log entry each. */
export async function examineSettlements(tx: repo.Tx, who: Actor, ids: readonly string[]): Promise<ChangeNote[]> {
  const notes: ChangeNote[] = [];
  for (const id of inIdOrder(ids)) {
    const h = await lockedHeader(tx, who, id);
    const d = decideFs(facts(h), 'audit');
    if (!d.ok) throw badRequest(d.message, 'ids');
    await repo.setState(tx, who.orgId, h, { state: 'EXAMINED', examined_at: new Date(), examined_by: who.userId }, who.userId);
    // the sales freight's upload to the freight platform, when the company has one (domain/uploads)
    await uploadFreightSettlement(tx, who, { id: h.id, settleNo: h.settleNo, kind: h.kind });
    notes.push({ action: 'examine', family: FS_LABEL, docNo: h.settleNo, detail: `应付 ${new Decimal(h.totalAmount).toFixed()}` });
  }
  return notes;
}

/** The operation log's words, shared with the goods settlements (domain/system/templates.ts LOG_ACTIONS). */
const LOG_WORD: Record<OperatingBody['action'], string> = { unaudit: 'unexamine', close: 'close', pay: 'payment', invoice: 'invoice' };

export interface Operated { id: string; settleNo: string; state: string; paidAmount: string; invoicedAmount: string }

/**
 * 操作 (Operating): the lifecycle's other moves on one settlement. 反审核 back to an empty draft
 * (its tickets and advances freed); 付款 a payment to the carrier, in parts, PAID
 * when they reach the total; 登记发票 the carrier's invoice for the freight; 关闭 once paid.
 */
export async function operate(tx: repo.Tx, who: Actor, b: OperatingBody): Promise<{ reply: Operated; note: ChangeNote }> {
  const params = await weighParams(tx, who.orgId);
  if (b.action === 'pay' || b.action === 'invoice') {
    const [label, document] = b.action === 'pay' ? ['付款金额', '付款'] : ['发票金额', '发票'];
    const problem = ceilingProblem(label, document, b.amount, ceilingOf(params, b.action === 'pay' ? 'payment' : 'invoice'));
    if (problem) throw badRequest(problem, 'amount');
  }
  const h = await lockedHeader(tx, who, b.id);
  const amount = b.action === 'pay' || b.action === 'invoice' ? b.amount : '0';
  const d = decideFs(facts(h, params.payRounding), b.action, amount);
  // the upload lock: an examined settlement on its way to the freight platform is not taken back meanwhile
  if (d.ok && b.action === 'unaudit' && (await freightSettlementUploading(tx, who.orgId, h.settleNo))) {
    throw badRequest(`${nameOf(h.settleNo)} 正在上传，已锁定，不能反审核`, 'id');
  }
  if (!d.ok) throw badRequest(d.message, b.action === 'pay' || b.action === 'invoice' ? 'amount' : 'id');
  let paid = new Decimal(h.paidAmount);
  let invoiced = new Decimal(h.invoicedAmount);
  let detail: string;
  if (b.action === 'unaudit') {
    // un-examining frees the tickets (spec "Settlement"), and the advances with them: the draft is
    // empty until its tickets are chosen again (newCreate with its id) or it is deleted
    const tickets = await repo.freeTickets(tx, who.orgId, h.id, who.userId);
    const advances = await releaseFuelAdvances(tx, who.orgId, h.id);
    await repo.clearRows(tx, who.orgId, h.id, who.userId);
    await repo.setState(tx, who.orgId, h, { state: 'DRAFT', examined_at: null, examined_by: null, pounds_confirmed_at: null }, who.userId);
    detail = `${STATE_WORDS[h.state]} -> ${STATE_WORDS.DRAFT}；释放磅单 ${tickets} 张、油卡预付 ${advances} 笔`;
  } else if (b.action === 'close') {
    await repo.setState(tx, who.orgId, h, { state: 'CLOSED', closed_at: new Date(), closed_by: who.userId }, who.userId);
    detail = `${STATE_WORDS[h.state]} -> ${STATE_WORDS.CLOSED}`;
  } else if (b.action === 'pay') {
    paid = paid.plus(b.amount);
    await repo.insertPayment(tx, who.orgId, h.id, { paidOn: b.paidOn, method: b.method, amount: b.amount, reference: b.reference ?? null }, who.userId);
    await repo.setState(tx, who.orgId, h, { state: d.state, paid_amount: paid.toFixed(), paid_at: d.state === 'PAID' ? new Date() : null }, who.userId);
    detail = `付款 ${new Decimal(b.amount).toFixed()}；已付 ${paid.toFixed()} / ${new Decimal(h.totalAmount).toFixed()}${d.state === 'PAID' ? '；已付清' : ''}`;
  } else {
    if (await repo.invoiceNoTaken(tx, who.orgId, b.invoiceNo)) throw badRequest(`发票号 ${b.invoiceNo} 已登记`, 'invoiceNo');
    if (new Decimal(b.tax).gt(b.amount)) throw badRequest('发票税额不能大于发票金额', 'tax');
    invoiced = invoiced.plus(b.amount);
    await repo.insertInvoice(tx, who.orgId, h.id, { invoiceNo: b.invoiceNo, invoiceDate: b.invoiceDate, amount: b.amount, tax: b.tax }, who.userId);
    await repo.setState(tx, who.orgId, h, { invoiced_amount: invoiced.toFixed() }, who.userId);
    detail = `发票 ${b.invoiceNo}：金额 ${new Decimal(b.amount).toFixed()}，税额 ${new Decimal(b.tax).toFixed()}`;
  }
  return {
    reply: { id: h.id, settleNo: h.settleNo, state: b.action === 'invoice' ? h.state : d.state, paidAmount: paid.toFixed(), invoicedAmount: invoiced.toFixed() },
    note: { action: LOG_WORD[b.action], family: FS_LABEL, docNo: h.settleNo, detail },
  };
}
