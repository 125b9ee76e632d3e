import { GROUP_COCKPIT_PATH, GROUP_COCKPIT_PERMISSION, type GroupCockpit } from '@wb/protocol';
import { describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { archivesOf, insertTicket, insertTrip } from '../report/test-support/trips';
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
  for (const [n, state, amount] of [['1', 'EXAMINED', '300'], ['2', 'DRAFT', '40']]) {
    const settlement = (await one<{ id: string; no: string }>(
      `INSERT INTO wb_settlement (org_id, scope, kind, settle_no, state, customer_id, period_from, period_to, examined_at)
       VALUES ($1, 'GOODS', 'sa', $2, $3, $4, now() - interval '1 day', now(), CASE WHEN $3 = 'DRAFT' THEN NULL ELSE now() END)
       RETURNING id::text, settle_no AS no`, [A, `GCJS${n}`, state, customerId])).id;
    const held = await ticket(A, 'sa', '0', nowClock, amount);
    // the settlement's row claims the ticket (UNIQUE (scope, ticket_id))
    await pool.query(`INSERT INTO wb_settlement_row (org_id, settlement_id, scope, seq, ticket_id, ticket_no, basis, net, gross_net, basis_quantity,
                                                     quantity, price, unit_price, amount, tax, amount_ex_tax, unit_price_ex_tax)
                      SELECT $1, $2, 'GOODS', 1, t.id, t.ticket_no, 'OUR_NET', 0, 0, 0, 0, 1, 1, $3, 0, $3, 1 FROM wb_ticket t WHERE t.id = $4`,
    [A, settlement, amount, held]);
  }
  await ticket(C, 'sa', '99', nowClock, '99');
  // stock
  const warehouse = (await one<{ id: string }>('SELECT id::text FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 1', [A])).id;
  await pool.query('INSERT INTO wb_stock_balance (org_id, warehouse_id, material_id, quantity) VALUES ($1, $2, $3, 123.4567)', [A, warehouse, materialId]);
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
    expect(a).toEqual({
      orgId: A, orgCode: 'HDSN', orgName: '华东水泥有限公司', orgNameEn: 'East China Cement Co.', member: true,
      inPlant: 2,
      today: { pu: '10.5', sa: firstDay ? '27.25' : '20.25', al: '3', tr: '4.125' },
      month: { pu: '10.5', sa: '27.25', al: '3', tr: '4.125' },
      stockTons: '123.4567',
      receiptsCents: 100050, consumedCents: 20025,
      // 100.005 + 500.10 + 70 + 0.01 + 40 (held by a draft) = 710.115 (the examined settlement's, the closed ticket and the other plants' do not count)
      unsettledCents: 71012,
      openInterventions: 1, openApprovals: 1,
    });
    expect(b).toEqual({
      orgId: B, orgCode: 'HDJC', orgName: '华东建材贸易有限公司', orgNameEn: 'East China Building Materials Trading Co.', member: false,
      inPlant: 1,
      today: { pu: '5', sa: '0', al: '0', tr: '0' },
      month: { pu: '5', sa: '0', al: '0', tr: '0' },
      stockTons: '0', receiptsCents: 0, consumedCents: 0, unsettledCents: 1234, openInterventions: 0, openApprovals: 0,
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
});
