import { isValidPlate, normalisePlate, validateIdNumber } from '@wb/protocol';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';

const ctx = await createTestApp();
const { pool } = ctx.database;

// Through Kysely on purpose: the database handle's close() ends the pool only once Kysely has used
// it, and the harness drops the database right after, under any connection still open.
const orgs = Object.fromEntries(
  (await ctx.database.db.selectFrom('sys_org').select(['org_code', 'id']).execute()).map((r) => [r.org_code, r.id]),
) as Record<'HDSN' | 'HDJC', string>;

/** The SQLSTATE a statement fails with, or null when it succeeds (the change is rolled back). */
async function failure(sql: string, params: unknown[] = []): Promise<string | null> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(sql, params);
    return null;
  } catch (err) {
    return (err as { code?: string }).code ?? 'unknown';
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

describe('master data tables', () => {
  it('give every md_ table an org_id that is NOT NULL, references sys_org and leads an index', async () => {
    const { rows } = await pool.query<{ table_name: string; is_nullable: string | null; fk: boolean; indexed: boolean }>(`
      SELECT t.table_name, c.is_nullable,
        EXISTS (
          SELECT 1 FROM pg_constraint k JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)
          WHERE k.conrelid = format('%I', t.table_name)::regclass AND k.contype = 'f'
            AND k.confrelid = 'sys_org'::regclass AND a.attname = 'org_id'
        ) AS fk,
        EXISTS (
          SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
          WHERE i.indrelid = format('%I', t.table_name)::regclass AND a.attname = 'org_id' AND i.indpred IS NULL
        ) AS indexed
      FROM information_schema.tables t
      LEFT JOIN information_schema.columns c
        ON c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.column_name = 'org_id'
      WHERE t.table_schema = 'public' AND t.table_name LIKE 'md\\_%' AND t.table_type = 'BASE TABLE'
      ORDER BY t.table_name`);
    expect(rows.length).toBeGreaterThanOrEqual(16);
    const bad = rows.filter((r) => r.is_nullable !== 'NO' || !r.fk || !r.indexed).map((r) => r.table_name);
    expect(bad).toEqual([]);
  });

  it('give every md_ table the version column for optimistic updates, except allocations', async () => {
    const { rows } = await pool.query<{ table_name: string }>(`
      SELECT t.table_name FROM information_schema.tables t
      WHERE t.table_schema = 'public' AND t.table_name LIKE 'md\\_%' AND t.table_name NOT LIKE '%\\_alloc'
        AND t.table_type = 'BASE TABLE'
        AND NOT EXISTS (SELECT 1 FROM information_schema.columns c
                        WHERE c.table_name = t.table_name AND c.column_name = 'version' AND c.is_nullable = 'NO')`);
    expect(rows).toEqual([]);
  });

  it('store weights and money as NUMERIC, never floating point', async () => {
    const { rows } = await pool.query<{ table_name: string; column_name: string }>(`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name LIKE 'md\\_%' AND data_type IN ('real', 'double precision')`);
    expect(rows).toEqual([]);
  });
});

describe('the seeded demo master data', () => {
  const count = async (table: string, org: string) =>
    (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE org_id = $1`, [org])).rows[0].n;
  const allocated = async (archive: string, org: string) =>
    (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${archive}_alloc WHERE org_id = $1`, [org])).rows[0].n;

  it('has sane counts for each company', async () => {
    expect(await allocated('md_material', orgs.HDSN)).toBe(20);
    expect(await allocated('md_material', orgs.HDJC)).toBe(6);
    expect(await allocated('md_vendor', orgs.HDSN)).toBe(12);
    expect(await allocated('md_customer', orgs.HDSN)).toBe(9);
    expect(await allocated('md_customer', orgs.HDJC)).toBe(7);
    expect(await allocated('md_carrier', orgs.HDSN)).toBe(4);
    expect(await allocated('md_carrier', orgs.HDJC)).toBe(2);
    expect(await count('md_vehicle', orgs.HDSN)).toBe(30);
    expect(await count('md_vehicle', orgs.HDJC)).toBe(10);
    expect(await count('md_driver', orgs.HDSN)).toBe(22);
    expect(await count('md_driver', orgs.HDJC)).toBe(8);
    expect(await count('md_warehouse', orgs.HDSN)).toBe(8);
    expect(await count('md_silo', orgs.HDSN)).toBe(10);
    expect(await count('md_silo', orgs.HDJC)).toBe(2);
    expect(await count('md_ic_card', orgs.HDSN)).toBe(27);
    expect(await count('md_ic_card', orgs.HDJC)).toBe(8);
    expect(await count('md_blacklist', orgs.HDSN)).toBe(2);
    const classes = await pool.query<{ invc_name: string }>('SELECT invc_name FROM md_material_class WHERE parent_id IS NULL ORDER BY sort');
    expect(classes.rows.map((r) => r.invc_name)).toEqual(['原料', '燃料', '辅料', '半成品', '成品']);
  });

  it('allocates every archive to the company that created it', async () => {
    for (const t of ['md_material', 'md_vendor', 'md_customer', 'md_carrier']) {
      const { rows } = await pool.query(
        `SELECT a.id FROM ${t} a WHERE NOT EXISTS (SELECT 1 FROM ${t}_alloc x WHERE x.archive_id = a.id AND x.org_id = a.org_id)`,
      );
      expect(rows, t).toEqual([]);
    }
  });

  it('gives every driver a valid resident id number', async () => {
    const { rows } = await pool.query<{ id_number: string; license_no: string | null }>('SELECT id_number, license_no FROM md_driver');
    expect(rows.length).toBe(30);
    for (const r of rows) {
      expect(validateIdNumber(r.id_number), r.id_number).toBeNull();
      expect(r.license_no).toBe(r.id_number);
    }
    const black = await pool.query<{ id_number: string }>('SELECT id_number FROM md_blacklist WHERE id_number IS NOT NULL');
    for (const r of black.rows) expect(validateIdNumber(r.id_number)).toBeNull();
  });

  it('gives every vehicle, trailer and blacklisted truck a valid plate in normal form', async () => {
    const { rows } = await pool.query<{ p: string }>(`
      SELECT plate_number AS p FROM md_vehicle
      UNION ALL SELECT trailer_plate_number FROM md_vehicle WHERE trailer_plate_number IS NOT NULL
      UNION ALL SELECT plate_number FROM md_blacklist WHERE plate_number IS NOT NULL`);
    expect(rows.length).toBeGreaterThan(60);
    for (const { p } of rows) {
      expect(isValidPlate(p), p).toBe(true);
      expect(normalisePlate(p)).toBe(p);
    }
    const trailers = rows.filter((r) => r.p.endsWith('挂'));
    expect(trailers.length).toBe(24);
  });

  it('keeps stored tares plausible for the axle count', async () => {
    const { rows } = await pool.query<{ axle_type: number; last_tare: string; capacity_tonnage: string }>(
      'SELECT axle_type, last_tare, capacity_tonnage FROM md_vehicle',
    );
    const grossLimit: Record<number, number> = { 2: 18, 3: 25, 4: 31, 6: 49 };
    for (const r of rows) {
      // numeric comes back as an exact decimal string
      expect(r.last_tare).toMatch(/^\d+\.\d{3}$/);
      expect(Number(r.last_tare) + Number(r.capacity_tonnage)).toBeLessThanOrEqual(grossLimit[r.axle_type]);
    }
  });

  it('binds each usable fixed card to one vehicle of the same company', async () => {
    const { rows } = await pool.query<{ n: number }>(`
      SELECT count(*)::int AS n FROM md_ic_card c JOIN md_vehicle v ON v.id = c.vehicle_id
      WHERE c.state = 'NORMAL' AND v.org_id = c.org_id`);
    expect(rows[0].n).toBe(18 + 1 + 6);
  });
});

