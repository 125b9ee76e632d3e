import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { seedDemoDay } from './demo-day';

// The demo morning goes through the platform's own calls; what it leaves is what the rules made.
const { app, database, config } = await createTestApp();
const { pool, db } = database;

describe('the demo morning', () => {
  it('leaves trucks at every step, tickets whose numbers add up, stock moved and the hold released', async () => {
    await seedDemoDay(app, db, config);
    const trips = (await pool.query(`SELECT kind, trip_state, count(*)::int AS n FROM wb_registry GROUP BY 1, 2 ORDER BY 1, 2`)).rows;
    expect(trips).toEqual([
      { kind: 'pu', trip_state: 'ENTERED', n: 1 }, { kind: 'pu', trip_state: 'PLANNED', n: 1 }, { kind: 'pu', trip_state: 'RELEASED', n: 2 }, { kind: 'pu', trip_state: 'WEIGHING', n: 4 },
      { kind: 'sa', trip_state: 'ENTERED', n: 1 }, { kind: 'sa', trip_state: 'RELEASED', n: 2 }, { kind: 'sa', trip_state: 'WEIGHING', n: 3 },
    ]);
    const tickets = (await pool.query(`SELECT state, count(*)::int AS n FROM wb_ticket GROUP BY 1 ORDER BY 1`)).rows;
    expect(tickets).toEqual([{ state: 'COMPLETED', n: 1 }, { state: 'CONFIRMED', n: 2 }, { state: 'FIRST_WEIGHED', n: 2 }, { state: 'POSTED', n: 6 }]);
    const wrong = await pool.query(`SELECT ticket_no FROM wb_ticket WHERE net IS NOT NULL AND net <> gross - tare - deduct_total`);
    expect(wrong.rows).toEqual([]);
    const line = (await pool.query(`SELECT trim_scale(l.done_quantity)::text AS done, l.done_trips FROM wb_notice_line l JOIN wb_notice n ON n.id = l.notice_id WHERE n.kind = 'pu'`)).rows[0];
    // 49.36-16.42-0.3 + 48.82-16.05 + 50.14-16.88-0.5 + 47.95-15.96
    expect(line).toEqual({ done: '130.16', done_trips: 4 });
    const cement = (await pool.query(`SELECT trim_scale(b.quantity)::text AS q FROM wb_stock_balance b JOIN md_warehouse w ON w.id = b.warehouse_id WHERE w.ware_code = 'CK05'`)).rows[0];
    // 5000 opening less 34.54 + 33.94 + 34.44 loaded out
    expect(cement.q).toBe('4897.08');
    expect((await pool.query(`SELECT count(*)::int AS n FROM auth_session WHERE device_id = 'demo-seed' AND revoked_at IS NULL`)).rows[0].n).toBe(0);
    // the notices draw on the demo contracts' lines, which count what the trucks completed
    const drawn = (await pool.query(`SELECT c.kind, c.doc_status, trim_scale(sum(tk.net))::text AS executed FROM wb_contract c JOIN wb_contract_line cl ON cl.contract_id = c.id
      JOIN wb_notice_line nl ON nl.contract_line_id = cl.id LEFT JOIN wb_ticket tk ON tk.notice_line_id = nl.id AND tk.state IN ('COMPLETED', 'AUDITED', 'POSTED') GROUP BY 1, 2 ORDER BY 1`)).rows;
    expect(drawn).toEqual([{ kind: 'pu', doc_status: 'AUDITED', executed: '130.16' }, { kind: 'sa', doc_status: 'AUDITED', executed: '102.92' }]);
  });

  it('leaves the accountant a sales calculation of the morning, open', async () => {
    // the three loaded sales trucks at the notice's 355: 34.54 + 33.94 + 34.44 t, nothing retroactive
    const calc = (await pool.query(`SELECT lock_state, ticket_count, trim_scale(total_net)::text AS net, trim_scale(total_difference)::text AS diff FROM wb_calculation WHERE kind = 'sa'`)).rows;
    expect(calc).toEqual([{ lock_state: 'OPEN', ticket_count: 3, net: '102.92', diff: '0' }]);
    expect((await pool.query(`SELECT count(*)::int AS n FROM wb_ticket WHERE locked_by_id IS NOT NULL`)).rows[0].n).toBe(0);
  });
});
