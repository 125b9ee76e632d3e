import { ID_PATTERN, plantDate } from '@wb/protocol';
import { z } from 'zod';
import { AppError, badRequest } from '../../platform/http/errors';
import * as repo from './repo';
import { statementClosing } from './rules';

/**
 * 对账单: a customer's balance at the start of a period, each receipt, refund and ticket consumed in
 * it with the balance after it, and the closing balance. opening + receipts - consumed = closing,
 * where receipts are net of refunds and consumed net of reversals (rules.ts statementClosing).
 * Freezes are not on it: they hold money, they do not move the balance.
 */
export const statementQuery = z.object({
  customerId: z.string({ error: '请选择客户' }).regex(ID_PATTERN, '客户应为数字编号'),
  from: plantDate('开始日期'),
  to: plantDate('结束日期'),
  format: z.enum(['xlsx', 'pdf'], { error: '格式应为 xlsx 或 pdf' }).optional(),
});
export type StatementQuery = z.infer<typeof statementQuery>;

export const STATEMENT_DAYS_MAX = 366 * 3;

export interface StatementLine {
  at: string;
  kind: string;
  docNo: string;
  materialName: string | null;
  net: string | null;
  price: string | null;
  /** money in (receipts) and out (refunds are a negative receipt; consumption) */
  received: string | null;
  consumed: string | null;
  balance: string;
}

/** The order of each line's values in the call's answer (`lines` is an array of arrays, `columns` names them). */
export const STATEMENT_COLUMNS = ['at', 'kind', 'docNo', 'materialName', 'net', 'price', 'received', 'consumed', 'balance'] as const satisfies readonly (keyof StatementLine)[];

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

function checkPeriod(q: StatementQuery): void {
  const from = new Date(`${q.from}T00:00:00Z`);
  const to = new Date(`${q.to}T00:00:00Z`);
  if (Number.isNaN(from.getTime())) throw badRequest('开始日期无效', 'from');
  if (Number.isNaN(to.getTime())) throw badRequest('结束日期无效', 'to');
  if (to < from) throw badRequest('结束日期不能早于开始日期', 'to');
  if ((to.getTime() - from.getTime()) / 86_400_000 > STATEMENT_DAYS_MAX) throw badRequest(`对账期间不能超过 ${STATEMENT_DAYS_MAX} 天`, 'to');
}

/** The statement with its lines as JSON text (the call answers it as it is), and its figures checked to add up. */
export async function readStatementJson(db: repo.Runner, orgId: string, q: StatementQuery): Promise<{ head: Omit<Statement, 'lines'>; linesJson: string }> {
  checkPeriod(q);
  const customer = await repo.customerOf(db, orgId, q.customerId);
  if (!customer) throw new AppError(404, '客户不存在', 'customerId');
  const data = await repo.statementData(db, orgId, q.customerId, q.from, q.to);
  const closing = statementClosing(data.opening, data.receipts, data.consumed, data.lastBalance);
  return {
    head: { customer: { id: q.customerId, ...customer }, from: q.from, to: q.to, opening: data.opening, receipts: data.receipts, consumed: data.consumed, closing: closing.toFixed() },
    linesJson: data.linesJson,
  };
}

export async function readStatement(db: repo.Runner, orgId: string, q: StatementQuery): Promise<Statement> {
  const { head, linesJson } = await readStatementJson(db, orgId, q);
  const rows = JSON.parse(linesJson) as (string | null)[][];
  return { ...head, lines: rows.map((r) => Object.fromEntries(STATEMENT_COLUMNS.map((c, i) => [c, r[i]])) as unknown as StatementLine) };
}

/** The call's answer as the envelope's JSON text, the lines put in as PostgreSQL wrote them. */
export function statementReplyText(s: { head: Omit<Statement, 'lines'>; linesJson: string }): string {
  const head = JSON.stringify(s.head);
  return `{"success":true,"code":0,"msg":"操作成功","data":${head.slice(0, -1)},"columns":${JSON.stringify(STATEMENT_COLUMNS)},"lines":${s.linesJson}}}`;
}
