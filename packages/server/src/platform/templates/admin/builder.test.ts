import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk } from '../../../../test/api';
import { ALL_TEMPLATES } from '../../../domain/templates';
import { registryForm, vehiclePicker } from '../fixtures';
import { seedTemplates } from '../seed';

const ctx = await createTestApp();
const { app } = ctx;
const { pool, db } = ctx.database;
let admin: string;
let operator: string;
let picker: string;

beforeAll(async () => {
  await seedTemplates(db, [...ALL_TEMPLATES, vehiclePicker, registryForm]);
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  picker = (await pool.query("SELECT id::text FROM cg_format WHERE format_code = 'test.vehicle.pick'")).rows[0].id;
});

const get = (url: string, who = admin) => call(app, 'GET', url, who);

describe('form builder reference data', () => {
  it('answers the words a template is made of', async () => {
    const { data } = expectOk(await get('/api/cg-form-builder/custom-types'));
    expect(data.fieldTypes).toContain('ENUM');
    expect(data.formSubmitTypes).toContain('RESOURCE_CONTROLS');
    expect(data.searchTypes).toContain('datePickerRange');
  });

  it('answers table names, option sets and validations in use, and never column SQL', async () => {
    const tables = await get('/api/cg-form-builder/tables');
    expect(expectOk(tables).data).toEqual(expect.arrayContaining(['md_vehicle', 'sys_log']));
    const enums = await get('/api/cg-form-builder/enums');
    expect(expectOk(enums).data).toEqual(expect.arrayContaining([
      expect.objectContaining({ fieldNames: expect.arrayContaining(['plateType']), options: expect.arrayContaining([{ value: 'BLUE', label: '蓝牌', labelEn: 'Blue', color: 'blue' }]) }),
    ]));
    expect(expectOk(await get('/api/cg-form-builder/validations')).data).toEqual(
      expect.arrayContaining([{ validateMethod: '^.{7,8}$', validateTitle: '车牌号应为7到8位' }]),
    );
    for (const res of [tables, enums]) expect(res.body).not.toMatch(/column_?sql|t\.plate/i);
  });

  it("answers a popup's fields, 404 for anything else, 403 without the template permission", async () => {
    expect(expectOk(await get(`/api/cg-form-builder/resource-subs/${picker}`)).data.map((f: { fieldName: string }) => f.fieldName)).toEqual(['plateNumber', 'carType']);
    const list = (await pool.query("SELECT id::text FROM cg_format WHERE format_code = 'system.log.list'")).rows[0].id;
    expectFailure(await get(`/api/cg-form-builder/resource-subs/${list}`), 404);
    for (const url of ['/api/cg-form-builder/custom-types', '/api/cg-form-builder/tables', '/api/cg-form-builder/enums',
      '/api/cg-form-builder/validations', '/api/cg-form-builder/formats', `/api/cg-form-builder/resource-subs/${picker}`]) {
      expectFailure(await get(url, operator), 403);
    }
  });
});
