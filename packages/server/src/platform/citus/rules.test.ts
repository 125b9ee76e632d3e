import { describe, expect, it } from 'vitest';
import { citusPlan, distributionProblems, keyCount, referencedFirst, type Catalog } from './rules';

const NAMED = { sys_org: { kind: 'reference', why: 'companies' }, auth_failure: { kind: 'local', why: 'throttles' } } as const;

/** A small schema ready to distribute: tickets and their weighings, companies shared. */
function ready(): Catalog {
  return {
    tables: [
      { name: 'sys_org', orgId: 'none' },
      { name: 'auth_failure', orgId: 'none' },
      { name: 'wb_ticket', orgId: 'required' },
      { name: 'wb_weighing', orgId: 'required' },
    ],
    keys: [
      { table: 'sys_org', name: 'sys_org_pkey', primary: true, columns: ['id'] },
      { table: 'wb_ticket', name: 'wb_ticket_pkey', primary: true, columns: ['id', 'org_id'] },
      { table: 'wb_weighing', name: 'wb_weighing_pkey', primary: true, columns: ['id', 'org_id'] },
      { table: 'wb_weighing', name: 'wb_weighing_ticket_id_reading_key', primary: false, columns: ['ticket_id', 'reading', 'org_id'] },
    ],
    foreignKeys: [
      { table: 'wb_ticket', name: 'wb_ticket_org_id_fkey', columns: ['org_id'], refTable: 'sys_org', refColumns: ['id'] },
      { table: 'wb_weighing', name: 'wb_weighing_ticket_fkey', columns: ['org_id', 'ticket_id'], refTable: 'wb_ticket', refColumns: ['org_id', 'id'] },
    ],
  };
}

describe('distribution problems', () => {
  it('finds none in a schema whose tenant keys and references all carry org_id', () => {
    expect(distributionProblems(ready(), NAMED)).toEqual([]);
  });

  it('refuses a tenant primary key or unique key without org_id', () => {
    const c = ready();
    c.keys[1] = { ...c.keys[1]!, columns: ['id'] };
    c.keys[3] = { ...c.keys[3]!, columns: ['ticket_id', 'reading'] };
    expect(distributionProblems(c, NAMED)).toEqual([
      'wb_ticket: primary key wb_ticket_pkey (id) lacks org_id',
      'wb_weighing: unique key wb_weighing_ticket_id_reading_key (ticket_id, reading) lacks org_id',
    ]);
  });

  it('refuses a reference between tenant tables that does not pair org_id with org_id', () => {
    const c = ready();
    c.foreignKeys[1] = { ...c.foreignKeys[1]!, columns: ['ticket_id'], refColumns: ['id'] };
    expect(distributionProblems(c, NAMED)).toEqual([
      'wb_weighing: foreign key wb_weighing_ticket_fkey (ticket_id) -> wb_ticket (id) does not pair org_id with org_id',
    ]);
    c.foreignKeys[1] = { ...c.foreignKeys[1]!, columns: ['ticket_id', 'org_id'], refColumns: ['id', 'org_id'] };
    expect(distributionProblems(c, NAMED)).toEqual([]);
    c.foreignKeys[1] = { ...c.foreignKeys[1]!, columns: ['org_id', 'ticket_id'], refColumns: ['id', 'org_id'] };
    expect(distributionProblems(c, NAMED)).toHaveLength(1);
  });

  it('refuses a table the plan does not cover: no org_id and not named, or an org_id that may be empty', () => {
    const c = ready();
    c.tables.push({ name: 'wb_new_thing', orgId: 'none' }, { name: 'wb_half_tenant', orgId: 'nullable' });
    expect(distributionProblems(c, NAMED)).toEqual([
      'wb_new_thing: no org_id; add org_id or name it in NOT_DISTRIBUTED (reference or local)',
      'wb_half_tenant: org_id may be null; a distributed row needs its company',
    ]);
  });

  it('refuses a shared table that refers to a tenant table, and a tenant table that refers to a local one', () => {
    const c = ready();
    c.foreignKeys.push(
      { table: 'sys_org', name: 'sys_org_ticket_fkey', columns: ['ticket_id'], refTable: 'wb_ticket', refColumns: ['id'] },
      { table: 'wb_ticket', name: 'wb_ticket_failure_fkey', columns: ['failure_id'], refTable: 'auth_failure', refColumns: ['id'] },
    );
    expect(distributionProblems(c, NAMED)).toEqual([
      'sys_org: reference table refers to tenant table wb_ticket (sys_org_ticket_fkey); Citus allows no such reference',
      'wb_ticket: tenant table refers to local table auth_failure (wb_ticket_failure_fkey); make auth_failure a reference table or drop the reference',
    ]);
  });

  it('refuses a name in the list that is no table (a table renamed or dropped)', () => {
    expect(distributionProblems(ready(), { ...NAMED, sys_gone: { kind: 'reference', why: 'x' } })).toEqual([
      'sys_gone: named in NOT_DISTRIBUTED but no such table',
    ]);
  });
});

describe('the Citus plan', () => {
  it('names every table once: reference, then local, then tenant tables co-located with the first', () => {
    const plan = citusPlan(ready(), NAMED);
    const statements = plan.split('\n').filter((l) => l.startsWith('SELECT'));
    expect(statements).toEqual([
      "SELECT create_reference_table('sys_org');",
      "SELECT citus_add_local_table_to_metadata('auth_failure');",
      "SELECT create_distributed_table('wb_ticket', 'org_id', colocate_with => 'none');",
      "SELECT create_distributed_table('wb_weighing', 'org_id', colocate_with => 'wb_ticket');",
    ]);
    expect(plan).not.toContain('NOT READY');
  });

  it('lists what is not ready at its end', () => {
    const c = ready();
    c.keys[1] = { ...c.keys[1]!, columns: ['id'] };
    expect(citusPlan(c, NAMED)).toContain('-- NOT READY: fix these first\n-- wb_ticket: primary key wb_ticket_pkey (id) lacks org_id');
  });

  it('puts a table after the tables it refers to, whatever their names', () => {
    const order = referencedFirst({
      tables: [{ name: 'a_child', orgId: 'required' }, { name: 'b_parent', orgId: 'required' }, { name: 'c_root', orgId: 'required' }],
      foreignKeys: [
        { table: 'a_child', name: 'f1', columns: [], refTable: 'b_parent', refColumns: [] },
        { table: 'b_parent', name: 'f2', columns: [], refTable: 'c_root', refColumns: [] },
        { table: 'b_parent', name: 'f3', columns: [], refTable: 'b_parent', refColumns: [] },
      ],
    });
    expect(order).toEqual(['c_root', 'b_parent', 'a_child']);
  });

  it('counts the keys of the tables with org_id and those that include it', () => {
    const c = ready();
    c.keys[1] = { ...c.keys[1]!, columns: ['id'] };
    expect(keyCount(c)).toEqual({ keys: 3, withOrgId: 2 });
  });
});
