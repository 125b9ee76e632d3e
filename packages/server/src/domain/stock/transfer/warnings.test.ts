import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectOk, orgId } from '../../../../test/api';

// A transfer form's audit (and un-audit) may leave a balance below zero: the company's
// negativeStockCheck 'warn' lets it through, and the reply tells the user which balance.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;

const TRANSFER = '/api/stock/transfer';
let accountant: string;
let HDSN: string;
let from: { id: string; name: string };
let to: { id: string; name: string };
let mat: { code: string; name: string };

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  HDSN = await orgId(pool, 'HDSN');
  const ws = (await pool.query('SELECT id::text, ware_name FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 2', [HDSN])).rows;
  from = { id: ws[0].id, name: ws[0].ware_name };
  to = { id: ws[1].id, name: ws[1].ware_name };
  const m = (await pool.query(`SELECT m.inv_code, m.inv_name FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id
    WHERE a.org_id = $1 ORDER BY m.id LIMIT 1`, [HDSN])).rows[0];
  mat = { code: m.inv_code, name: m.inv_name };
});

const post = (url: string, body: unknown) => call(app, 'POST', url, accountant, body);
const transferOf = async (tons: string) =>
  expectOk(await post(`${TRANSFER}/create`, { entity: { fromWarehouseId: from.id, toWarehouseId: to.id }, entitysub: [{ materialCode: mat.code, lineQuantity: tons }] })).data.id as string;
const balance = async (warehouseId: string) =>
  (await pool.query(`SELECT quantity::text FROM wb_stock_balance b JOIN md_material m ON m.id = b.material_id
    WHERE b.org_id = $1 AND b.warehouse_id = $2 AND m.inv_code = $3`, [HDSN, warehouseId, mat.code])).rows[0]?.quantity ?? '0';
const setLevel = (level: string) => pool.query(
  `INSERT INTO sys_param (org_id, param_key, param_value) VALUES ($1, 'negativeStockCheck', $2)
   ON CONFLICT (org_id, param_key) DO UPDATE SET param_value = EXCLUDED.param_value`, [HDSN, level]);
const trim = (q: string) => q.replace(/\.?0+$/, '');

describe('a transfer form leaving a balance below zero', () => {
  it('audits with the warning in the reply, and un-audits with the to-warehouse\'s warning', async () => {
    const id = await transferOf('99999');
    const audit = expectOk(await post(`${TRANSFER}/audit`, { ids: [id] })).data;
    const fromLeft = await balance(from.id);
    expect(Number(fromLeft)).toBeLessThan(0);
    expect(audit).toEqual({ count: 1, warnings: [`仓库 ${from.name} 物料 ${mat.name} 库存为负: ${trim(fromLeft)}`] });

    // the to-warehouse received the tons; taking them back there (another posting moved them on first) leaves it below zero too
    const onward = expectOk(await post(`${TRANSFER}/create`, { entity: { fromWarehouseId: to.id, toWarehouseId: from.id }, entitysub: [{ materialCode: mat.code, lineQuantity: '99999' }] })).data.id;
    expectOk(await post(`${TRANSFER}/audit`, { ids: [onward] }));
    const unaudit = expectOk(await post(`${TRANSFER}/unaudit`, { ids: [id] })).data;
    const toLeft = await balance(to.id);
    expect(Number(toLeft)).toBeLessThan(0);
    expect(unaudit).toEqual({ count: 1, warnings: [`仓库 ${to.name} 物料 ${mat.name} 库存为负: ${trim(toLeft)}`] });
  });

  it('answers the count alone when no balance goes below zero, or the company does not check', async () => {
    const small = await transferOf('0.001');
    expect(expectOk(await post(`${TRANSFER}/audit`, { ids: [small] })).data).toEqual({ count: 1 });
    await setLevel('none');
    try {
      const big = await transferOf('99999');
      expect(expectOk(await post(`${TRANSFER}/audit`, { ids: [big] })).data).toEqual({ count: 1 });
    } finally {
      await setLevel('warn');
    }
  });
});
