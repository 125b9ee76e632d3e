import { describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../test/harness';
import { call, expectOk } from '../../test/api';
import { seedDemoDay } from './demo-day';
import { hasDemoMorning, seedDemoRecords } from './demo-records';

// The desk work the demo plant leaves ready, made through the platform's own calls after its morning.
const { app, database, config } = await createTestApp();
const { pool, db } = database;

const before = await hasDemoMorning(db);
await seedDemoDay(app, db, config);
const first = await seedDemoRecords(app, db, config);

describe('the demo records', () => {
  it('are seeded once, in a plant that has the demo morning', async () => {
    expect({ before, after: await hasDemoMorning(db) }).toEqual({ before: false, after: true });
    expect(first).toBe(true);
    expect(await seedDemoRecords(app, db, config)).toBe(false);
    expect((await pool.query(`SELECT count(*)::int AS n FROM auth_session WHERE device_id = 'demo-records' AND revoked_at IS NULL`)).rows[0].n).toBe(0);
  });

  it('leave audited tickets with their carriers, which the freight and goods settlements offer', async () => {
    const tickets = (await pool.query(`SELECT t.kind, t.state, c.carrier_code, count(*)::int AS n FROM wb_ticket t JOIN md_carrier c ON c.id = t.carrier_id GROUP BY 1, 2, 3 ORDER BY 1`)).rows;
    expect(tickets).toEqual([{ kind: 'pu', state: 'AUDITED', carrier_code: 'CYS002', n: 3 }, { kind: 'sa', state: 'AUDITED', carrier_code: 'CYS003', n: 2 }]);
    const accountant = (await bearerFor(app, 'accountant')).authorization;
    const today = (await pool.query(`SELECT to_char(date_trunc('day', now()), 'YYYY-MM-DD HH24:MI:SS') AS f, to_char(date_trunc('day', now()) + interval '1 day', 'YYYY-MM-DD HH24:MI:SS') AS t`)).rows[0];
    for (const [kind, code, n] of [['pu', 'CYS002', 3], ['sa', 'CYS003', 2]] as const) {
      const carrierId = (await pool.query(`SELECT id::text FROM md_carrier WHERE carrier_code = $1`, [code])).rows[0].id;
      const res = expectOk(await call(app, 'POST', '/api/freightSettle/createList', accountant, { kind, carrierId, periodFrom: today.f, periodTo: today.t }));
      const list = (Array.isArray(res.data) ? res.data : res.data.list) as { freight: string | null }[];
      expect(list.length, `${kind} freight candidates`).toBe(n);
      expect(list.every((r) => r.freight !== null), `${kind} freight priced`).toBe(true);
    }
    // the coal vendor's purchase settlement of today offers its three audited tickets to 确认磅单
    const vendorId = (await pool.query(`SELECT id::text FROM md_vendor WHERE vendor_code = 'GYS0006'`)).rows[0].id;
    const made = expectOk(await call(app, 'POST', '/api/settlement/pu/create', accountant, { entity: { vendorId, periodFrom: today.f, periodTo: today.t } })).data as { id: string };
    const pounds = expectOk(await call(app, 'POST', '/api/settlement/pu/weightLists', accountant, { settlementId: made.id })).data as { rows: unknown[] };
    expect(pounds.rows.length).toBe(3);
  });

  it('leave the gate an appointment rule, pass cards and a QR-code rule, and the purchase materials enabled auto models', async () => {
    const gate = (await pool.query(`SELECT (SELECT count(*)::int FROM gt_appointment_rule WHERE enabled) AS rules, (SELECT count(*)::int FROM gt_pass_card WHERE enabled) AS passes,
      (SELECT count(*)::int FROM gt_qrcode_rule WHERE enabled) AS qr`)).rows[0];
    expect(gate).toEqual({ rules: 1, passes: 2, qr: 1 });
    const models = (await pool.query(`SELECT m.inv_code, a.enabled FROM qm_auto_model a JOIN md_material m ON m.id = a.material_id ORDER BY 1`)).rows;
    expect(models).toEqual([{ inv_code: '0101001', enabled: true }, { inv_code: '0201001', enabled: true }]);
  });
});
