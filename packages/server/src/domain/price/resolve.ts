import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { contractPriceSource } from '../contract/price-source';
import { pickRule, type Packing, type PriceRule, type TransportMode } from './rules';

/**
 * A ticket's price, decided at its completion: the first source of the chain that knows one wins.
 *
 * The chain is the ordered array PRICE_SOURCES: the notice line's price, then the contract row the
 * notice line is drawn on, then the price rules (rules.ts). A family that prices trucks another
 * way adds its PriceSource to the array at its place; nothing else changes. Every source reads in
 * the caller's transaction, so the price is the one in force at `at` as that transaction sees it.
 */

export interface PriceQuery {
  orgId: string;
  kind: 'pu' | 'sa' | 'al';
  noticeLineId: string | null;
  materialId: string;
  /** the customer of a sale, the vendor of a purchase */
  partyId: string | null;
  /** the completion time: the price in force then */
  at: Date;
  /** the route (md_line) the truck's registry or notice names: the rules' destination key */
  routeId?: string | null;
  transport?: TransportMode | null;
  packing?: Packing | null;
  /**
   * The notice line's price as this transaction already read it (noticeLinePriceSql), so the
   * notice line source need not ask again; absent: it asks.
   */
  noticeLine?: NoticeLinePrice | null;
  /**
   * patternRules' answer for this query as this transaction already read it (patternRulesOfKeysSql,
   * at `at`), so the price rule source need not ask again; absent: it asks.
   */
  patternRules?: PriceRule[];
}

export interface PricePick {
  price: string;
  source: 'NOTICE_LINE' | 'CONTRACT' | 'PRICE_RULE';
  /** the id of the row that gave the price */
  ref: string | null;
  /** what the ticket screens show of it */
  label: string;
  /** 085: per ton weighed (NET, the default) or per m3 gauged (VOLUME) */
  basis?: 'NET' | 'VOLUME';
}

export interface PriceSource {
  source: PricePick['source'];
  find(tx: Kysely<DB>, q: PriceQuery): Promise<PricePick | null>;
}

export interface NoticeLinePrice {
  price: string | null;
  noticeNo: string;
  seq: number;
  /** the contract line the notice line is drawn on, as read with it; absent: not read */
  contractLineId?: string | null;
}

/** The notice line's price and what names it, as a fragment another statement can carry. */
export function noticeLinePriceSql(orgId: string, noticeLineId: string | null): RawBuilder<unknown> {
  return sql`SELECT l.price::text AS price, n.notice_no, l.seq, l.contract_line_id::text FROM wb_notice_line l JOIN wb_notice n ON n.id = l.notice_id
    WHERE l.org_id = ${orgId} AND l.id = ${noticeLineId}::bigint`;
}

export function noticeLinePriceOf(row: Record<string, unknown> | null): NoticeLinePrice | null {
  if (!row) return null;
  const line: NoticeLinePrice = { price: (row.price as string | null) ?? null, noticeNo: row.notice_no as string, seq: Number(row.seq) };
  if (row.contract_line_id !== undefined) line.contractLineId = (row.contract_line_id as string | null) ?? null;
  return line;
}

export const noticeLineSource: PriceSource = {
  source: 'NOTICE_LINE',
  async find(tx, q) {
    if (q.noticeLineId === null) return null;
    let line = q.noticeLine;
    if (line === undefined) {
      const { rows } = await sql<Record<string, unknown>>`${noticeLinePriceSql(q.orgId, q.noticeLineId)}`.execute(tx);
      line = noticeLinePriceOf(rows[0] ?? null);
    }
    if (!line || line.price === null) return null;
    return { price: line.price, source: 'NOTICE_LINE', ref: q.noticeLineId, label: `通知单 ${line.noticeNo} 第${line.seq}行` };
  },
};

/**
 * Every audited rule of the material and kind in force at `at` whose set keys all equal the
 * truck's, best first in rules.ts's order, at most `limit` of them. It reads every rule of the
 * material begun by then: the reference the pattern probes (patternRules) are checked against
 * (resolve.test.ts), not what a weighing asks.
 */
