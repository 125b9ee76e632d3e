import type { Kysely, RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { noticeLinePriceOf, patternRulesOfKeysSql, resolvePrice, ruleOf, type NoticeLinePrice, type PricePick } from './resolve';
import type { PriceRule } from './rules';
import type { Packing, TransportMode } from './rules';

/**
 * The price a ticket takes at its completion (the second weighing), in the weighing's
 * transaction. What the chain needs to know of the ticket is read along with the weighing's
 * other facts (priceFactsSql in its one round trip), so that a truck priced by its notice line
 * costs no query more, nor does a truck priced by a rule when its notice line has no price and
 * draws on no contract line (the rules' probe rides along); one whose contract line has no price
 * costs the contract's query and the probe.
 */

const PRICED_KINDS = new Set(['pu', 'sa', 'al']);

/** Whether a completing ticket of this kind takes a price (the weighing reads the chain's facts only then). */
export const pricedAtCompletion = (kind: string): boolean => PRICED_KINDS.has(kind);

export interface PriceFacts {
  kind: string;
  materialId: string | null;
  partyId: string | null;
  noticeLineId: string | null;
  routeId: string | null;
  transport: TransportMode;
  packing: Packing | null;
  /** the price was changed by hand (改价) before completion: the hand's price stands */
  manual: boolean;
  noticeLine: NoticeLinePrice | null;
  /** the rules' probe at the completion's time, read when nothing before the rules can price the truck; absent: not read */
  patternRules?: PriceRule[];
}

/**
 * The ticket's pricing keys as a fragment the weighing's facts statement carries, with the price
 * rules' probe at `at` (the completion's time) when the notice line can price nothing (no price,
 * drawn on no contract line) or there is none: the chain would go on to the rules.
 */
export function priceFactsSql(orgId: string, ticketId: string | null, at: Date): RawBuilder<unknown> {
  // the same keys priceFactsOf reads: a track scale weighs wagons, a packed material is bagged
  const transport = sql`CASE WHEN m.weigh_type = 'TRACK_SCALE' THEN 'RAIL' ELSE 'ROAD' END`;
  const packing = sql`CASE WHEN m.is_pack THEN 'BAG' WHEN NOT m.is_pack THEN 'BULK' END`;
  const party = sql`CASE WHEN t.kind = 'pu' THEN t.vendor_id ELSE t.customer_id END`;
  const probe = patternRulesOfKeysSql(orgId, {
    kind: sql`t.kind`, materialId: sql`t.material_id`, partyId: party, routeId: sql`coalesce(r.line_id, n.line_id)`, transport, packing,
  }, at);
  return sql`SELECT t.kind, t.material_id::text, (${party})::text AS party_id,
      t.notice_line_id::text, coalesce(r.line_id, n.line_id)::text AS route_id, m.is_pack, m.weigh_type, t.price_source,
      l.price::text AS line_price, ln.notice_no AS line_notice_no, l.seq AS line_seq, l.contract_line_id::text AS line_contract_line_id,
      CASE WHEN t.kind IN ('pu', 'sa') AND t.material_id IS NOT NULL AND t.price_source IS DISTINCT FROM 'MANUAL'
            AND (t.notice_line_id IS NULL OR (ln.id IS NOT NULL AND l.price IS NULL AND l.contract_line_id IS NULL))
        THEN (SELECT coalesce(json_agg(x), '[]') FROM (${probe}) x) END AS pattern_rules
    FROM wb_ticket t
    LEFT JOIN wb_registry r ON r.id = t.registry_id
    LEFT JOIN wb_notice n ON n.id = t.notice_id
    LEFT JOIN md_material m ON m.id = t.material_id
    LEFT JOIN wb_notice_line l ON l.id = t.notice_line_id
    LEFT JOIN wb_notice ln ON ln.id = l.notice_id
   WHERE t.org_id = ${orgId} AND t.id = ${ticketId}::bigint`;
}

export function priceFactsOf(row: Record<string, unknown> | null): PriceFacts | null {
  if (!row) return null;
  return {
    kind: row.kind as string, materialId: (row.material_id as string | null) ?? null, partyId: (row.party_id as string | null) ?? null,
    noticeLineId: (row.notice_line_id as string | null) ?? null, routeId: (row.route_id as string | null) ?? null,
    // a truck scale weighs trucks; a track scale, wagons
    transport: row.weigh_type === 'TRACK_SCALE' ? 'RAIL' : 'ROAD',
    packing: row.is_pack === null || row.is_pack === undefined ? null : row.is_pack ? 'BAG' : 'BULK',
    manual: row.price_source === 'MANUAL',
    noticeLine: row.notice_line_id && row.line_notice_no !== null && row.line_notice_no !== undefined
      ? noticeLinePriceOf({ price: row.line_price, notice_no: row.line_notice_no, seq: row.line_seq, contract_line_id: row.line_contract_line_id ?? null }) : null,
    ...(Array.isArray(row.pattern_rules) ? { patternRules: (row.pattern_rules as Record<string, unknown>[]).map(ruleOf) } : {}),
  };
}

/** The ticket columns the completion writes: the price and where it came from; nothing for a ticket not priced here. */
export interface PriceColumns {
  price?: string | null; price_source?: PricePick['source'] | null; price_ref?: string | null; price_label?: string | null;
}

export interface CompletionPrice {
  /** the price the amount is figured on */
  price: string | null;
  columns: PriceColumns;
}

/**
 * The price in force at `at`: the chain's pick, or no price and no source when nothing prices the
 * truck (it completes unpriced). Kinds without prices (transfers, production...) and a hand-set
 * price keep what the ticket has.
 */
export async function priceAtCompletion(tx: Kysely<DB>, orgId: string, facts: PriceFacts | null, current: string | null, at: Date): Promise<CompletionPrice> {
  if (!facts || !PRICED_KINDS.has(facts.kind) || facts.materialId === null || facts.manual) return { price: current, columns: {} };
  const pick = await resolvePrice(tx, {
    orgId, kind: facts.kind as 'pu' | 'sa' | 'al', noticeLineId: facts.noticeLineId, materialId: facts.materialId, partyId: facts.partyId, at,
    routeId: facts.routeId, transport: facts.transport, packing: facts.packing, noticeLine: facts.noticeLine, patternRules: facts.patternRules,
  });
  return {
    price: pick?.price ?? null,
    columns: { price: pick?.price ?? null, price_source: pick?.source ?? null, price_ref: pick?.ref ?? null, price_label: pick?.label ?? null },
  };
}
