import { GROUP_COCKPIT_PATH, GROUP_COCKPIT_PERMISSION, type GroupCockpit } from '@wb/protocol';
import { describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { archivesOf, insertTicket, insertTrip } from '../report/test-support/trips';
import { sealDays } from '../report-builtin/seal-repo';
import { unsettledDayCheck } from './consistency-repo';
import { monthStartOf, plantDay } from './rules';

const { app, database } = await createTestApp();
const { pool } = database;
const one = async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows[0] as T;

const A = await orgId(pool, 'HDSN');
const B = await orgId(pool, 'HDJC');
// a plant of another group: nothing of it may show
const otherGroup = (await one<{ id: string }>(`INSERT INTO sys_group (group_code, group_name) VALUES ('QTJT', '其他集团') RETURNING id::text`)).id;
const C = (await one<{ id: string }>(`INSERT INTO sys_org (group_id, org_code, org_name) VALUES ($1, 'QTSN', '其他水泥') RETURNING id::text`, [otherGroup])).id;

const day = plantDay(Date.now(), 'Asia/Shanghai');
const monthStart = monthStartOf(day);
const lastMonth = (() => { const d = new Date(`${monthStart}T12:00:00Z`); d.setUTCDate(0); return d.toISOString().slice(0, 10); })();
const nowClock = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' }).format(new Date());

type Kind = 'pu' | 'sa' | 'st';
const ticket = async (org: string, kind: string, net: string, completedAt: string, amount: string | null = null, state: 'COMPLETED' | 'AUDITED' | 'CLOSED' = 'COMPLETED') => {
  const id = await insertTicket(pool, { orgId: org, kind: kind as Kind, state, net, completedAt });
  if (amount !== null) await pool.query('UPDATE wb_ticket SET amount = $2 WHERE id = $1', [id, amount]);
  return id;
};

const seedFigures = async () => {
  const { materialId, customerId } = await archivesOf(pool, A);
  // trucks: two in A (one entered, one on the scale), one gone out; one in B; one in the other group's plant
  await insertTrip(pool, { orgId: A, tripState: 'ENTERED' });
  await insertTrip(pool, { orgId: A, tripState: 'WEIGHING' });
  await insertTrip(pool, { orgId: A, tripState: 'RELEASED' });
  await insertTrip(pool, { orgId: B, tripState: 'WEIGHING' });
  await insertTrip(pool, { orgId: C, tripState: 'ENTERED' });
  // tons: today's in A of each kind, one at the month's first minute, one of last month, a closed one
  await ticket(A, 'pu', '10.5', nowClock, '100.005');
  await ticket(A, 'sa', '20.25', nowClock, '500.10', 'AUDITED');
  await ticket(A, 'al', '3', nowClock);
  await ticket(A, 'tr', '4.125', nowClock);
  await ticket(A, 'sa', '7', `${monthStart} 00:00`, '70');
  await ticket(A, 'sa', '1000', `${lastMonth} 23:59`, '0.01');
  await ticket(A, 'pu', '50', nowClock, '999', 'CLOSED');
  await ticket(B, 'pu', '5', nowClock, '12.34');
  // a sale a settlement past its draft holds is settled; one held by a draft is not yet
  const settlements: string[] = [];
  for (const [n, state, amount] of [['1', 'EXAMINED', '300'], ['2', 'DRAFT', '40']]) {
    const settlement = (await one<{ id: string; no: string }>(
      `INSERT INTO wb_settlement (org_id, scope, kind, settle_no, state, customer_id, period_from, period_to, examined_at)
       VALUES ($1, 'GOODS', 'sa', $2, $3, $4, now() - interval '1 day', now(), CASE WHEN $3 = 'DRAFT' THEN NULL ELSE now() END)
       RETURNING id::text, settle_no AS no`, [A, `GCJS${n}`, state, customerId])).id;
    settlements.push(settlement);
    const held = await ticket(A, 'sa', '0', nowClock, amount);
    // the settlement's row claims the ticket (UNIQUE (scope, ticket_id))
    await pool.query(`INSERT INTO wb_settlement_row (org_id, settlement_id, scope, seq, ticket_id, ticket_no, basis, net, gross_net, basis_quantity,
                                                     quantity, price, unit_price, amount, tax, amount_ex_tax, unit_price_ex_tax)
                      SELECT $1, $2, 'GOODS', 1, t.id, t.ticket_no, 'OUR_NET', 0, 0, 0, 0, 1, 1, $3, 0, $3, 1 FROM wb_ticket t WHERE t.id = $4`,
    [A, settlement, amount, held]);
  }
  await ticket(C, 'sa', '99', nowClock, '99');
  // the audited trains' wagons (轨道衡): each unsettled one at the amount its audit stamped (net less the charged loss times its price, to the cent)
  const { vendorId } = await archivesOf(pool, A);
  const warehouse = (await one<{ id: string }>('SELECT id::text FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 1', [A])).id;
  const train = async (no: string, status: 'AUDITED' | 'FREE') => (await one<{ id: string }>(
    `INSERT INTO wb_train (org_id, train_no, kind, doc_status, arrived_at, vendor_id, material_id, warehouse_id)
     VALUES ($1, $2, 'pu', $3, now(), $4, $5, $6) RETURNING id::text`, [A, no, status, vendorId, materialId, warehouse])).id;
  const audited = await train('GCHC1', 'AUDITED');
  const wagons = (await pool.query<{ id: string }>(
    `INSERT INTO wb_wagon (org_id, train_id, seq, wagon_no, gross, tare, charged, price, amount)
     VALUES ($1, $2, 1, 'W1', 80, 20, NULL, 10, 600), ($1, $2, 2, 'W2', 81.5, 20, 0.5, 10.005, 610.31), ($1, $2, 3, 'W3', 70, 20, 0, 99, 4950)
     RETURNING id::text`, [A, audited])).rows.map((r) => r.id);
  // the third is claimed by the examined settlement; a wagon of a train not audited is not money yet
  await pool.query(`INSERT INTO wb_settlement_row (org_id, settlement_id, scope, seq, wagon_id, ticket_no, basis, net, gross_net, basis_quantity,
                                                   quantity, price, unit_price, amount, tax, amount_ex_tax, unit_price_ex_tax)
                    VALUES ($1, $2, 'GOODS', 2, $3, 'W3', 'OUR_NET', 50, 50, 50, 50, 99, 99, 4950, 0, 4950, 99)`, [A, settlements[0], wagons[2]]);
  const free = await train('GCHC2', 'FREE');
  await pool.query(`INSERT INTO wb_wagon (org_id, train_id, seq, wagon_no, gross, tare, price) VALUES ($1, $2, 1, 'W1', 80, 20, 10)`, [A, free]);
  // stock: two materials of two classes in A
  const other = await one<{ id: string }>(
    `SELECT m.id::text FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id AND a.org_id = $1
      WHERE m.invc_id <> (SELECT invc_id FROM md_material WHERE id = $2) ORDER BY m.id LIMIT 1`, [A, materialId]);
  await pool.query('INSERT INTO wb_stock_balance (org_id, warehouse_id, material_id, quantity) VALUES ($1, $2, $3, 123.4567), ($1, $2, $4, 10.5)',
    [A, warehouse, materialId, other.id]);
  // the customers' money
  await pool.query('INSERT INTO fm_account (org_id, customer_id, received, consumed) VALUES ($1, $2, 1000.50, 200.25)', [A, customerId]);
  // interventions: one waiting, one answered
  const cred = (await one<{ id: string }>(`INSERT INTO wb_station_credential (org_id, station_name, scale_id, key_hash, key_prefix) VALUES ($1, '无人值守', 'S1', $2, 'gc') RETURNING id::text`, [A, Buffer.from('gc-key')])).id;
  for (const [n, state] of [['1', 'WAITING'], ['2', 'APPROVED']]) {
    await pool.query(`INSERT INTO wb_lane_intervention (org_id, credential_id, scale_id, station_name, request_id, reason, message, state)
                      VALUES ($1, $2, 'S1', '无人值守', $3, 'unstable', '不稳定', $4)`, [A, cred, `GC${n}`, state]);
  }
  // approvals: one running, one approved
  const admin = (await one<{ id: string }>(`SELECT id::text FROM sys_user WHERE username = 'admin'`)).id;
  const flow = (await one<{ id: string }>(`INSERT INTO wf_flow (org_id, doc_type, version, name, enabled, definition) VALUES ($1, 'gc.doc', 1, '测试流程', true, '{}') RETURNING id::text`, [A])).id;
  await pool.query(`INSERT INTO wf_instance (org_id, doc_type, doc_id, title, flow_id, status, current_step, initiator_id) VALUES ($1, 'gc.doc', 1, '一', $2, 'running', 0, $3)`, [A, flow, admin]);
  await pool.query(`INSERT INTO wf_instance (org_id, doc_type, doc_id, title, flow_id, status, current_step, initiator_id) VALUES ($1, 'gc.doc', 2, '二', $2, 'approved', NULL, $3)`, [A, flow, admin]);
};

describe('集团驾驶舱 (GET /api/group/cockpit)', () => {
  it('answers every plant of the caller\'s group with its exact figures, and no plant of another group', async () => {
    await seedFigures();
    const manager = (await bearerFor(app, 'general_manager')).authorization;
    const cockpit = expectOk(await call(app, 'GET', GROUP_COCKPIT_PATH, manager)).data as GroupCockpit;
    expect(cockpit.day).toBe(day);
    expect(cockpit.monthStart).toBe(monthStart);
    expect(cockpit.plants.map((p) => p.orgCode)).toEqual(['HDJC', 'HDSN']);
    const a = cockpit.plants.find((p) => p.orgId === A);
    const b = cockpit.plants.find((p) => p.orgId === B);
    const firstDay = day === monthStart;
    const classes = (await pool.query(
      `SELECT c.id::text AS "classId", c.invc_code AS "classCode", c.invc_name AS "className", trim_scale(sum(b.quantity))::text AS tons
         FROM wb_stock_balance b JOIN md_material m ON m.id = b.material_id JOIN md_material_class c ON c.id = m.invc_id
        WHERE b.org_id = $1 GROUP BY c.id ORDER BY c.invc_code`, [A])).rows;
    expect(classes.map((c) => c.tons)).toHaveLength(2);
    expect(classes.map((c) => c.tons).sort()).toEqual(['10.5', '123.4567']);
    expect(a).toEqual({
      orgId: A, orgCode: 'HDSN', orgName: '华东水泥有限公司', orgNameEn: 'East China Cement Co.', member: true,
      inPlant: 2,
      // the purchase: 10.5 of a ticket and 60 + 61.5 + 50 of the audited train's wagons (the train not audited does not count)
      today: { pu: '182', sa: firstDay ? '27.25' : '20.25', al: '3', tr: '4.125' },
      month: { pu: '182', sa: '27.25', al: '3', tr: '4.125' },
      stockTons: '133.9567',
      stockByClass: classes,
      receiptsCents: 100050, consumedCents: 20025,
      // tickets: 100.005 + 500.10 + 70 + 0.01 + 40 (held by a draft) = 710.115 (the examined settlement's, the closed ticket and the other plants' do not count);
      // wagons: 60 x 10 = 600 and (61.5 - 0.5) x 10.005 = 610.305 -> 610.31 (the claimed one and the train not audited do not count): 1920.425
      unsettledCents: 192043,
      openInterventions: 1, openApprovals: 1,
    });
    expect(b).toEqual({
      orgId: B, orgCode: 'HDJC', orgName: '华东建材贸易有限公司', orgNameEn: 'East China Building Materials Trading Co.', member: false,
      inPlant: 1,
      today: { pu: '5', sa: '0', al: '0', tr: '0' },
      month: { pu: '5', sa: '0', al: '0', tr: '0' },
      stockTons: '0', stockByClass: [], receiptsCents: 0, consumedCents: 0, unsettledCents: 1234, openInterventions: 0, openApprovals: 0,
    });
  });

  it('refuses a caller whose roles reach no further than the company, even with the page\'s right', async () => {
    await pool.query(`INSERT INTO sys_role_menu (role_id, menu_id)
                      SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE r.role_code = 'ROLE_ACCOUNTANT' AND m.permission = $1`, [GROUP_COCKPIT_PERMISSION]);
    const accountant = (await bearerFor(app, 'accountant')).authorization;
    expectFailure(await call(app, 'GET', GROUP_COCKPIT_PATH, accountant), 403, '没有权限执行此操作');
    const sampler = (await bearerFor(app, 'sampler')).authorization;
    expectFailure(await call(app, 'GET', GROUP_COCKPIT_PATH, sampler), 403);
    expectFailure(await call(app, 'GET', GROUP_COCKPIT_PATH), 401);
  });

  it('reads the unsettled money of sealed days from their summary, kept right by every change and by a seal racing a settlement', async () => {
    const manager = (await bearerFor(app, 'general_manager')).authorization;
    const cockpitCents = async () => (expectOk(await call(app, 'GET', GROUP_COCKPIT_PATH, manager)).data as GroupCockpit).plants.find((p) => p.orgId === B)!.unsettledCents;
    // the figure as it was read before the summary: every done sales and purchase ticket of the plant, and its wagons
    const scanned = async () => Number((await one<{ cents: string }>(`
      SELECT round(coalesce(sum(t.amount), 0) * 100)::bigint::text AS cents FROM wb_ticket t
       WHERE t.org_id = $1 AND t.kind IN ('sa', 'pu') AND t.state IN ('COMPLETED', 'AUDITED', 'POSTED')
         AND NOT EXISTS (SELECT 1 FROM wb_settlement_row r JOIN wb_settlement s ON s.org_id = r.org_id AND s.id = r.settlement_id AND s.state <> 'DRAFT'
                          WHERE r.org_id = t.org_id AND r.scope = 'GOODS' AND r.ticket_id = t.id)`, [B])).cents);
    const summed = async () => (await one<{ n: number; amount: string | null }>('SELECT count(*)::int AS n, trim_scale(sum(amount))::text AS amount FROM rpt_unsettled_day WHERE org_id = $1', [B]));
    const seal = async () => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const sealed = await sealDays(client, B, 'Asia/Shanghai');
        await client.query('COMMIT');
        return sealed;
      } finally {
        client.release();
      }
    };
    const daysAgo = (n: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' }).format(new Date(Date.now() - n * 86_400_000));
    const { customerId } = await archivesOf(pool, B);
    const old = [
      await ticket(B, 'sa', '30', daysAgo(10), '300.25'),
      await ticket(B, 'pu', '20', daysAgo(9), '200.5', 'AUDITED'),
      await ticket(B, 'sa', '10', daysAgo(8), '100.125'),
      await ticket(B, 'sa', '5', daysAgo(7), null),
    ];
    await ticket(B, 'sa', '40', daysAgo(6), '999', 'CLOSED');
    const sealed = await seal();
    expect(sealed.through).not.toBeNull();
    // 12.34 of today's purchase, 300.25 + 200.5 + 100.125 of the sealed days
    expect(await scanned()).toBe(61322);
    expect(await summed()).toMatchObject({ amount: '600.875' });
    expect(await cockpitCents()).toBe(61322);
    // the month's tons: its sealed days from the weighing summary, the rest from the tickets, the same as the tickets say
    const monthTons = (await pool.query<{ kind: string; tons: string }>(`
      SELECT kind, trim_scale(sum(net))::text AS tons FROM wb_ticket
       WHERE org_id = $1 AND state IN ('COMPLETED', 'AUDITED', 'POSTED') AND completed_at >= ($2::date)::timestamp AT TIME ZONE 'Asia/Shanghai'
       GROUP BY kind`, [B, monthStart])).rows;
    const plantB = (expectOk(await call(app, 'GET', GROUP_COCKPIT_PATH, manager)).data as GroupCockpit).plants.find((p) => p.orgId === B)!;
    expect(plantB.month).toEqual({ pu: '0', sa: '0', al: '0', tr: '0', ...Object.fromEntries(monthTons.map((r) => [r.kind, r.tons])) });

    const settlement = async (no: string, ...tickets: string[]) => {
      const id = (await one<{ id: string }>(
        `INSERT INTO wb_settlement (org_id, scope, kind, settle_no, state, customer_id, period_from, period_to)
         VALUES ($1, 'GOODS', 'sa', $2, 'DRAFT', $3, now() - interval '30 days', now()) RETURNING id::text`, [B, no, customerId])).id;
      for (const [i, t] of tickets.entries()) {
        await pool.query(`INSERT INTO wb_settlement_row (org_id, settlement_id, scope, seq, ticket_id, ticket_no, basis, net, gross_net, basis_quantity,
                                                         quantity, price, unit_price, amount, tax, amount_ex_tax, unit_price_ex_tax)
                          SELECT $1, $2, 'GOODS', $3, t.id, t.ticket_no, 'OUR_NET', 0, 0, 0, 0, 1, 1, 0, 0, 0, 1 FROM wb_ticket t WHERE t.id = $4`, [B, id, i + 1, t]);
      }
      return id;
    };
    const state = (id: string, to: 'DRAFT' | 'EXAMINED') =>
      pool.query(`UPDATE wb_settlement SET state = $2, examined_at = CASE WHEN $2 = 'DRAFT' THEN NULL ELSE now() END WHERE id = $1`, [id, to]);
    const agree = async (cents: number) => {
      expect(await scanned()).toBe(cents);
      expect(await cockpitCents()).toBe(cents);
      expect(await unsettledDayCheck.find(database.db, 10)).toEqual([]);
    };

    // a draft claims nothing; examined, its tickets are settled; un-examined, unsettled again
    const first = await settlement('GCB1', old[0], old[2]);
    await agree(61322);
    await state(first, 'EXAMINED');
    await agree(61322 - 30025 - 10013);
    await state(first, 'DRAFT');
    await agree(61322);
    // a sealed day's ticket changed: its amount, then its state
    await pool.query('UPDATE wb_ticket SET amount = 250.5 WHERE id = $1', [old[1]]);
    await agree(61322 - 20050 + 25050);
    // moved to today: out of the summary, read from the tickets (the same figure); then obsolete
    await pool.query(`UPDATE wb_ticket SET completed_at = now() - interval '2 hours' WHERE id = $1`, [old[1]]);
    await agree(61322 - 20050 + 25050);
    expect(await summed()).toMatchObject({ amount: '400.375' });
    await pool.query(`UPDATE wb_ticket SET state = 'OBSOLETE' WHERE id = $1`, [old[1]]);
    await agree(61322 - 20050);
    // a claim row taken from an examined settlement, then the examined settlement deleted
    await state(first, 'EXAMINED');
    await agree(41272 - 30025 - 10013);
    await pool.query('DELETE FROM wb_settlement_row WHERE settlement_id = $1 AND ticket_id = $2', [first, old[2]]);
    await agree(41272 - 30025);
    await pool.query('DELETE FROM wb_settlement WHERE id = $1', [first]);
    await agree(41272);
    expect((await summed()).n).toBeGreaterThan(0);

    // the seal made again from the plant's first day while a settlement is examined, and un-examined: the figures agree either way
    const second = await settlement('GCB2', old[0], old[3]);
    for (const to of ['EXAMINED', 'DRAFT', 'EXAMINED'] as const) {
      await pool.query('UPDATE rpt_weigh_seal SET sealed_through = NULL, time_zone = NULL WHERE org_id = $1', [B]);
      await Promise.all([seal(), state(second, to)]);
      await agree(to === 'EXAMINED' ? 41272 - 30025 : 41272);
      expect(await summed()).toMatchObject({ amount: to === 'EXAMINED' ? '100.125' : '400.375' });
    }
    // the nightly check names a row drifted from its tickets
    await pool.query(`UPDATE rpt_unsettled_day SET amount = amount + 1 WHERE org_id = $1 AND kind = 'sa' AND amount <> 0`, [B]);
    expect(await unsettledDayCheck.find(database.db, 10)).toEqual([
      expect.objectContaining({ orgId: B, figure: 'amount', held: '101.125', expected: '100.125' }),
    ]);
  });
});
