import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { ALL_TEMPLATES } from '../../domain/templates';
import { logListTemplate } from '../../domain/system/templates';
import type { TemplateDef } from './define';
import { registryForm, vehiclePicker } from './fixtures';
import { seedTemplates } from './seed';

const ctx = await createTestApp();
const { db, pool } = ctx.database;

/** Everything seeding writes, ids included; updated_at aside, which every run touches. */
async function snapshot() {
  const q = async (text: string) => (await pool.query(text)).rows;
  return {
    formats: await q('SELECT * FROM cg_format ORDER BY id'),
    fields: await q('SELECT * FROM cg_format_field ORDER BY id'),
    maps: await q('SELECT field_id, master_table, target_field, source_field, seq FROM cg_format_res_map ORDER BY field_id, seq'),
    params: await q('SELECT id, format_id, param_list FROM cg_format_param ORDER BY id'),
  };
}
const withoutTimes = (s: Awaited<ReturnType<typeof snapshot>>) => ({ ...s, formats: s.formats.map(({ updated_at: _u, ...f }) => f) });

const fieldsOf = async (code: string) =>
  (await pool.query(
    `SELECT f.* FROM cg_format_field f JOIN cg_format c ON c.id = f.format_id WHERE c.format_code = $1 ORDER BY f.seq`, [code],
  )).rows;

const edited = (change: (t: TemplateDef) => TemplateDef) => [change(structuredClone(logListTemplate)), ...ALL_TEMPLATES.filter((t) => t !== logListTemplate)];

describe('seeding templates', () => {
  it('binds each list to its menu entry and a form to its button entry', async () => {
    await seedTemplates(db, [...ALL_TEMPLATES, vehiclePicker, registryForm]);
    const { rows } = await pool.query(
      `SELECT c.format_code, m.path, b.permission FROM cg_format c
         LEFT JOIN sys_menu m ON m.id = c.menu_id LEFT JOIN sys_menu b ON b.id = c.button_menu_id ORDER BY c.format_code`,
    );
    expect(rows).toEqual(expect.arrayContaining([
      { format_code: 'masterdata.vehicle.list', path: '/masterdata/vehicle', permission: null },
      { format_code: 'masterdata.vendor.create', path: null, permission: 'md_vendor_create' },
      { format_code: 'masterdata.vendor.update', path: null, permission: 'md_vendor_update' },
      { format_code: 'system.log.list', path: '/system/log', permission: null },
      { format_code: 'test.registry.form', path: null, permission: 'md_vehicle_view' },
      { format_code: 'test.vehicle.pick', path: null, permission: null },
    ]));
  });

  it('writes popup references, field mappings and search parameters', async () => {
    const [plate] = await fieldsOf('test.registry.form');
    const picker = (await pool.query("SELECT id::text FROM cg_format WHERE format_code = 'test.vehicle.pick'")).rows[0].id;
    expect(plate.cg_format_res_id).toBe(picker);
    const maps = await pool.query('SELECT master_table, target_field, source_field FROM cg_format_res_map WHERE field_id = $1 ORDER BY seq', [plate.id]);
    expect(maps.rows).toEqual([
      { master_table: 'registry', target_field: 'plateNumber', source_field: 'plateNumber' },
      { master_table: 'registry', target_field: 'carType', source_field: 'carType' },
    ]);
    const params = await pool.query('SELECT param_list FROM cg_format_param WHERE format_id = $1', [picker]);
    expect(params.rows[0].param_list).toEqual([{ key: 'enabled', op: 'eq', val: true }]);
  });

  it('changes nothing when run again: same rows, same ids', async () => {
    const before = withoutTimes(await snapshot());
    await seedTemplates(db, [...ALL_TEMPLATES, vehiclePicker, registryForm]);
    await seedTemplates(db, [...ALL_TEMPLATES, vehiclePicker, registryForm]);
    expect(withoutTimes(await snapshot())).toEqual(before);
  });

  it('brings a template still owned by code up to date, keeping the ids of the fields that stay', async () => {
    const before = await fieldsOf('system.log.list');
    await seedTemplates(db, edited((t) => ({
      ...t,
      formatName: '操作记录',
      fields: [...t.fields.filter((f) => f.fieldName !== 'ip').map((f) => (f.fieldName === 'username' ? { ...f, fieldExplain: '账号' } : f)),
        { fieldName: 'userId', fieldExplain: '用户编号', fieldType: 'TEXT', columnSql: 't.user_id::text' }],
    })));
    const after = await fieldsOf('system.log.list');
    expect(after.map((f) => f.field_name)).toEqual(['createDate', 'username', 'action', 'family', 'docNo', 'detail', 'userId']);
    expect(after.find((f) => f.field_name === 'username').field_explain).toBe('账号');
    expect(after.find((f) => f.field_name === 'username').id).toBe(before.find((f) => f.field_name === 'username').id);
    expect((await pool.query("SELECT format_name FROM cg_format WHERE format_code = 'system.log.list'")).rows[0].format_name).toBe('操作记录');
    await seedTemplates(db, ALL_TEMPLATES);
    expect((await fieldsOf('system.log.list')).map((f) => f.field_name)).toEqual(['createDate', 'username', 'action', 'family', 'docNo', 'detail', 'ip']);
  });

  it("keeps an administrator's edits; only the columns read, which code owns, follow the code", async () => {
    await pool.query("UPDATE cg_format SET source = 'admin', format_name = '日志(管理员)' WHERE format_code = 'system.log.list'");
    await pool.query(
      `UPDATE cg_format_field SET field_explain = '登录名', iallow_query = false, column_sql = 't.detail'
        WHERE field_name = 'username' AND format_id = (SELECT id FROM cg_format WHERE format_code = 'system.log.list')`,
    );
    await seedTemplates(db, edited((t) => ({
      ...t,
      formatName: '操作记录',
      fields: [...t.fields.filter((f) => f.fieldName !== 'ip'), { fieldName: 'userId', fieldExplain: '用户编号', fieldType: 'TEXT', columnSql: 't.user_id::text' }],
    })));
    expect((await pool.query("SELECT format_name FROM cg_format WHERE format_code = 'system.log.list'")).rows[0].format_name).toBe('日志(管理员)');
    const fields = await fieldsOf('system.log.list');
    const username = fields.find((f) => f.field_name === 'username');
    expect(username).toMatchObject({ field_explain: '登录名', iallow_query: false, column_sql: 't.username' });
    // a field code no longer declares stays on the screen the administrator made, but is not read
    expect(fields.find((f) => f.field_name === 'ip')).toMatchObject({ column_sql: null });
    expect(fields.find((f) => f.field_name === 'userId')).toMatchObject({ column_sql: 't.user_id::text' });
  });
});
