import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import type { Database } from '../../platform/db/pool';
import { makeNoticeLine, plantOf, type Plant } from '../weighing/test-support';
import { sql } from 'kysely';
import { candidateRules, keyPatterns, patternRules, patternRulesOfKeysSql, resolvePrice, ruleOf, type PriceQuery, type PriceSource } from './resolve';
import { pickRule, type Packing } from './rules';

let db: Database;
let p: Plant;
const at = new Date('2026-11-25T10:00:00Z');
let serial = 0;

async function rule(o: { price: string; partyId?: string; from?: string; to?: string | null; status?: 'AUDITED' | 'FREE'; kind?: 'sa' | 'pu' }) {
  const row = await db.insertInto('wb_price_rule').values({
    org_id: p.orgId, kind: o.kind ?? 'sa', rule_no: `JGT${String(++serial).padStart(4, '0')}`, doc_status: o.status ?? 'AUDITED', material_id: p.materialId,
    party_id: o.partyId ?? null, price: o.price, effective_from: o.from ?? '2026-11-01T00:00:00Z', effective_to: o.to ?? null,
  }).returning(['id', 'rule_no']).executeTakeFirstOrThrow();
  return row;
}

beforeAll(async () => {
  db = (await freshDatabase()).database.db;
  p = await plantOf(db);
});

const query = (o: Partial<PriceQuery> = {}): PriceQuery => ({
  orgId: p.orgId, kind: 'sa', noticeLineId: null, materialId: p.materialId, partyId: p.customerId, at, ...o,
});

describe('resolvePrice', () => {
  it('the notice line price comes first, then the price rules, and null when neither has one', async () => {
    expect(await resolvePrice(db, query())).toBeNull();
    const general = await rule({ price: '100' });
    const specific = await rule({ price: '95.5', partyId: p.customerId });
    await rule({ price: '1', partyId: p.customerId, status: 'FREE' });
    await rule({ price: '2', partyId: p.customerId, kind: 'pu' });
    await rule({ price: '3', partyId: p.customerId, from: '2026-11-25T10:00:00.001Z' });
    await rule({ price: '4', partyId: p.customerId, from: '2026-11-20T00:00:00Z', to: '2026-11-25T10:00:00Z' });
    expect(await resolvePrice(db, query())).toEqual({ price: '95.5000', source: 'PRICE_RULE', ref: specific.id, label: `价格规则 ${specific.rule_no}` });
    expect(await resolvePrice(db, query({ partyId: null }))).toMatchObject({ price: '100.0000', ref: general.id });

    const priced = await makeNoticeLine(db, p, { kind: 'sa', maxLimit: '100', price: '88' });
    const notice = await db.selectFrom('wb_notice').select('notice_no').where('id', '=', priced.noticeId).executeTakeFirstOrThrow();
    expect(await resolvePrice(db, query({ noticeLineId: priced.lineId }))).toEqual({
      price: '88.0000', source: 'NOTICE_LINE', ref: priced.lineId, label: `通知单 ${notice.notice_no} 第1行`,
    });
    const unpriced = await makeNoticeLine(db, p, { kind: 'sa', maxLimit: '100' });
    expect(await resolvePrice(db, query({ noticeLineId: unpriced.lineId }))).toMatchObject({ source: 'PRICE_RULE', ref: specific.id });
    // an allot has no price list
    expect(await resolvePrice(db, query({ kind: 'al' }))).toBeNull();
  });

  it('a source placed in the chain between them is asked in its turn', async () => {
    const between: PriceSource = { source: 'CONTRACT', find: async (_tx, q) => (q.partyId ? { price: '77', source: 'CONTRACT', ref: 'c1', label: '合同' } : null) };
    const { PRICE_SOURCES } = await import('./resolve');
    const chain = [PRICE_SOURCES[0], between, ...PRICE_SOURCES.slice(1)];
    const unpriced = await makeNoticeLine(db, p, { kind: 'sa', maxLimit: '100' });
    expect(await resolvePrice(db, query({ noticeLineId: unpriced.lineId }), chain)).toMatchObject({ source: 'CONTRACT', price: '77' });
    expect(await resolvePrice(db, query({ noticeLineId: unpriced.lineId, partyId: null }), chain)).toMatchObject({ source: 'PRICE_RULE' });
  });
});

