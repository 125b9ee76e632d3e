import { sql } from 'kysely';
import type { Breach, ConsistencyCheck } from '../../platform/checks/define';

/**
 * 结算单合计 = 明细: a settlement's (goods or freight) header holds its rows' and adjustment rows'
 * sums (rules.ts totalsOf), its invoices' and payments' sums, and its rows' count.
 */
export const settlementTotalsCheck: ConsistencyCheck = {
  key: 'settlement.totals',
  name: '结算单合计等于明细合计',
  nameEn: 'Settlement totals equal their rows',
  async find(db, limit) {
    const { rows } = await sql<Breach>`
      WITH sums AS (
        SELECT s.id, s.org_id, s.settle_no, s.ticket_count, s.total_net, s.rows_amount, s.rows_tax, s.adjust_amount, s.total_amount, s.invoiced_amount, s.paid_amount,
               r.n, r.net, r.amount, r.tax, a.amount AS adjust, i.amount AS invoiced, p.amount AS paid
          FROM wb_settlement s
         CROSS JOIN LATERAL (SELECT count(*) AS n, coalesce(sum(net), 0) AS net, coalesce(sum(amount), 0) AS amount, coalesce(sum(tax), 0) AS tax
                               FROM wb_settlement_row WHERE settlement_id = s.id) r
         CROSS JOIN LATERAL (SELECT coalesce(sum(amount), 0) AS amount FROM wb_settlement_adjust WHERE settlement_id = s.id) a
         CROSS JOIN LATERAL (SELECT coalesce(sum(amount), 0) AS amount FROM wb_settlement_invoice WHERE settlement_id = s.id) i
         CROSS JOIN LATERAL (SELECT coalesce(sum(amount), 0) AS amount FROM wb_settlement_payment WHERE settlement_id = s.id) p)
      SELECT s.org_id::text AS "orgId", '结算单 ' || s.settle_no AS ref, f.figure, trim_scale(f.held)::text AS held, trim_scale(f.expected)::text AS expected
        FROM sums s
       CROSS JOIN LATERAL (VALUES ('ticketCount', s.ticket_count::numeric, s.n::numeric), ('totalNet', s.total_net, s.net),
                                  ('rowsAmount', s.rows_amount, s.amount), ('rowsTax', s.rows_tax, s.tax), ('adjustAmount', s.adjust_amount, s.adjust),
                                  ('totalAmount', s.total_amount, s.amount + s.adjust), ('invoicedAmount', s.invoiced_amount, s.invoiced),
                                  ('paidAmount', s.paid_amount, s.paid)) AS f(figure, held, expected)
       WHERE f.held <> f.expected
       ORDER BY 1, 2, 3 LIMIT ${limit}`.execute(db);
    return rows;
  },
};
