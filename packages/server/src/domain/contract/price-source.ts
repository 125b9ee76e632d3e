import { sql } from 'kysely';
import type { PriceSource } from '../price/resolve';

/**
 * The contract's place in the price chain (notice line, then contract row, then price rule:
 * domain/price/resolve.ts PRICE_SOURCES): a notice line drawn on a line of a contract in force that
 * carries a price gives that price, named by the contract's number. A line left without a price
 * lets the price rules decide.
 */
export const contractPriceSource: PriceSource = {
  source: 'CONTRACT',
  async find(tx, q) {
    if (q.noticeLineId === null) return null;
    // the notice line as the caller already read it: drawn on no contract line, no contract prices it
    if (q.noticeLine === null || (q.noticeLine && q.noticeLine.contractLineId === null)) return null;
    const { rows } = await sql<{ id: string; price: string; contract_no: string; price_basis: 'NET' | 'VOLUME' }>`
      SELECT cl.id::text, trim_scale(cl.price)::text AS price, c.contract_no, cl.price_basis
        FROM wb_notice_line nl JOIN wb_contract_line cl ON cl.id = nl.contract_line_id JOIN wb_contract c ON c.id = cl.contract_id
       WHERE nl.org_id = ${q.orgId} AND nl.id = ${q.noticeLineId}::bigint AND c.doc_status = 'AUDITED' AND cl.price IS NOT NULL`.execute(tx);
    const r = rows[0];
    return r ? { price: r.price, source: 'CONTRACT', ref: r.id, label: r.contract_no, ...(r.price_basis === 'VOLUME' ? { basis: 'VOLUME' as const } : {}) } : null;
  },
};
