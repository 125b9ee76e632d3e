import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import { migrate } from '../../platform/db/migrate';
import { REPORT_READER_ROLE } from '../../platform/reports/execute';

// The report reader (migration 074) reads tenant tables only, and each of them only under the
// row-level-security policy of the caller's company; a table a later migration makes is covered
// by the migration runner, so no table with org_id is ever readable whole.
const { database } = await freshDatabase();
const { pool } = database;

const SECRET = /(password|passwd|secret|hash|token|_enc$|private|credential|salt)/i;

/** Tenant tables (public, with org_id) lacking RLS or the reader's policy. */
async function uncovered(): Promise<string[]> {
  const { rows } = await pool.query<{ relname: string }>(`
    SELECT c.relname FROM pg_class c
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
       AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'org_id' AND NOT a.attisdropped)
       AND NOT (c.relrowsecurity AND EXISTS (
         SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polcmd IN ('r', '*')
            AND p.polroles = ARRAY[(SELECT oid FROM pg_roles WHERE rolname = $1)]::oid[]
            AND pg_get_expr(p.polqual, p.polrelid) LIKE '%org_id = (NULLIF(current_setting(''wb.report_org''::text, true), ''''::text))::bigint%'))
     ORDER BY 1`, [REPORT_READER_ROLE]);
  return rows.map((r) => r.relname);
}

describe('the report reader role', () => {
  it('is not a login, not a superuser and cannot bypass row-level security', async () => {
    const { rows: [r] } = await pool.query('SELECT rolcanlogin, rolsuper, rolbypassrls, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = $1', [REPORT_READER_ROLE]);
    expect(r).toEqual({ rolcanlogin: false, rolsuper: false, rolbypassrls: false, rolcreaterole: false, rolcreatedb: false });
  });

  it('has every tenant table under row-level security with its policy', async () => {
    expect(await uncovered()).toEqual([]);
  });

  it('reads nothing but tenant tables, and no secret column of them', async () => {
    const { rows: tables } = await pool.query<{ name: string }>(`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
       WHERE s.nspname NOT IN ('pg_catalog', 'information_schema') AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
         AND has_table_privilege($1, c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
         AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'org_id' AND NOT a.attisdropped)`, [REPORT_READER_ROLE]);
    expect(tables).toEqual([]);
    const { rows: writes } = await pool.query(`
      SELECT c.relname, a.attname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       WHERE c.relnamespace = 'public'::regnamespace AND has_column_privilege($1, c.oid, a.attnum, 'INSERT, UPDATE, REFERENCES')`, [REPORT_READER_ROLE]);
    expect(writes).toEqual([]);
    const { rows: cols } = await pool.query<{ relname: string; attname: string }>(`
      SELECT c.relname, a.attname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       WHERE c.relnamespace = 'public'::regnamespace AND has_column_privilege($1, c.oid, a.attnum, 'SELECT')`, [REPORT_READER_ROLE]);
    expect(cols.filter((c) => SECRET.test(c.attname))).toEqual([]);
    expect(cols.some((c) => c.relname === 'sys_user')).toBe(false);
    expect(cols.some((c) => c.relname === 'auth_session')).toBe(false);
    // what it may read is there: the tickets, the reports
    expect(cols.some((c) => c.relname === 'wb_ticket' && c.attname === 'org_id')).toBe(true);
    // no schema but public, and no function of the schema
    const { rows: schemas } = await pool.query(`SELECT nspname FROM pg_namespace WHERE has_schema_privilege($1, oid, 'USAGE') AND nspname NOT IN ('pg_catalog', 'information_schema', 'public') AND nspname NOT LIKE 'pg_toast%' AND nspname NOT LIKE 'pg_temp%'`, [REPORT_READER_ROLE]);
    expect(schemas).toEqual([]);
    const { rows: [sc] } = await pool.query(`SELECT has_function_privilege($1, 'pg_catalog.set_config(text, text, boolean)', 'EXECUTE') AS set_config,
                                                    has_function_privilege($1, 'report_reader_cover()', 'EXECUTE') AS cover`, [REPORT_READER_ROLE]);
    expect(sc).toEqual({ set_config: false, cover: false });
  });

  it('covers a table a later migration makes, when the runner applies it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-migr-'));
    try {
      fs.writeFileSync(path.join(dir, '999_later.sql'), `CREATE TABLE later_tenant (id bigint PRIMARY KEY, org_id bigint NOT NULL, note text, api_token text);`);
      await migrate(pool, dir);
      expect(await uncovered()).toEqual([]);
      const { rows: [p] } = await pool.query(`SELECT has_column_privilege($1, 'later_tenant', 'note', 'SELECT') AS note,
                                                     has_column_privilege($1, 'later_tenant', 'api_token', 'SELECT') AS token`, [REPORT_READER_ROLE]);
      expect(p).toEqual({ note: true, token: false });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes set_config from the reader alone: any other role has it, also one made after the migration', async () => {
    const probe = `wb_probe_${process.pid}_${Date.now()}`;
    await pool.query(`CREATE ROLE ${probe} NOLOGIN`);
    try {
      const can = async (role: string) => (await pool.query(`SELECT has_function_privilege($1, 'pg_catalog.set_config(text, text, boolean)', 'EXECUTE') AS ok`, [role])).rows[0].ok as boolean;
      expect(await can(probe)).toBe(false);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-migr-'));
      try {
        await migrate(pool, dir);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      expect(await can(probe)).toBe(true);
      expect(await can(REPORT_READER_ROLE)).toBe(false);
      // and it can call it, as pg_dump does
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SET LOCAL ROLE ${probe}`);
        expect((await client.query(`SELECT pg_catalog.set_config('search_path', '', true) AS v`)).rows[0].v).toBe('');
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    } finally {
      await pool.query(`DROP OWNED BY ${probe}`).catch(() => {});
      await pool.query(`DROP ROLE ${probe}`).catch(() => {});
    }
  });

  it('leaves the app’s own login unaffected by row-level security', async () => {
    const { rows: [r] } = await pool.query(`SELECT row_security_active('rpt_sql_report') AS active`);
    expect(r.active).toBe(false);
  });
});
