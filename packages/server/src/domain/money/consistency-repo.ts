import { sql } from 'kysely';
import type { Breach, ConsistencyCheck } from '../../platform/checks/define';

/**
 * 客户资金 = 资金流水: an account's received, consumed and frozen figures are its ledger's
 * (received: receipts and refunds; consumed: consumption and its reversals; frozen: the frozen
 * deltas), so available = received + valid credit - consumed - frozen holds by the view; and the
 * ledger's receipts are the audited receipts and refunds themselves.
 */
export const accountLedgerCheck: ConsistencyCheck = {
  key: 'money.account',
  name: '客户资金账户等于资金流水合计',
  nameEn: 'Customer account equals its ledger',
  async find(db, limit) {
    const { rows } = await sql<Breach>`
      WITH ledger AS (
        SELECT org_id, customer_id,
               sum(delta) FILTER (WHERE kind LIKE 'RECEIPT%' OR kind LIKE 'REFUND%') AS received,
               -sum(delta) FILTER (WHERE kind LIKE 'CONSUME%') AS consumed,
               sum(frozen_delta) AS frozen
          FROM fm_ledger GROUP BY org_id, customer_id),
      figures AS (
        SELECT coalesce(a.org_id, l.org_id) AS org_id, coalesce(a.customer_id, l.customer_id) AS customer_id, f.figure, f.held, f.expected
          FROM fm_account a
          FULL JOIN ledger l ON l.org_id = a.org_id AND l.customer_id = a.customer_id
         CROSS JOIN LATERAL (VALUES ('received', coalesce(a.received, 0), coalesce(l.received, 0)),
                                    ('consumed', coalesce(a.consumed, 0), coalesce(l.consumed, 0)),
                                    ('frozen', coalesce(a.frozen, 0), coalesce(l.frozen, 0))) AS f(figure, held, expected)
        UNION ALL
        -- the receipts' side: what the ledger took in for each receipt is its amount while audited, else nothing
        SELECT r.org_id, r.customer_id, 'receipt ' || r.receipt_no,
               coalesce((SELECT sum(delta) FROM fm_ledger x WHERE x.doc_kind = 'receipt' AND x.doc_id = r.id), 0),
               CASE WHEN r.doc_status = 'AUDITED' THEN (CASE r.receipt_kind WHEN 'REFUND' THEN -r.amount ELSE r.amount END) ELSE 0 END
          FROM fm_receipt r)
      SELECT f.org_id::text AS "orgId", '客户 ' || coalesce(c.customer_code || ' ' || c.customer_name, f.customer_id::text) AS ref,
             f.figure, trim_scale(f.held)::text AS held, trim_scale(f.expected)::text AS expected
        FROM figures f LEFT JOIN md_customer c ON c.id = f.customer_id
       WHERE f.held <> f.expected
       ORDER BY 1, 2, 3 LIMIT ${limit}`.execute(db);
    return rows;
  },
};
