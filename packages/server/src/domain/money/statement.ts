import Decimal from 'decimal.js';
import { ID_PATTERN } from '@wb/protocol';
import { z } from 'zod';
import { AppError, badRequest } from '../../platform/http/errors';
import * as repo from './repo';
import { statementTotals } from './rules';

/**
 * 对账单: a customer's balance at the start of a period, each receipt, refund and ticket consumed in
 * it with the balance after it, and the closing balance. opening + receipts - consumed = closing,
 * where receipts are net of refunds and consumed net of reversals (rules.ts statementTotals).
 * Freezes are not on it: they hold money, they do not move the balance.
 */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const statementQuery = z.object({
  customerId: z.string({ error: '请选择客户' }).regex(ID_PATTERN, '客户应为数字编号'),
  from: z.string({ error: '开始日期不能为空' }).regex(DATE, '开始日期格式应为yyyy-MM-dd'),
  to: z.string({ error: '结束日期不能为空' }).regex(DATE, '结束日期格式应为yyyy-MM-dd'),
  format: z.enum(['xlsx', 'pdf'], { error: '格式应为 xlsx 或 pdf' }).optional(),
});
export type StatementQuery = z.infer<typeof statementQuery>;

export const STATEMENT_DAYS_MAX = 366 * 3;

export interface StatementLine {
  at: string;
  kind: string;
  kindName: string;
  docNo: string;
  materialName: string | null;
  net: string | null;
  price: string | null;
  /** money in (receipts) and out (refunds are a negative receipt; consumption) */
  received: string | null;
  consumed: string | null;
  balance: string;
}

export interface Statement {
  customer: { id: string; code: string; name: string };
  from: string;
  to: string;
  opening: string;
  receipts: string;
  consumed: string;
  closing: string;
  lines: StatementLine[];
}

const KIND_NAMES: Record<string, string> = {
  RECEIPT: '收款', RECEIPT_WITHDRAWN: '收款反审核', REFUND: '退款', REFUND_WITHDRAWN: '退款反审核', CONSUME: '消费', CONSUME_REVERSED: '消费冲回',
};

function checkPeriod(q: StatementQuery): void {
  const from = new Date(`${q.from}T00:00:00Z`);
  const to = new Date(`${q.to}T00:00:00Z`);
  if (Number.isNaN(from.getTime())) throw badRequest('开始日期无效', 'from');
  if (Number.isNaN(to.getTime())) throw badRequest('结束日期无效', 'to');
  if (to < from) throw badRequest('结束日期不能早于开始日期', 'to');
  if ((to.getTime() - from.getTime()) / 86_400_000 > STATEMENT_DAYS_MAX) throw badRequest(`对账期间不能超过 ${STATEMENT_DAYS_MAX} 天`, 'to');
}

export async function readStatement(db: repo.Runner, orgId: string, q: StatementQuery): Promise<Statement> {
  checkPeriod(q);
  const customer = await repo.customerOf(db, orgId, q.customerId);
  if (!customer) throw new AppError(404, '客户不存在', 'customerId');
  const { opening, rows } = await repo.statementRows(db, orgId, q.customerId, q.from, q.to);
  const totals = statementTotals(opening, rows);
  const consuming = (kind: string) => kind === 'CONSUME' || kind === 'CONSUME_REVERSED';
  return {
    customer: { id: q.customerId, ...customer }, from: q.from, to: q.to,
    opening: totals.opening.toFixed(), receipts: totals.receipts.toFixed(), consumed: totals.consumed.toFixed(), closing: totals.closing.toFixed(),
    lines: rows.map((r, i) => ({
      at: r.at.toISOString(), kind: r.kind, kindName: KIND_NAMES[r.kind] ?? r.kind, docNo: r.docNo, materialName: r.materialName,
      net: r.net, price: r.price,
      received: consuming(r.kind) ? null : r.delta,
      consumed: consuming(r.kind) ? new Decimal(r.delta).negated().toFixed() : null,
      balance: totals.balances[i],
    })),
  };
}
