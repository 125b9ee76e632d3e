import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure } from '../../../test/api';
import { plantOf, type Plant } from '../weighing/test-support';

// The company's money names a customer the company was given (migration 063): a receipt, a credit
// line or an account of a group customer not allocated to the company is refused by the call and,
// whatever writes it, by the database.
const { app, database } = await createTestApp();
const { db, pool } = database;
let accountant: string;
let plant: Plant;
let stranger: string;

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  plant = await plantOf(db);
  // a customer of the group that only the group knows: no company was given it
  stranger = (await pool.query(`INSERT INTO md_customer (group_id, org_id, customer_code, customer_name)
    SELECT group_id, org_id, 'WFP01', '未分配客户' FROM md_customer WHERE id = $1 RETURNING id::text`, [plant.customerId])).rows[0].id;
});

describe('money of a customer the company was not given', () => {
  it('is refused by the receipt and credit calls, and nothing is written', async () => {
    const before = (await pool.query('SELECT (SELECT count(*) FROM fm_receipt)::int AS r, (SELECT count(*) FROM fm_credit)::int AS c')).rows[0];
    const r = expectFailure(await call(app, 'POST', '/api/money/receipt/create', accountant, { entity: { customerId: stranger, amount: '100', method: 'BANK', receiptDate: '2026-11-28' } }), 400);
    expect(r.msg).toMatch(/客户/);
    expectFailure(await call(app, 'POST', '/api/money/credit/create', accountant, { entity: { customerId: stranger, amount: '100', validFrom: '2026-11-01', validTo: '2026-12-31' } }), 400);
    expect((await pool.query('SELECT (SELECT count(*) FROM fm_receipt)::int AS r, (SELECT count(*) FROM fm_credit)::int AS c')).rows[0]).toEqual(before);
  });

  it('is refused by the database itself for receipts, credit lines and accounts', async () => {
    const tries = [
      `INSERT INTO fm_receipt (org_id, receipt_no, customer_id, receipt_date, method, amount) VALUES ($1, 'X-063', $2, current_date, 'BANK', 1)`,
      `INSERT INTO fm_credit (org_id, credit_no, customer_id, amount, valid_from, valid_to) VALUES ($1, 'X-063', $2, 1, current_date, current_date)`,
      'INSERT INTO fm_account (org_id, customer_id) VALUES ($1, $2)',
    ];
    for (const text of tries) {
      await expect(pool.query(text, [plant.orgId, stranger])).rejects.toMatchObject({ code: '23503', constraint: expect.stringMatching(/_customer_alloc_fk$/) });
    }
  });

  it('holds the constraints validated on a database whose rows keep them', async () => {
    const { rows } = await pool.query(`SELECT conname, convalidated FROM pg_constraint WHERE conname LIKE 'fm_%_customer_alloc_fk' ORDER BY 1`);
    expect(rows).toEqual([
      { conname: 'fm_account_customer_alloc_fk', convalidated: true },
      { conname: 'fm_credit_customer_alloc_fk', convalidated: true },
      { conname: 'fm_receipt_customer_alloc_fk', convalidated: true },
    ]);
  });
});
