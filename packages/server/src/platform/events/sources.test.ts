import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { plantOf, weighPurchase, type Plant } from '../../domain/weighing/test-support';
import { newNotice, newTicket } from '../../domain/registry/test-support';
import { auditedPurchase } from '../../domain/settlement/test-support';
import { EVENT_KEYS } from './catalogue';
import { fanOutWaiting } from './sweep';

// Where the events come from: each change, made through the real calls, records its event and
// queues a delivery to a subscription naming it, in its own transaction.
const { app, database } = await createTestApp();
const { pool } = database;
let admin: string;
let operator: string;
let plant: Plant;
let hook: string;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  plant = await plantOf(database.db);
  // the ERP's and the other systems' uploads are one receiver's messages each (domain/uploads), not the plant's events
  const events = EVENT_KEYS.filter((k) => k !== 'erp.ticket' && !k.startsWith('upload.'));
  hook = String(expectOk(await call(app, 'POST', '/api/system/interface/create', admin, { entity: { name: 'All events', events, url: 'https://all.example/hook' } })).data.id);
});

const eventsOf = async (key: string) => {
  // the events' fan-out, run here (no poller runs with the job library off): the deliveries it makes
  await fanOutWaiting(database.db);
  return (await pool.query(
    `SELECT e.type, e.payload, (SELECT count(*)::int FROM sys_delivery d WHERE d.event_id = e.id AND d.subscription_id = $2) AS delivered
       FROM sys_event e WHERE e.event_key = $1 ORDER BY e.id`, [key, hook])).rows as { type: string; payload: Record<string, unknown>; delivered: number }[];
};

