import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { PartySums, ReconcileParty } from './reconcile-rules';

/**
 * The reconciliation's one statement: the period's counted tickets of each party (completed,
 * audited or posted, with a net; not a return, which is a ticket of its own) and, for a vendor or a
 * customer, the wagons of its audited trains arrived in the period (轨道衡, at their stamped
 * amount, migration 105), whether a settlement
 * holds them (the goods settlement for a vendor or a customer, the freight settlement for a
 * carrier: the ticket's own column; a goods settlement's claim is its row) with its row's amount, and the settlements holding any of them
 * with their totals, invoiced and paid. Days are the database's calendar days, [from, to].
 */
const PARTY: Record<ReconcileParty, { kind: string | null; column: string; holder: string; scope: 'GOODS' | 'FREIGHT'; name: string }> = {
  vendor: { kind: 'pu', column: 'vendor_id', holder: "(SELECT r.settlement_id FROM wb_settlement_row r WHERE r.scope = 'GOODS' AND r.ticket_id = t.id)", scope: 'GOODS', name: 'SELECT v.vendor_name FROM md_vendor v WHERE v.id = p.party_id' },
  customer: { kind: 'sa', column: 'customer_id', holder: "(SELECT r.settlement_id FROM wb_settlement_row r WHERE r.scope = 'GOODS' AND r.ticket_id = t.id)", scope: 'GOODS', name: 'SELECT c.customer_name FROM md_customer c WHERE c.id = p.party_id' },
  carrier: { kind: null, column: 'carrier_id', holder: 't.freight_settled_by_id', scope: 'FREIGHT', name: 'SELECT c.carrier_name FROM md_carrier c WHERE c.id = p.party_id' },
};

export async function partySums(db: Kysely<DB>, orgId: string, party: ReconcileParty, from: string, to: string, partyId: string | null): Promise<PartySums[]> {
  const p = PARTY[party];
  const goods = p.scope === 'GOODS';
  const { rows } = await sql<Record<string, unknown>>`
    WITH tk AS (
      SELECT t.id, t.${sql.raw(p.column)} AS party_id, t.net, coalesce(t.amount, 0) AS amount, ${sql.raw(p.holder)} AS holder_id
        FROM wb_ticket t
       WHERE t.org_id = ${orgId} AND (${p.kind}::text IS NULL OR t.kind = ${p.kind}) AND t.${sql.raw(p.column)} IS NOT NULL
         AND (${partyId}::bigint IS NULL OR t.${sql.raw(p.column)} = ${partyId}::bigint)
         AND t.state IN ('COMPLETED', 'AUDITED', 'POSTED') AND t.net IS NOT NULL AND t.source_ticket_id IS NULL
         AND t.completed_at >= ${from}::date AND t.completed_at < ${to}::date + 1
    ), t AS (
      SELECT tk.party_id, tk.net, tk.amount, tk.holder_id, r.amount AS row_amount
        FROM tk LEFT JOIN wb_settlement_row r ON r.ticket_id = tk.id AND r.scope = ${p.scope} AND r.settlement_id = tk.holder_id
      ${goods ? sql`UNION ALL
      -- the audited trains' wagons (轨道衡) of the party arrived in the period, at the amount their
      -- audit stamped (105); held by the goods settlement whose row claims them (UNIQUE (scope, wagon_id))
      SELECT tr.${sql.raw(p.column)}, w.net, coalesce(w.amount, 0), r.settlement_id, r.amount
        FROM wb_train tr
        JOIN wb_wagon w ON w.org_id = tr.org_id AND w.train_id = tr.id
        LEFT JOIN wb_settlement_row r ON r.scope = 'GOODS' AND r.wagon_id = w.id
       WHERE tr.org_id = ${orgId} AND tr.kind = ${p.kind} AND tr.doc_status = 'AUDITED' AND tr.${sql.raw(p.column)} IS NOT NULL
         AND (${partyId}::bigint IS NULL OR tr.${sql.raw(p.column)} = ${partyId}::bigint) AND w.net IS NOT NULL
         AND tr.arrived_at >= ${from}::date AND tr.arrived_at < ${to}::date + 1` : sql``}
    ), tickets AS (
      SELECT t.party_id, count(*)::int AS weighed_count, sum(t.net) AS weighed_tons,
             ${goods ? sql`sum(t.amount)` : sql`0`} AS weighed_amount,
             count(t.holder_id)::int AS settled_count, coalesce(sum(t.net) FILTER (WHERE t.holder_id IS NOT NULL), 0) AS settled_tons,
             coalesce(sum(t.row_amount), 0) AS settled_amount,
             ${goods ? sql`coalesce(sum(t.amount) FILTER (WHERE t.holder_id IS NULL), 0)` : sql`0`} AS unsettled_amount
        FROM t
       GROUP BY t.party_id
    ), held AS (
      SELECT h.party_id, count(*)::int AS settlement_count, sum(s.total_amount) AS settlement_total, sum(s.invoiced_amount) AS invoiced, sum(s.paid_amount) AS paid
        FROM (SELECT DISTINCT party_id, holder_id FROM t WHERE holder_id IS NOT NULL) h JOIN wb_settlement s ON s.id = h.holder_id
       GROUP BY h.party_id
    )
    SELECT p.party_id::text, (${sql.raw(p.name)}) AS party_name, p.weighed_count, trim_scale(p.weighed_tons)::text AS weighed_tons,
           trim_scale(p.weighed_amount)::text AS weighed_amount, p.settled_count, trim_scale(p.settled_tons)::text AS settled_tons,
           trim_scale(p.settled_amount)::text AS settled_amount, trim_scale(p.unsettled_amount)::text AS unsettled_amount,
           coalesce(h.settlement_count, 0) AS settlement_count, trim_scale(coalesce(h.settlement_total, 0))::text AS settlement_total,
           trim_scale(coalesce(h.invoiced, 0))::text AS invoiced, trim_scale(coalesce(h.paid, 0))::text AS paid
      FROM tickets p LEFT JOIN held h ON h.party_id = p.party_id`.execute(db);
  return rows.map((r) => ({
    partyId: r.party_id as string, partyName: (r.party_name as string | null) ?? '', weighedCount: Number(r.weighed_count), weighedTons: r.weighed_tons as string,
    weighedAmount: r.weighed_amount as string, settledCount: Number(r.settled_count), settledTons: r.settled_tons as string, settledAmount: r.settled_amount as string,
    unsettledAmount: r.unsettled_amount as string, settlementCount: Number(r.settlement_count), settlementTotal: r.settlement_total as string,
    invoicedAmount: r.invoiced as string, paidAmount: r.paid as string,
  }));
}