describe('the rule the weighing asks for', () => {
  it('is the one rules.ts picks among every candidate, over many random rules and trucks', async () => {
    const route = await db.insertInto('md_line').values({ org_id: p.orgId, line_code: 'XL-R', line_name: '随机线路', direction: 'SHIP' }).returning('id').executeTakeFirstOrThrow();
    const material = await db.selectFrom('md_material_alloc').select('archive_id').where('org_id', '=', p.orgId).where('archive_id', '<>', p.materialId).orderBy('archive_id').executeTakeFirstOrThrow();
    const parties = ['900001', '900002', '900003'];
    const maybe = <T>(v: T, chance = 0.5) => (Math.random() < chance ? v : null);
    const day = (d: number) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000);
    await db.insertInto('wb_price_rule').values(Array.from({ length: 300 }, (_, i) => {
      const from = Math.floor(Math.random() * 300);
      return {
        org_id: p.orgId, kind: 'sa' as const, rule_no: `R${i % 7 === 0 ? '' : '0'}${String(i % 40).padStart(2, '0')}`, doc_status: 'AUDITED' as const,
        material_id: material.archive_id, party_id: maybe(parties[i % 3]), route_id: maybe(route.id, 0.3), transport: maybe('ROAD' as const, 0.3),
        packing: maybe(i % 2 ? 'BAG' as const : 'BULK' as const, 0.3), price: String(100 + i), effective_from: day(from),
        // ties of keys and from happen: a few days only
        effective_to: maybe(day(from + 1 + Math.floor(Math.random() * 60)), 0.5),
      };
    }).map((r, i) => (i % 5 === 0
      // a window moved to day 10 keeps its end only when that still lies after it
      ? { ...r, effective_from: day(10), effective_to: r.effective_to && r.effective_to > day(10) ? r.effective_to : null }
      : r)).map((r, i) => ({ ...r, rule_no: `${r.rule_no}-${i}` }))).execute();
    let priced = 0;
    for (let i = 0; i < 150; i++) {
      const q: PriceQuery = {
        orgId: p.orgId, kind: 'sa', noticeLineId: null, materialId: material.archive_id, partyId: maybe(parties[i % 3], 0.8), at: day(Math.floor(Math.random() * 360)),
        routeId: maybe(route.id), transport: 'ROAD', packing: (['BULK', 'BAG'] as Packing[])[i % 2],
      };
      const truck = { partyId: q.partyId, routeId: q.routeId ?? null, transport: q.transport ?? null, packing: q.packing ?? null };
      const expected = pickRule(await candidateRules(db, q), truck, q.at);
      const got = await resolvePrice(db, q);
      expect(got?.ref ?? null).toBe(expected?.id ?? null);
      if (got) priced++;
    }
    expect(priced).toBeGreaterThan(50);
  });

  it('agrees with rules.ts when every key pattern has rules on one material and the latest begun have often ended', async () => {
    const route = await db.insertInto('md_line').values({ org_id: p.orgId, line_code: 'XL-P', line_name: '模式线路', direction: 'SHIP' }).returning('id').executeTakeFirstOrThrow();
    const material = await db.selectFrom('md_material_alloc').select('archive_id').where('org_id', '=', p.orgId).where('archive_id', '<>', p.materialId)
      .orderBy('archive_id', 'desc').executeTakeFirstOrThrow();
    const party = '900101';
    const day = (d: number) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000);
    const rows = [];
    // each of the 16 patterns: a long rule from early on, open or ending late, and short rules
    // begun after it that have ended by most times asked, some of them ending before the next begins
    for (let pattern = 0; pattern < 16; pattern++) {
      const keys = {
        party_id: pattern & 1 ? party : null, route_id: pattern & 2 ? route.id : null,
        transport: pattern & 4 ? 'ROAD' as const : null, packing: pattern & 8 ? 'BAG' as const : null,
      };
      const long = Math.floor(Math.random() * 40);
      rows.push({ ...keys, from: long, to: Math.random() < 0.5 ? null : 300 + Math.floor(Math.random() * 60) });
      for (let j = 0; j < 12; j++) {
        const from = long + 1 + Math.floor(Math.random() * 300);
        rows.push({ ...keys, from, to: from + 1 + Math.floor(Math.random() * 5) });
      }
      // a pattern whose rules have all ended by the end of the year
      if (pattern % 5 === 0) rows.push({ ...keys, from: 320, to: 330 });
    }
    await db.insertInto('wb_price_rule').values(rows.map((r, i) => ({
      org_id: p.orgId, kind: 'sa' as const, rule_no: `P${String(i).padStart(3, '0')}`, doc_status: 'AUDITED' as const, material_id: material.archive_id,
      party_id: r.party_id, route_id: r.route_id, transport: r.transport, packing: r.packing, price: String(200 + i),
      effective_from: day(r.from), effective_to: r.to === null ? null : day(r.to),
    }))).execute();
    let priced = 0;
    let byEarlier = 0;
    for (let i = 0; i < 200; i++) {
      const q: PriceQuery = {
        orgId: p.orgId, kind: 'sa', noticeLineId: null, materialId: material.archive_id, at: day(Math.floor(Math.random() * 365)),
        partyId: i % 4 === 0 ? null : party, routeId: i % 3 === 0 ? null : route.id, transport: i % 5 === 0 ? null : 'ROAD', packing: i % 7 === 0 ? null : 'BAG',
      };
      const truck = { partyId: q.partyId, routeId: q.routeId ?? null, transport: q.transport ?? null, packing: q.packing ?? null };
      const all = await candidateRules(db, q);
      const expected = pickRule(all, truck, q.at);
      const got = await resolvePrice(db, q);
      expect(got?.ref ?? null).toBe(expected?.id ?? null);
      // each pattern's probe answers that pattern's best rule in force, however many of it ended
      const probed = await patternRules(db, q);
      expect(probed.length).toBeLessThanOrEqual(keyPatterns(q).length);
      // the same probe with the keys as columns of another statement (the weighing's facts) answers the same rows
      const { rows: keyed } = await sql<Record<string, unknown>>`${patternRulesOfKeysSql(q.orgId, {
        kind: sql`${q.kind}::text`, materialId: sql`${q.materialId}::bigint`, partyId: sql`${q.partyId}::bigint`, routeId: sql`${q.routeId ?? null}::bigint`,
        transport: sql`${q.transport ?? null}::text`, packing: sql`${q.packing ?? null}::text`,
      }, q.at)}`.execute(db);
      expect(keyed.map(ruleOf).map((r) => r.id).sort()).toEqual(probed.map((r) => r.id).sort());
      const samePattern = (a: typeof truck, b: typeof truck) => a.partyId === b.partyId && a.routeId === b.routeId && a.transport === b.transport && a.packing === b.packing;
      for (const r of probed) expect(r.id).toBe(pickRule(all.filter((c) => samePattern(c, r)), r, q.at)?.id);
      for (const c of all) expect(probed.some((r) => samePattern(c, r))).toBe(true);
      if (got) priced++;
      if (expected && rows.some((r, j) => `P${String(j).padStart(3, '0')}` !== expected.ruleNo && r.party_id === expected.partyId && r.route_id === expected.routeId
        && r.transport === expected.transport && r.packing === expected.packing && day(r.from) > expected.from && day(r.from) <= q.at)) byEarlier++;
    }
    expect(priced).toBeGreaterThan(100);
    // the case a probe that does not pass over ended rules gets wrong happened
    expect(byEarlier).toBeGreaterThan(20);
  });
});
