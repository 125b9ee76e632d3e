import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';

/**
 * The demo plant's money: customer KH0001 pays by bank transfer and an acceptance bill and has a
 * credit line for the year, all audited through the real calls, and its control is WARN, so the
 * demo morning's sales trucks freeze and consume from its account (and a shortfall would be said,
 * not refuse a truck of the demo).
 */
interface Call { send<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T> }

const CUSTOMER = 'KH0001';

export async function seedMoneyDemo(db: Database, call: Call, orgId: string): Promise<void> {
  const { rows } = await sql<{ id: string }>`SELECT a.archive_id::text AS id FROM md_customer_alloc a JOIN md_customer c ON c.id = a.archive_id
                                            WHERE a.org_id = ${orgId} AND c.customer_code = ${CUSTOMER}`.execute(db);
  const customerId = rows[0]?.id;
  if (!customerId) throw new Error(`demo money: customer ${CUSTOMER} is not in the demo plant`);
  const year = new Date().getFullYear();
  const receipts = [
    { customerId, method: 'BANK', amount: '60000', taxRate: '13', bankName: '中国工商银行湖州分行', bankAccount: '1205 0210 0900 1234 567', remark: '演示收款' },
    { customerId, method: 'ACCEPTANCE', amount: '40000', billNo: `CD${year}0001`, billMaturity: `${year + 1}-06-30`, remark: '演示承兑汇票' },
  ];
  // recorded by the accountant 张会计, audited by the administrator: whoever records a receipt may not audit it
  const recorder = await db.selectFrom('sys_user').select('id').where('username', '=', 'accountant').executeTakeFirst();
  for (const entity of receipts) {
    const r = await call.send<{ id: string }>('POST', '/api/money/receipt/create', { entity });
    if (recorder) await db.updateTable('fm_receipt').set({ created_by: recorder.id }).where('id', '=', r.id).execute();
    await call.send('POST', '/api/money/receipt/audit', { ids: [r.id] });
  }
  const credit = await call.send<{ id: string }>('POST', '/api/money/credit/create', {
    entity: { customerId, amount: '100000', validFrom: `${year}-01-01`, validTo: `${year}-12-31`, remark: '演示年度授信' },
  });
  await call.send('POST', '/api/money/credit/audit', { ids: [credit.id] });
  const account = await db.selectFrom('fm_account').select('id').where('org_id', '=', orgId).where('customer_id', '=', customerId).executeTakeFirstOrThrow();
  await call.send('POST', '/api/money/account/controlWarn', { ids: [account.id] });
}
