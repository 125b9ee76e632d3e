import { describe, expect, it } from 'vitest';
import { call, expectOk } from '../../../test/api';
import { bearerFor, createTestApp } from '../../../test/harness';
import { ALL_TEMPLATES } from '../../domain/templates';
import { registryForm, vehiclePicker } from './fixtures';
import { seedTemplates } from './seed';

const ctx = await createTestApp();
const { db, pool } = ctx.database;

/**
 * The web shows a template in English when the user switches language: every label it reads from
 * a template (list headers, form labels, search fields, required messages, form and popup titles)
 * needs its English text in the database copy, which is what is served.
 */
describe('English labels of the seeded templates', () => {
  it('every seeded field has its English label', async () => {
    await seedTemplates(db, [...ALL_TEMPLATES, vehiclePicker, registryForm]);
    const { rows } = await pool.query(
      `SELECT c.format_code || '.' || f.field_name AS field FROM cg_format_field f JOIN cg_format c ON c.id = f.format_id
        WHERE coalesce(trim(f.field_explain_en), '') = '' ORDER BY 1`,
    );
    expect(rows.map((r) => r.field)).toEqual([]);
  });

  it('every seeded format has its English name', async () => {
    const { rows } = await pool.query(`SELECT format_code FROM cg_format WHERE coalesce(trim(format_name_en), '') = '' ORDER BY 1`);
    expect(rows.map((r) => r.format_code)).toEqual([]);
  });

  it('serves the English name with the template', async () => {
    const { authorization } = await bearerFor(ctx.app, 'operator');
    const menu = (await pool.query(`SELECT id::text FROM sys_menu WHERE kind = 'menu' AND path = '/masterdata/vehicle'`)).rows[0].id;
    const res = expectOk(await call(ctx.app, 'GET', `/api/cg-format/template?formatType=LIST&menuId=${menu}`, authorization));
    expect(res.data).toMatchObject({ formatName: '车辆', formatNameEn: 'Vehicles' });
  });

  it('an administrator renames a template in English; the next template call serves the new name', async () => {
    const admin = (await bearerFor(ctx.app, 'admin')).authorization;
    const { authorization } = await bearerFor(ctx.app, 'operator');
    const menu = (await pool.query(`SELECT id::text FROM sys_menu WHERE kind = 'menu' AND path = '/masterdata/driver'`)).rows[0].id;
    const format = (await pool.query("SELECT id::text FROM cg_format WHERE format_code = 'masterdata.driver.list'")).rows[0].id;
    const { data } = expectOk(await call(ctx.app, 'GET', `/api/cg-format/type/subs/${format}`, admin));
    expect(data.formatNameEn).toBe('Drivers');
    expectOk(await call(ctx.app, 'PUT', `/api/cg-format/update/${format}`, admin, { version: data.version, formatNameEn: 'Truck drivers' }));
    const served = expectOk(await call(ctx.app, 'GET', `/api/cg-format/template?formatType=LIST&menuId=${menu}`, authorization)).data;
    expect(served).toMatchObject({ formatName: '司机', formatNameEn: 'Truck drivers' });
  });
});
