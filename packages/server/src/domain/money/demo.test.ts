import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { seedDemoDay } from '../../seed/demo-day';

// The demo morning's sales trucks are consumed from KH0001's account: what the account says is
// what its ledger and its tickets say.
const { app, database, config } = await createTestApp();
const { pool, db } = database;

describe('the demo plant\'s money', () => {
  it('freezes the trucks on their way and consumes exactly the completed tickets\' amounts', async () => {
    await seedDemoDay(app, db, config);
    const account = (await pool.query(`SELECT trim_scale(v.received)::text AS received, trim_scale(v.credit)::text AS credit, trim_scale(v.consumed)::text AS consumed,
                                              trim_scale(v.frozen)::text AS frozen, v.control FROM fm_account_view v WHERE v.customer_code = 'KH0001'`)).rows[0];
    const tickets = (await pool.query(`SELECT trim_scale(sum(amount))::text AS amount FROM wb_ticket WHERE kind = 'sa' AND net IS NOT NULL`)).rows[0];
    const open = (await pool.query(`SELECT count(*)::int AS n FROM wb_registry r WHERE r.kind = 'sa'
                                     AND NOT EXISTS (SELECT 1 FROM wb_ticket t WHERE t.registry_id = r.id AND t.net IS NOT NULL)`)).rows[0];
    // 34.54 + 33.94 + 34.44 t at 355
    expect(tickets.amount).toBe('36536.6');
    expect(account).toEqual({ received: '100000', credit: '100000', consumed: tickets.amount, frozen: String(open.n * 34 * 355), control: 'WARN' });
    const ledger = (await pool.query(`SELECT trim_scale(sum(delta))::text AS d, trim_scale(sum(frozen_delta))::text AS f FROM fm_ledger l
                                        JOIN md_customer c ON c.id = l.customer_id WHERE c.customer_code = 'KH0001'`)).rows[0];
    expect(ledger).toEqual({ d: String(100000 - 36536.6), f: account.frozen });
  });
});
