import type { Kysely, RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../platform/db/schema';
import {
  noticeLinePriceOf, patternRulesOfKeysSql, PRICE_SOURCES, priceRuleSource, resolvePrice, ruleOf, type NoticeLinePrice, type PricePick, type PriceQuery,
} from './resolve';
import type { PriceRule } from './rules';
import type { Packing, TransportMode } from './rules';

/**
 * The price a ticket takes at its completion (the second weighing), in the weighing's
 * transaction. What the chain needs to know of the ticket is its own row (which the call holds)
 * and what priceFactsSql reads along with the weighing's other facts in their one round trip, so
 * that a truck priced by its notice line costs no query more, nor does a truck without a notice
 * line priced by a rule (the rules' keys and probe ride along); a truck on a line that does not
 * price it costs one statement for the rules' keys and probe, after the contract's query when the
 * line draws on a contract line.
 */

const PRICED_KINDS = new Set(['pu', 'sa', 'al']);

/** Whether a completing ticket of this kind takes a price (the weighing reads the chain's facts only then). */
export const pricedAtCompletion = (kind: string): boolean => PRICED_KINDS.has(kind);

/** What the chain reads of the completing ticket's own row, which the call already holds (weighing/identify.ts ticketOfSecond). */
export interface PricedTicket {
  id: string; kind: string; material_id: string | null; vendor_id: string | null; customer_id: string | null; notice_line_id: string | null;
  price_source: string | null;
}

/** The truck's keys the price rules are matched on (resolve.ts keyPatterns), with the rules' probe when it was read with them. */
export interface RuleKeys {
  routeId: string | null;
  transport: TransportMode;
  packing: Packing | null;
  /** the rules' probe at the completion's time; absent: not read */
  patternRules?: PriceRule[];
}

export interface PriceFacts {
  ticketId: string;
  kind: string;
  materialId: string | null;
  partyId: string | null;
  noticeLineId: string | null;
  /** the price was changed by hand (改价) before completion: the hand's price stands */
  manual: boolean;
  noticeLine: NoticeLinePrice | null;
  /** the rules' keys and probe, read with the facts when the truck has no notice line; absent: read only if the chain gets to the rules */
  rules?: RuleKeys;
}

const partyOf = (t: PricedTicket) => (t.kind === 'pu' ? t.vendor_id : t.customer_id);

/**
 * What the chain needs beyond the ticket's row, as a fragment the weighing's facts statement
 * carries. A truck on a notice line (the usual one) needs the line's price and what names it (two
 * primary-key probes), and nothing of the rules: the statement then holds no part of their probe (a
 * part held but not run is still set up at each execution of its plan). Its route, transport and
 * packing and the probe are asked apart, only when neither the line nor its contract line prices it
 * (priceAtCompletion). A truck without a notice line goes straight to the rules: its keys and the
 * probe are read at once.
 */
export function priceFactsSql(orgId: string, ticket: PricedTicket, at: Date): RawBuilder<unknown> {
  if (ticket.notice_line_id === null) {
    const probe = PROBED_KINDS.has(ticket.kind) && ticket.material_id !== null && ticket.price_source !== 'MANUAL';
    return sql`SELECT (SELECT row_to_json(k) FROM (${ruleKeysSql(orgId, ticket.id, at, probe)}) k) AS rule_keys`;
  }
  return sql`SELECT l.price::text AS line_price, ln.notice_no AS line_notice_no, l.seq AS line_seq, l.contract_line_id::text AS line_contract_line_id
    FROM wb_notice_line l JOIN wb_notice ln ON ln.id = l.notice_id WHERE l.org_id = ${orgId} AND l.id = ${ticket.notice_line_id}::bigint`;
}

/**
 * The same for a truck on a notice line whose row the statement already holds, locked, as the
 * common table expression `lineCte` (weighing/facts-repo.ts: lockLineSql's row): the line is not
 * read twice, only its notice's number is probed.
 */
export function lockedLinePriceSql(lineCte: string): RawBuilder<unknown> {
  return sql`SELECT l.price AS line_price, ln.notice_no AS line_notice_no, l.seq AS line_seq, l.contract_line_id AS line_contract_line_id
    FROM ${sql.raw(lineCte)} l JOIN wb_notice ln ON ln.id = l.notice_id`;
}

// the kinds the price rules price (an allot is priced by its notice or contract only)
const PROBED_KINDS = new Set(['pu', 'sa']);

/** The ticket's rule keys (its registry's or notice's route, its material's transport and packing), with the rules' probe at `at` when `probe`. */
function ruleKeysSql(orgId: string, ticketId: string, at: Date, probe: boolean): RawBuilder<unknown> {
  // the same keys ruleKeysOf reads: a track scale weighs wagons, a packed material is bagged
  const transport = sql`CASE WHEN m.weigh_type = 'TRACK_SCALE' THEN 'RAIL' ELSE 'ROAD' END`;
  const packing = sql`CASE WHEN m.is_pack THEN 'BAG' WHEN NOT m.is_pack THEN 'BULK' END`;
  const party = sql`CASE WHEN t.kind = 'pu' THEN t.vendor_id ELSE t.customer_id END`;
  const rules = probe
    ? sql`(SELECT coalesce(json_agg(x), '[]') FROM (${patternRulesOfKeysSql(orgId, {
      kind: sql`t.kind`, materialId: sql`t.material_id`, partyId: party, routeId: sql`coalesce(r.line_id, n.line_id)`, transport, packing,
    }, at)}) x)`
    : sql`NULL`;
  return sql`SELECT coalesce(r.line_id, n.line_id)::text AS route_id, m.is_pack, m.weigh_type, ${rules} AS pattern_rules
    FROM wb_ticket t
    LEFT JOIN wb_registry r ON r.id = t.registry_id
    LEFT JOIN wb_notice n ON n.id = t.notice_id
    LEFT JOIN md_material m ON m.id = t.material_id
   WHERE t.org_id = ${orgId} AND t.id = ${ticketId}::bigint`;
}

function ruleKeysOf(row: Record<string, unknown>): RuleKeys {
  return {
    routeId: (row.route_id as string | null) ?? null,
    // a truck scale weighs trucks; a track scale, wagons
    transport: row.weigh_type === 'TRACK_SCALE' ? 'RAIL' : 'ROAD',
    packing: row.is_pack === null || row.is_pack === undefined ? null : row.is_pack ? 'BAG' : 'BULK',
    ...(Array.isArray(row.pattern_rules) ? { patternRules: (row.pattern_rules as Record<string, unknown>[]).map(ruleOf) } : {}),
  };
}

/** The chain's facts from the ticket's row and what priceFactsSql read (null: the ticket is gone, or its line is). */
export function priceFactsOf(ticket: PricedTicket, row: Record<string, unknown> | null): PriceFacts {
  const facts: PriceFacts = {
    ticketId: ticket.id, kind: ticket.kind, materialId: ticket.material_id, partyId: partyOf(ticket), noticeLineId: ticket.notice_line_id,
    manual: ticket.price_source === 'MANUAL', noticeLine: null,
  };
  if (ticket.notice_line_id !== null && row && row.line_notice_no !== null && row.line_notice_no !== undefined) {
    facts.noticeLine = noticeLinePriceOf({ price: row.line_price, notice_no: row.line_notice_no, seq: row.line_seq, contract_line_id: row.line_contract_line_id ?? null });
  }
  if (row?.rule_keys) facts.rules = ruleKeysOf(row.rule_keys as Record<string, unknown>);
  return facts;
}

/** The ticket columns the completion writes: the price and where it came from; nothing for a ticket not priced here. */
export interface PriceColumns {
  price?: string | null; price_source?: PricePick['source'] | null; price_ref?: string | null; price_label?: string | null;
  /** 085: what the price is per */
  price_basis?: 'NET' | 'VOLUME';
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
  const q: PriceQuery = {
    orgId, kind: facts.kind as 'pu' | 'sa' | 'al', noticeLineId: facts.noticeLineId, materialId: facts.materialId, partyId: facts.partyId, at,
    noticeLine: facts.noticeLine, ...(facts.rules ?? {}),
  };
  // the rules' keys not read yet: the sources before the rules first, and the keys (with the probe) only if none of them prices the truck
  let pick = await resolvePrice(tx, q, facts.rules ? PRICE_SOURCES : SOURCES_BEFORE_RULES);
  if (!pick && !facts.rules && PROBED_KINDS.has(facts.kind)) {
    const { rows } = await sql<Record<string, unknown>>`${ruleKeysSql(orgId, facts.ticketId, at, PROBED_KINDS.has(facts.kind))}`.execute(tx);
    pick = rows[0] ? await resolvePrice(tx, { ...q, ...ruleKeysOf(rows[0]) }, SOURCES_FROM_RULES) : null;
  }
  return {
    price: pick?.price ?? null,
    columns: { price: pick?.price ?? null, price_source: pick?.source ?? null, price_ref: pick?.ref ?? null, price_label: pick?.label ?? null, price_basis: pick?.basis ?? 'NET' },
  };
}

// the chain cut at the rules, its order kept: a source after the rules (the computation group's)
// never prices a truck before the material's own rules were asked
const RULES_AT = PRICE_SOURCES.indexOf(priceRuleSource);
const SOURCES_BEFORE_RULES = PRICE_SOURCES.slice(0, RULES_AT);
const SOURCES_FROM_RULES = PRICE_SOURCES.slice(RULES_AT);