describe('constraints', () => {
  /** An insert of a vehicle; cols maps further columns to SQL literals. */
  const vehicle = (org: string, plate: string, cols: Record<string, string> = {}) =>
    `INSERT INTO md_vehicle (${['org_id', 'plate_number', ...Object.keys(cols)].join(', ')})
     VALUES (${[org, `'${plate}'`, ...Object.values(cols)].join(', ')})`;

  it('refuses a second vehicle with the same plate in one company, allows it in the other', async () => {
    const { rows } = await pool.query<{ plate_number: string }>('SELECT plate_number FROM md_vehicle WHERE org_id = $1 LIMIT 1', [orgs.HDSN]);
    const plate = rows[0].plate_number;
    expect(await failure(vehicle(orgs.HDSN, plate))).toBe('23505');
    expect(await failure(vehicle(orgs.HDJC, plate))).toBeNull();
  });

  it('refuses plates not in normal form, so the unique key cannot be dodged', async () => {
    expect(await failure(vehicle(orgs.HDSN, '浙e88888'))).toBe('23514');
    expect(await failure(vehicle(orgs.HDSN, '浙E·88888'))).toBe('23514');
    expect(await failure(vehicle(orgs.HDSN, '浙E 88888'))).toBe('23514');
  });

  it('refuses negative tares and zero capacity', async () => {
    expect(await failure(vehicle(orgs.HDSN, '浙E88881', { standard_tare: '-0.001' }))).toBe('23514');
    expect(await failure(vehicle(orgs.HDSN, '浙E88882', { average_tare: '-1' }))).toBe('23514');
    expect(await failure(`INSERT INTO md_vehicle (org_id, plate_number, last_tare, tare_time) VALUES (${orgs.HDSN}, '浙E88883', -0.5, now())`)).toBe('23514');
    expect(await failure(vehicle(orgs.HDSN, '浙E88884', { capacity_tonnage: '0' }))).toBe('23514');
    expect(await failure(vehicle(orgs.HDSN, '浙E88885', { standard_tare: '0' }))).toBeNull();
  });

  it('refuses trailer fields without a trailer and a last tare without its time', async () => {
    expect(await failure(vehicle(orgs.HDSN, '浙E88886', { trailer_plate_number: "'浙E8888挂'" }))).toBe('23514');
    expect(await failure(vehicle(orgs.HDSN, '浙E88887', { has_trailer: 'true' }))).toBe('23514');
    expect(await failure(vehicle(orgs.HDSN, '浙E88888', { last_tare: '15' }))).toBe('23514');
  });

  it('refuses a carrier the company has not been allocated', async () => {
    const { rows } = await pool.query<{ id: string }>("SELECT id FROM md_carrier WHERE carrier_code = 'CYS002'");
    const onlyPlant = rows[0].id;
    expect(await failure(vehicle(orgs.HDSN, '浙E77771', { carrier_id: onlyPlant }))).toBeNull();
    expect(await failure(vehicle(orgs.HDJC, '浙E77772', { carrier_id: onlyPlant }))).toBe('23503');
  });

  it('refuses withdrawing an allocation that a vehicle still uses', async () => {
    const { rows } = await pool.query<{ carrier_id: string }>('SELECT carrier_id FROM md_vehicle WHERE org_id = $1 AND carrier_id IS NOT NULL LIMIT 1', [orgs.HDJC]);
    expect(await failure('DELETE FROM md_carrier_alloc WHERE org_id = $1 AND archive_id = $2', [orgs.HDJC, rows[0].carrier_id])).toBe('23503');
  });

  it('refuses an IC card bound to another company\'s vehicle', async () => {
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM md_vehicle WHERE org_id = $1 LIMIT 1', [orgs.HDJC]);
    expect(await failure(`INSERT INTO md_ic_card (org_id, card_no, vehicle_id) VALUES (${orgs.HDSN}, 'X1', ${rows[0].id})`)).toBe('23503');
  });

  it('refuses a second usable card for one vehicle', async () => {
    const { rows } = await pool.query<{ vehicle_id: string }>("SELECT vehicle_id FROM md_ic_card WHERE org_id = $1 AND state = 'NORMAL' AND vehicle_id IS NOT NULL LIMIT 1", [orgs.HDSN]);
    expect(await failure(`INSERT INTO md_ic_card (org_id, card_no, vehicle_id) VALUES (${orgs.HDSN}, 'X2', ${rows[0].vehicle_id})`)).toBe('23505');
  });

  it('refuses duplicate driver id numbers in one company and lower-case check letters', async () => {
    const { rows } = await pool.query<{ id_number: string }>('SELECT id_number FROM md_driver WHERE org_id = $1 LIMIT 1', [orgs.HDSN]);
    expect(await failure(`INSERT INTO md_driver (org_id, driver_name, id_number) VALUES (${orgs.HDSN}, '测试', '${rows[0].id_number}')`)).toBe('23505');
    expect(await failure(`INSERT INTO md_driver (org_id, driver_name, id_number) VALUES (${orgs.HDSN}, '测试', '11010519491231002x')`)).toBe('23514');
  });

  it('refuses a blacklist entry naming neither plate nor person', async () => {
    expect(await failure(`INSERT INTO md_blacklist (org_id, reason) VALUES (${orgs.HDSN}, '无')`)).toBe('23514');
  });

  it('refuses a material code twice in the group, and an archive in a foreign group', async () => {
    const { rows } = await pool.query<{ group_id: string; invc_id: string }>('SELECT group_id, invc_id FROM md_material LIMIT 1');
    const { group_id, invc_id } = rows[0];
    expect(await failure(`INSERT INTO md_material (group_id, org_id, invc_id, inv_code, inv_name) VALUES (${group_id}, ${orgs.HDJC}, ${invc_id}, '0101001', '重复')`)).toBe('23505');
    const other = `WITH g AS (INSERT INTO sys_group (group_code, group_name) VALUES ('OTHER', '其他集团') RETURNING id)
      INSERT INTO md_vendor (group_id, org_id, vendor_code, vendor_name) SELECT g.id, ${orgs.HDSN}, 'V1', '外集团供应商' FROM g`;
    expect(await failure(other)).toBe('23503');
  });

  it('refuses negative and over-precise money', async () => {
    const { rows } = await pool.query<{ group_id: string; invc_id: string }>('SELECT group_id, invc_id FROM md_material LIMIT 1');
    const { group_id, invc_id } = rows[0];
    const material = (price: string) =>
      `INSERT INTO md_material (group_id, org_id, invc_id, inv_code, inv_name, reference_price) VALUES (${group_id}, ${orgs.HDSN}, ${invc_id}, 'T${price}', '测试', ${price})`;
    expect(await failure(material('-1'))).toBe('23514');
    // the spec refuses amounts of 1e15 and above: NUMERIC(19,4) cannot hold them
    expect(await failure(material('1000000000000000'))).toBe('22003');
    expect(await failure(material('999999999999999.9999'))).toBeNull();
  });
});
