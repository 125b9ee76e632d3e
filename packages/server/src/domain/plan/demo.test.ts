import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { seedDemoDay } from '../../seed/demo-day';

// The demo morning's sales trucks are registered against today's day plan and all fit it.
const { app, database, config } = await createTestApp();
const { pool, db } = database;

describe('the demo plans', () => {
  it('holds the morning\'s six sales trucks within today\'s day plan of 湖州城建', async () => {
    await seedDemoDay(app, db, config);
    const { rows } = await pool.query(`SELECT f.doc_status, trim_scale(f.plan_tons)::text AS plan, f.plan_trips, trim_scale(f.used_tons)::text AS used, f.used_trips
                                         FROM sa_plan_day_fulfilment f JOIN md_customer c ON c.id = f.customer_id WHERE c.customer_code = 'KH0001'`);
    // six registries audited this morning, 34 t pre-load each (their tickets count through them)
    expect(rows).toEqual([{ doc_status: 'AUDITED', plan: '300', plan_trips: 10, used: '204', used_trips: 6 }]);
    const month = (await pool.query("SELECT doc_status, plan_month = to_char(current_date, 'YYYY-MM') AS this_month FROM sa_plan_month")).rows;
    expect(month).toEqual([{ doc_status: 'AUDITED', this_month: true }]);
  });
});