describe('events from the plant', () => {
  it('a second weighing tells "ticket completed" with its figures; voiding it tells "ticket voided"', async () => {
    const t = await weighPurchase(app, database.db, plant, operator, { station: 'S1', gross: '40', tare: '15' });
    expect(await eventsOf(t.no)).toEqual([{
      type: 'ticket.completed', delivered: 1,
      payload: expect.objectContaining({ ticketId: t.id, ticketNo: t.no, kind: 'pu', plateNumber: t.plate, gross: '40', tare: '15', net: '25', manual: false }),
    }]);
    expectOk(await call(app, 'POST', '/api/weigh/pu/obsolete', admin, { ids: [t.id] }));
    expect((await eventsOf(t.no)).map((e) => [e.type, e.payload.previousState, e.delivered])).toEqual([['ticket.completed', undefined, 1], ['ticket.voided', 'COMPLETED', 1]]);
  });

  it('a second weighing nobody hears sends no part of the event: its completion statement carries none, and nothing is written', async () => {
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    await pool.query('UPDATE sys_subscription SET enabled = false WHERE id = $1', [hook]);
    try {
      // every statement the driver sends during the weighing (the pool's connections look pg.Client's query up at each call)
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const a = args[0] as string | { text?: string };
        sent.push(typeof a === 'string' ? a : (a.text ?? ''));
        return (query as (...x: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      const t = await weighPurchase(app, database.db, plant, operator, { station: 'S2', gross: '41', tare: '16' });
      pg.Client.prototype.query = query;
      expect(sent.some((text) => /update "wb_ticket"/.test(text) && /"reading" as \(insert into "wb_weighing"/.test(text))).toBe(true);
      expect(sent.filter((text) => /sys_event|sys_delivery|pgboss\.job/.test(text))).toEqual([]);
      // who hears it, the webhooks and the purchase family's SAP upload, is asked by the facts statement alone
      expect(sent.filter((text) => /sys_subscription/.test(text))).toHaveLength(1);
      expect(await eventsOf(t.no)).toEqual([]);
    } finally {
      pg.Client.prototype.query = query;
      await pool.query('UPDATE sys_subscription SET enabled = true WHERE id = $1', [hook]);
    }
  });

  it('a manual ticket tells "ticket completed" as it is created, marked manual', async () => {
    const made = expectOk(await call(app, 'POST', '/api/weigh/pu/create', admin, { entity: { plateNumber: '苏E54321', materialId: plant.materialId, gross: '30', tare: '10', price: '10' } })).data;
    expect(await eventsOf(made.ticketNo)).toEqual([{ type: 'ticket.completed', delivered: 1, payload: expect.objectContaining({ ticketNo: made.ticketNo, net: '20', manual: true }) }]);
  });

  it('the gate tells "registry let in" and "registry let out"; a refused call tells nothing', async () => {
    const { lineId } = await newNotice(pool, plant.orgId, { kind: 'pu' });
    const r = expectOk(await call(app, 'POST', '/api/registry/pu/create', operator, { entity: { plateNumber: '苏E67890', noticeLineId: lineId, preQuantity: 25, shippedQuantity: 25 } })).data;
    expectFailure(await call(app, 'POST', '/api/registry/pu/letin', operator, { ids: [r.id] }), 400);
    expect(await eventsOf(r.registryNo)).toEqual([]);
    expectOk(await call(app, 'POST', '/api/registry/pu/audit', operator, { ids: [r.id] }));
    expectOk(await call(app, 'POST', '/api/registry/pu/letin', operator, { ids: [r.id] }));
    await newTicket(pool, plant.orgId, r.id, 'CLOSED', { closeKind: 'SINGLE_EMPTY' });
    expectOk(await call(app, 'POST', '/api/registry/pu/letout', operator, { ids: [r.id] }));
    expect((await eventsOf(r.registryNo)).map((e) => [e.type, e.payload.plateNumber, e.delivered])).toEqual([
      ['registry.letin', '苏E67890', 1], ['registry.letout', '苏E67890', 1],
    ]);
  });

  it('auditing a receipt tells "receipt audited" with its amount', async () => {
    const accountant = (await bearerFor(app, 'accountant')).authorization;
    const r = expectOk(await call(app, 'POST', '/api/money/receipt/create', accountant, { entity: { customerId: plant.customerId, amount: '1200.50', method: 'BANK' } })).data;
    expect(await eventsOf(r.receiptNo)).toEqual([]);
    // another than its recorder audits it (money rules: recorderAuditProblem)
    expectOk(await call(app, 'POST', '/api/money/receipt/audit', admin, { ids: [r.id] }));
    expect(await eventsOf(r.receiptNo)).toEqual([{ type: 'receipt.audited', delivered: 1, payload: expect.objectContaining({ receiptNo: r.receiptNo, amount: expect.stringMatching(/^1200\.50*$/) }) }]);
  });

  it('examining a settlement tells "settlement examined" with its count and total', async () => {
    const accountant = (await bearerFor(app, 'accountant')).authorization;
    const t = await auditedPurchase(app, database.db, plant, operator, admin);
    const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
    const s = expectOk(await call(app, 'POST', '/api/settlement/pu/create', accountant, {
      entity: { vendorId: plant.vendorId, periodFrom: wire(new Date(Date.now() - 86_400_000)), periodTo: wire(new Date(Date.now() + 86_400_000)) },
    })).data;
    expectOk(await call(app, 'POST', `/api/settlement/pu/confirmPounds/${s.id}`, accountant, { ticketIds: [t.id] }));
    expect(await eventsOf(s.settleNo)).toEqual([]);
    expectOk(await call(app, 'POST', `/api/settlement/pu/examine/${s.id}`, accountant));
    expect(await eventsOf(s.settleNo)).toEqual([{ type: 'settlement.examined', delivered: 1, payload: expect.objectContaining({ settleNo: s.settleNo, kind: 'pu', ticketCount: 1 }) }]);
  });
});

describe('events from the approvals', () => {
  it('a credit line submitted and approved tells submitted, the step waiting for its approver, and approved; each delivered', async () => {
    const sm = await bearerFor(app, 'sales_manager');
    const accountant = (await bearerFor(app, 'accountant')).authorization;
    expectOk(await call(app, 'POST', '/api/workflow/flow/save', admin, {
      docType: 'money_credit', name: '授信审批', enabled: true,
      definition: { steps: [{ key: 'a', name: '销售经理审批', approvers: { kind: 'users', userIds: [sm.userId] }, mode: 'any', rejectTo: 'initiator' }] },
    }));
    const credit = expectOk(await call(app, 'POST', '/api/money/credit/create', accountant, { entity: { customerId: plant.customerId, amount: '5000', validFrom: '2026-01-01', validTo: '2026-12-31' } })).data as { id: string; creditNo: string };
    const inst = expectOk(await call(app, 'POST', '/api/workflow/initiate', accountant, { docType: 'money_credit', docId: credit.id })).data as { id: string };
    expectOk(await call(app, 'POST', `/api/workflow/approve/${inst.id}`, sm.authorization, { comment: '同意' }));
    const events = await eventsOf(credit.creditNo);
    expect(events.map((e) => [e.type, e.delivered])).toEqual([['workflow.submitted', 1], ['workflow.task', 1], ['workflow.approved', 1]]);
    expect(events[1].payload).toMatchObject({ instanceId: inst.id, docType: 'money_credit', docId: credit.id, users: [sm.userId] });
    expect(events[2].payload).toMatchObject({ instanceId: inst.id, by: sm.userId });
  });
});
