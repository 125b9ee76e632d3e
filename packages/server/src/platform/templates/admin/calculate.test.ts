import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectFailure, expectOk } from '../../../../test/api';
import { bearerFor, createTestApp } from '../../../../test/harness';

const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;

let admin: string;
let materialForm: string;

type Field = { id: string; fieldName: string; version: string; calculate: string | null };
const fieldOf = async (name: string) => {
  const { data } = expectOk(await call(app, 'GET', `/api/cg-format/type/subs/${materialForm}`, admin));
  return (data.fields as Field[]).find((f) => f.fieldName === name) as Field;
};
const setCalculate = async (name: string, calculate: string | null) => {
  const f = await fieldOf(name);
  return call(app, 'PUT', `/api/cg-format-sub/update/${f.id}`, admin, { version: f.version, formSubmitType: 'CALCULATE', calculate });
};
const stored = async (name: string) =>
  (await pool.query(
    `SELECT f.calculate, f.form_submit_type FROM cg_format_field f WHERE f.format_id = $1 AND f.field_name = $2`, [materialForm, name],
  )).rows[0];

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  materialForm = (await pool.query("SELECT id::text FROM cg_format WHERE format_code = 'masterdata.inventory.create'")).rows[0].id;
});

// The 计算方式 dialog of template administration writes a CALCULATE field's formula: an ordered
// expression over the form's fields, or the sum of a field over a chosen table.
describe('the calculate property of a template field', () => {
  it('stores an expression over the form\'s other fields and answers it to the editor', async () => {
    expectOk(await setCalculate('topBuyingPrice', 'referencePrice * 1.2'));
    expect(await stored('topBuyingPrice')).toEqual({ calculate: 'referencePrice * 1.2', form_submit_type: 'CALCULATE' });
    expect((await fieldOf('topBuyingPrice')).calculate).toBe('referencePrice * 1.2');
  });

  it('stores a sum over a chosen table', async () => {
    expectOk(await setCalculate('lossWeight', 'SUM(md_material_child.weight)'));
    expect((await stored('lossWeight')).calculate).toBe('SUM(md_material_child.weight)');
  });

  it('refuses an incomplete expression, naming calculate, and keeps what was stored', async () => {
    const before = await stored('topBuyingPrice');
    const refused = expectFailure(await setCalculate('topBuyingPrice', 'referencePrice *'), 400, /计算公式不完整/);
    expect(refused.data).toEqual({ field: 'calculate' });
    expectFailure(await setCalculate('topBuyingPrice', '( referencePrice + 1'), 400, /计算公式不完整/);
    expect(await stored('topBuyingPrice')).toEqual(before);
  });

  it('refuses a name that is not another field of the template', async () => {
    expectFailure(await setCalculate('topBuyingPrice', 'price * 2'), 400, /price 不是此模板的其他字段/);
    expectFailure(await setCalculate('topBuyingPrice', 'topBuyingPrice + 1'), 400, /topBuyingPrice 不是此模板的其他字段/);
    expect((await stored('topBuyingPrice')).calculate).toBe('referencePrice * 1.2');
  });

  it('clears the formula', async () => {
    expectOk(await setCalculate('lossWeight', null));
    expect((await stored('lossWeight')).calculate).toBeNull();
  });
});
