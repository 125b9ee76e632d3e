import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { RowScope } from '../../platform/auth/who';
import { AppError } from '../../platform/http/errors';
import * as repo from './repo';
import type { Tx } from './repo';
import { emitEvent } from '../../platform/events/emit';
import { availableOf, decideWithdrawal, receiptDelta, receiptLedgerKind, recorderAuditProblem, type ReceiptKind } from './rules';

/**
 * What audit and un-audit of receipts, refunds and credit lines do to the account, in the action's
 * transaction (the engine has locked the documents and checked the lifecycle): accounts locked in
 * customer order, every movement in the ledger. Money is never taken out below zero available.
 */
type Problem = { field: string; message: string };

interface ReceiptRow { id: string; no: string; kind: ReceiptKind; customerId: string; amount: string; recordedBy: string | null }
interface CreditRow { id: string; no: string; customerId: string; amount: string; validNow: boolean }

const byCustomer = <T extends { customerId: string; id: string }>(rows: T[]) =>
  [...rows].sort((a, b) => Number(a.customerId) - Number(b.customerId) || Number(a.id) - Number(b.id));

async function stampAudit(tx: Tx, table: 'fm_receipt' | 'fm_credit', ids: string[], userId: string | null): Promise<void> {
  await sql`UPDATE ${sql.table(table)} SET audited_at = CASE WHEN ${userId}::bigint IS NULL THEN NULL ELSE now() END, audited_by = ${userId}::bigint
    WHERE id = ANY(${ids}::bigint[])`.execute(tx);
}

/** Available on a locked account, read after its lock. */
async function availableNow(tx: Tx, orgId: string, account: repo.LockedAccount, moved: Decimal): Promise<Decimal> {
  return availableOf({ ...account, credit: await repo.validCredit(tx, orgId, account.customerId) }).plus(moved);
}

/** How an audit was decided: by the auditor at the screen, or by an approval flow (whose steps named who approves). */
export interface AuditWay { approvedByFlow: boolean }

/**
 * What audit and un-audit of receipts and refunds do. An audit by the user who recorded one of
 * them is refused (403, naming it) unless `way.approvedByFlow`: the screen's audit is
 * `receiptEffects` (never by a flow); an approval flow audits through a family whose
 * onStateAction is `receiptEffectsWith({ approvedByFlow: true })`.
 */
export const receiptEffectsWith = (way: AuditWay) => async (tx: Tx, who: RowScope, action: string, ids: string[]): Promise<Problem[]> => {
  if (action !== 'audit' && action !== 'unaudit') return [];
  const { rows } = await sql<ReceiptRow>`
    SELECT id::text, receipt_no AS no, receipt_kind AS kind, customer_id::text AS "customerId", amount::text, created_by::text AS "recordedBy" FROM fm_receipt
     WHERE org_id = ${who.orgId}::bigint AND id = ANY(${ids}::bigint[])`.execute(tx);
  if (action === 'audit') {
    for (const r of rows) {
      const refusal = recorderAuditProblem(who.userId, r.recordedBy, way.approvedByFlow);
      if (refusal) throw new AppError(403, `${r.kind === 'REFUND' ? '退款' : '收款'}单 ${r.no}：${refusal}`, 'ids');
    }
  }
  let account: repo.LockedAccount | null = null;
  let moved = new Decimal(0);
  for (const r of byCustomer(rows)) {
    if (account?.customerId !== r.customerId) {
      account = await repo.lockAccount(tx, who.orgId, r.customerId);
      moved = new Decimal(0);
    }
    const delta = receiptDelta(r.kind, action, r.amount);
    if (delta.isNegative()) {
      const refusal = decideWithdrawal(account.customerName, delta.negated(), await availableNow(tx, who.orgId, account, moved));
      if (refusal) return [{ field: 'ids', message: `${r.kind === 'REFUND' ? '退款' : '收款'}单 ${r.no}：${refusal}` }];
    }
    await repo.move(tx, who.orgId, account, { kind: receiptLedgerKind(r.kind, action), delta: delta.toFixed(), docKind: 'receipt', docId: r.id, docNo: r.no }, who.userId);
    moved = moved.plus(delta);
  }
  await stampAudit(tx, 'fm_receipt', ids, action === 'audit' ? who.userId : null);
  if (action === 'audit') {
    for (const r of rows) {
      await emitEvent(tx, {
        orgId: who.orgId, type: 'receipt.audited', key: r.no, userId: who.userId,
        payload: { receiptId: r.id, receiptNo: r.no, receiptKind: r.kind, customerId: r.customerId, amount: r.amount },
      });
    }
  }
  return [];
};

/** The screen's audit of receipts and refunds: the recorder may not audit (no flow decided it). */
export const receiptEffects = receiptEffectsWith({ approvedByFlow: false });

/**
 * A credit line adds to the available only while audited and valid; withdrawing one that is valid
 * today is refused when it would leave the available below zero. The ledger notes both, moving nothing.
 */
export async function creditEffects(tx: Tx, who: RowScope, action: string, ids: string[]): Promise<Problem[]> {
  if (action !== 'audit' && action !== 'unaudit') return [];
  const { rows } = await sql<CreditRow>`
    SELECT id::text, credit_no AS no, customer_id::text AS "customerId", amount::text, current_date BETWEEN valid_from AND valid_to AS "validNow"
      FROM fm_credit WHERE org_id = ${who.orgId}::bigint AND id = ANY(${ids}::bigint[])`.execute(tx);
  let account: repo.LockedAccount | null = null;
  let moved = new Decimal(0);
  for (const c of byCustomer(rows)) {
    if (account?.customerId !== c.customerId) {
      account = await repo.lockAccount(tx, who.orgId, c.customerId);
      moved = new Decimal(0);
    }
    if (action === 'unaudit' && c.validNow) {
      const refusal = decideWithdrawal(account.customerName, c.amount, await availableNow(tx, who.orgId, account, moved));
      if (refusal) return [{ field: 'ids', message: `授信单 ${c.no}：${refusal}` }];
      moved = moved.minus(c.amount);
    }
    await repo.move(tx, who.orgId, account, { kind: action === 'audit' ? 'CREDIT' : 'CREDIT_WITHDRAWN', docKind: 'credit', docId: c.id, docNo: c.no }, who.userId);
  }
  await stampAudit(tx, 'fm_credit', ids, action === 'audit' ? who.userId : null);
  return [];
}
