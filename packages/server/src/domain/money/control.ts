import { sql } from 'kysely';
import type { ChangeNote } from '../../platform/audit/log';
import { AppError } from '../../platform/http/errors';
import * as repo from './repo';
import type { Tx } from './repo';
import type { MoneyControl } from './rules';
import { CONTROLS } from './templates';

/**
 * 资金控制: the accountant sets the control (NONE / WARN / FORBID) of the accounts selected in
 * 客户资金 (setCustomerControl makes the account on first use); each change is logged with its
 * before -> after.
 */

const word = (c: MoneyControl) => CONTROLS.find((x) => x.value === c)?.label ?? c;
const noteOf = (code: string, before: MoneyControl, after: MoneyControl): ChangeNote =>
  ({ action: 'moneyControl', family: '客户资金', docNo: code, detail: `资金控制 ${word(before)} -> ${word(after)}` });

export async function setCustomerControl(tx: Tx, orgId: string, customerId: string, control: MoneyControl): Promise<{ notes: ChangeNote[] }> {
  const customer = await repo.customerOf(tx, orgId, customerId);
  if (!customer) throw new AppError(404, '客户不存在', 'customerId');
  const before = await repo.setControl(tx, orgId, customerId, control);
  return { notes: [noteOf(customer.code, before, control)] };
}

/** The accounts selected (ids of 客户资金's rows), all or nothing. */
export async function setAccountsControl(tx: Tx, orgId: string, ids: string[], control: MoneyControl): Promise<{ count: number; notes: ChangeNote[] }> {
  const { rows } = await sql<{ id: string; customerId: string }>`
    SELECT id::text, customer_id::text AS "customerId" FROM fm_account WHERE org_id = ${orgId}::bigint AND id = ANY(${ids}::bigint[]) ORDER BY customer_id`.execute(tx);
  const missing = [...new Set(ids)].find((id) => !rows.some((r) => r.id === id));
  if (missing) throw new AppError(404, `客户资金账户不存在: ${missing}`, 'ids');
  const notes: ChangeNote[] = [];
  for (const r of rows) notes.push(...(await setCustomerControl(tx, orgId, r.customerId, control)).notes);
  return { count: rows.length, notes };
}
