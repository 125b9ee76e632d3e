import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import { readCatalog } from './repo';
import { citusPlan, distributionProblems, placements } from './rules';

/**
 * The live schema (every migration applied) is ready to distribute by org_id: a table a migration
 * adds without org_id in its keys, or without being named as shared (platform/citus/tables.ts),
 * fails here with the sentence saying what to change.
 */
describe('the schema, ready for Citus', async () => {
  const { database } = await freshDatabase();
  const catalog = await readCatalog(database.pool);

  it('has every tenant key and every reference between tenant tables on org_id', () => {
    expect(distributionProblems(catalog)).toEqual([]);
  });

  it('is covered whole by the plan, each table once', () => {
    const plan = citusPlan(catalog);
    const named = [...plan.matchAll(/^SELECT \w+\('(\w+)'/gm)].map((m) => m[1]);
    expect(named.sort()).toEqual(catalog.tables.map((t) => t.name).sort());
    expect(plan).not.toContain('NOT READY');
  });

  it('distributes the weighing tables and shares the companies', () => {
    const place = placements(catalog);
    expect(place.get('wb_ticket')).toBe('distributed');
    expect(place.get('wb_weighing')).toBe('distributed');
    expect(place.get('sys_org')).toBe('reference');
    expect(place.get('sys_log')).toBe('local');
  });

  it('keeps a lookup by id alone on an index', async () => {
    const { rows } = await database.pool.query<{ plan: string }>(
      `EXPLAIN (COSTS OFF) SELECT * FROM wb_ticket WHERE id = 1`);
    expect(rows.map((r) => r['QUERY PLAN' as 'plan']).join('\n')).toMatch(/Index Scan using wb_ticket_pkey/);
  });
});