export async function candidateRules(tx: Kysely<DB>, q: PriceQuery, limit: number | null = null): Promise<PriceRule[]> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT id::text, rule_no, price::text, tax_rate::text, party_id::text, route_id::text, transport, packing, effective_from, effective_to, price_basis
      FROM wb_price_rule
     WHERE org_id = ${q.orgId} AND kind = ${q.kind} AND material_id = ${q.materialId}::bigint AND doc_status = 'AUDITED'
       AND effective_from <= ${q.at} AND (effective_to IS NULL OR effective_to > ${q.at})
       AND (party_id IS NULL OR party_id = ${q.partyId}::bigint) AND (route_id IS NULL OR route_id = ${q.routeId ?? null}::bigint)
       AND (transport IS NULL OR transport = ${q.transport ?? null}::text) AND (packing IS NULL OR packing = ${q.packing ?? null}::text)
     ORDER BY num_nonnulls(party_id, route_id, transport, packing) DESC, effective_from DESC, length(rule_no) DESC, rule_no COLLATE "C" DESC
     LIMIT ${limit}::int`.execute(tx);
  return rows.map(ruleOf);
}

/**
 * The key patterns a truck can match: each of party, route, transport and packing either unset
 * (0 or '', as index wb_price_rule_probe holds it) or the truck's, when the truck knows it. At
 * most 16.
 */
export function keyPatterns(q: PriceQuery): { partyId: string; routeId: string; transport: string; packing: string }[] {
  const either = <T>(unset: T, v: T | null | undefined): T[] => (v === null || v === undefined ? [unset] : [unset, v]);
  return either('0', q.partyId).flatMap((partyId) => either('0', q.routeId).flatMap((routeId) =>
    either('', q.transport).flatMap((transport) => either('', q.packing).map((packing) => ({ partyId, routeId, transport, packing })))));
}

/**
 * For each key pattern the truck can match, the rule of exactly that pattern that would price it:
 * the latest begun by `at` and not ended then, the higher number on a tie (one index probe each,
 * index wb_price_rule_probe). A later rule of the pattern that has already ended is passed over,
 * so an earlier one still in force is found. At most 16 rows, one of which is the best match of
 * all: rules.ts picks it.
 */
export async function patternRules(tx: Kysely<DB>, q: PriceQuery): Promise<PriceRule[]> {
  const { rows } = await sql<Record<string, unknown>>`${patternRulesSql(q)}`.execute(tx);
  return rows.map(ruleOf);
}

/** patternRules' statement, for its plan to be read (bench/price-resolution.ts). */
export function patternRulesSql(q: PriceQuery): RawBuilder<unknown> {
  const k = keyPatterns(q);
  // one function scan of the patterns side by side: planning four crossed lists cost more than the probes
  return sql`
    SELECT r.* FROM unnest(${k.map((x) => x.partyId)}::bigint[], ${k.map((x) => x.routeId)}::bigint[], ${k.map((x) => x.transport)}::text[],
        ${k.map((x) => x.packing)}::text[]) AS k(party_key, route_key, transport_key, packing_key)
      CROSS JOIN LATERAL (${patternProbeSql(q.orgId, sql`${q.kind}`, sql`${q.materialId}::bigint`, q.at)}) r`;
}

/**
 * The same probe with the truck's keys as columns of another statement (the ticket's row in the
 * weighing's facts: domain/price/completion.ts), so a weighing priced by a rule asks nothing apart.
 * The patterns are keyPatterns' in SQL: each key unset, or the truck's when it has one.
 */
export function patternRulesOfKeysSql(orgId: string, k: { kind: RawBuilder<unknown>; materialId: RawBuilder<unknown>; partyId: RawBuilder<unknown>;
  routeId: RawBuilder<unknown>; transport: RawBuilder<unknown>; packing: RawBuilder<unknown> }, at: Date): RawBuilder<unknown> {
  return sql`
    SELECT r.* FROM unnest(ARRAY[0, ${k.partyId}]::bigint[]) AS pk(party_key) CROSS JOIN unnest(ARRAY[0, ${k.routeId}]::bigint[]) AS rk(route_key)
      CROSS JOIN unnest(ARRAY['', ${k.transport}]::text[]) AS tk(transport_key) CROSS JOIN unnest(ARRAY['', ${k.packing}]::text[]) AS ck(packing_key)
      CROSS JOIN LATERAL (${patternProbeSql(orgId, k.kind, k.materialId, at)}) r
     WHERE party_key IS NOT NULL AND route_key IS NOT NULL AND transport_key IS NOT NULL AND packing_key IS NOT NULL`;
}

/** The rule of exactly one key pattern (party_key, route_key, transport_key, packing_key) in force at `at`. */
function patternProbeSql(orgId: string, kind: RawBuilder<unknown>, materialId: RawBuilder<unknown>, at: Date,
  target: 'material_id' | 'calc_group_id' = 'material_id'): RawBuilder<unknown> {
  return sql`
        SELECT id::text, rule_no, price::text, tax_rate::text, party_id::text, route_id::text, transport, packing, effective_from, effective_to, price_basis
          FROM wb_price_rule
         WHERE org_id = ${orgId} AND kind = ${kind} AND ${sql.ref(target)} = ${materialId} AND doc_status = 'AUDITED'
           AND coalesce(party_id, 0) = party_key AND coalesce(route_id, 0) = route_key
           AND coalesce(transport, '') = transport_key AND coalesce(packing, '') = packing_key
           AND effective_from <= ${at} AND (effective_to IS NULL OR effective_to > ${at})
         ORDER BY effective_from DESC, length(rule_no) DESC, rule_no COLLATE "C" DESC
         LIMIT 1`;
}

export function ruleOf(r: Record<string, unknown>): PriceRule {
  return {
    id: r.id as string, ruleNo: r.rule_no as string, price: r.price as string, taxRate: (r.tax_rate as string | null) ?? null,
    partyId: (r.party_id as string | null) ?? null, routeId: (r.route_id as string | null) ?? null,
    transport: (r.transport as TransportMode | null) ?? null, packing: (r.packing as Packing | null) ?? null,
    from: new Date(r.effective_from as string), to: r.effective_to ? new Date(r.effective_to as string) : null,
    ...(r.price_basis === 'VOLUME' ? { basis: 'VOLUME' as const } : {}),
  };
}

export const priceRuleSource: PriceSource = {
  source: 'PRICE_RULE',
  async find(tx, q) {
    // price lists are kept for sales and purchases; an allot is priced by its notice or contract
    if (q.kind === 'al') return null;
    const truck = { partyId: q.partyId, routeId: q.routeId ?? null, transport: q.transport ?? null, packing: q.packing ?? null };
    const rule = pickRule(q.patternRules ?? (await patternRules(tx, q)), truck, q.at);
    return rule ? { price: rule.price, source: 'PRICE_RULE', ref: rule.id, label: `价格规则 ${rule.ruleNo}`, ...(rule.basis ? { basis: rule.basis } : {}) } : null;
  },
};

/**
 * The rules of the material's computation group (migration 080), each pattern probed as the
 * material's are (index wb_price_rule_group_probe), with the group's name. A material is in at
 * most one group of its company; a disabled group prices nothing.
 */
export async function groupPatternRules(tx: Kysely<DB>, q: PriceQuery): Promise<{ rules: PriceRule[]; groupName: string | null }> {
  const k = keyPatterns(q);
  const { rows } = await sql<Record<string, unknown>>`
    SELECT r.*, g.group_name FROM md_calc_group_member gm JOIN md_calc_group g ON g.id = gm.group_id AND g.enabled
      CROSS JOIN unnest(${k.map((x) => x.partyId)}::bigint[], ${k.map((x) => x.routeId)}::bigint[], ${k.map((x) => x.transport)}::text[],
        ${k.map((x) => x.packing)}::text[]) AS k(party_key, route_key, transport_key, packing_key)
      CROSS JOIN LATERAL (${patternProbeSql(q.orgId, sql`${q.kind}`, sql`gm.group_id`, q.at, 'calc_group_id')}) r
     WHERE gm.org_id = ${q.orgId} AND gm.material_id = ${q.materialId}::bigint`.execute(tx);
  return { rules: rows.map(ruleOf), groupName: (rows[0]?.group_name as string | undefined) ?? null };
}

/**
 * A computation group's price: asked only when no rule of the material itself prices the truck, so
 * a material's own rule, however general, stands before its group's, however specific (the group
 * price is the default a material may depart from). Among the group's rules the pick is rules.ts's.
 */
export const calcGroupPriceSource: PriceSource = {
  source: 'PRICE_RULE',
  async find(tx, q) {
    if (q.kind === 'al') return null;
    const { rules, groupName } = await groupPatternRules(tx, q);
    if (rules.length === 0) return null;
    const truck = { partyId: q.partyId, routeId: q.routeId ?? null, transport: q.transport ?? null, packing: q.packing ?? null };
    const rule = pickRule(rules, truck, q.at);
    return rule ? { price: rule.price, source: 'PRICE_RULE', ref: rule.id, label: `价格规则 ${rule.ruleNo}（计算组 ${groupName}）`, ...(rule.basis ? { basis: rule.basis } : {}) } : null;
  },
};

/**
 * The chain, in the order the trade reads it (domain notes, "Money, contracts and prices"): the
 * notice line, the contract row it is drawn on (domain/contract/price-source.ts), the material's
 * price rules, then its computation group's.
 */
export const PRICE_SOURCES: PriceSource[] = [noticeLineSource, contractPriceSource, priceRuleSource, calcGroupPriceSource];

/** The price in force for the truck at `q.at`, from the first source that has one; null when none has. */
export async function resolvePrice(tx: Kysely<DB>, q: PriceQuery, sources: readonly PriceSource[] = PRICE_SOURCES): Promise<PricePick | null> {
  for (const s of sources) {
    const pick = await s.find(tx, q);
    if (pick) return pick;
  }
  return null;
}
