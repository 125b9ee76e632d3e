import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk } from '../../../../test/api';
import { emitEvent } from '../../../platform/events/emit';
import { fanOutEvent } from '../../../platform/events/repo';

// Subscriptions (接口配置) and the event history (事件历史) through HTTP, as the administrator's screens use them.
const { app, database } = await createTestApp();
const { pool, db } = database;
let admin: string;
let operator: string;
let orgId: string;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  orgId = String(expectOk(await call(app, 'GET', '/api/sys-info/me', admin)).data.currentOrg);
});

const create = (entity: Record<string, unknown>, who = admin) => call(app, 'POST', '/api/system/interface/create', who, { entity });
const storedSecret = async (id: string) => (await pool.query('SELECT secret FROM sys_subscription WHERE id = $1', [id])).rows[0].secret as string;
const logCount = async (action: string) => (await pool.query('SELECT count(*)::int AS n FROM sys_log WHERE action = $1', [action])).rows[0].n as number;

describe('subscriptions', () => {
  it('subscribes a webhook of the company to chosen events, with a generated secret it never shows again', async () => {
    const created = expectOk(await create({ name: 'MES', events: ['ticket.completed', 'registry.letout'], url: 'https://mes.example/hook' })).data;
    expect(created).toMatchObject({ name: 'MES', events: ['ticket.completed', 'registry.letout'], url: 'https://mes.example/hook', secret: '******', timeoutMs: 10000, maxAttempts: 12 });
    const { rows: [row] } = await pool.query('SELECT org_id, events, secret FROM sys_subscription WHERE id = $1', [created.id]);
    expect(row).toMatchObject({ events: 'ticket.completed,registry.letout' });
    expect(String(row.org_id)).toBe(orgId);
    expect(row.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const list = expectOk(await call(app, 'POST', '/api/system/interface/v2/list', admin, { limit: { pn: 1, ps: 50 } })).data.list;
    expect(JSON.stringify(list)).not.toContain(row.secret);
    expect(list.find((r: { name: string }) => r.name === 'MES')).toMatchObject({ signed: true, events: 'ticket.completed,registry.letout' });
    expect(JSON.stringify(expectOk(await call(app, 'GET', `/api/system/interface/get/${created.id}`, admin)).data)).not.toContain(row.secret);
  });

  it('keeps the secret when an edit sends the mask back, and answers a new one once', async () => {
    const created = expectOk(await create({ name: 'WMS', events: ['ticket.voided'], url: 'https://wms.example/hook' })).data;
    const before = await storedSecret(created.id);
    const edited = expectOk(await call(app, 'PUT', '/api/system/interface/update', admin, { entity: { ...created, url: 'https://wms.example/v2' } })).data;
    expect(edited).toMatchObject({ url: 'https://wms.example/v2', secret: '******' });
    expect(await storedSecret(created.id)).toBe(before);
    const logged = await logCount('newSecret');
    const fresh = expectOk(await call(app, 'POST', `/api/system/interface/newSecret/${created.id}`, admin)).data;
    expect(fresh.secret).toMatch(/^whsec_/);
    expect(await storedSecret(created.id)).toBe(fresh.secret);
    expect(await logCount('newSecret')).toBe(logged + 1);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM sys_log WHERE detail LIKE $1 OR doc_no LIKE $1', [`%${fresh.secret}%`]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses an event that does not exist, an address that is not http and a short secret, naming the field', async () => {
    expectFailure(await create({ name: 'X1', events: ['ticket.eaten'], url: 'https://x' }), 400, '订阅事件 ticket.eaten 不存在');
    expectFailure(await create({ name: 'X2', events: ['ticket.completed'], url: 'ftp://erp' }), 400, '接收地址应以 http:// 或 https:// 开头');
    expectFailure(await create({ name: 'X3', events: ['ticket.completed'], url: 'https://x', secret: 'short' }), 400, '签名密钥至少 16 个字符');
    expectFailure(await create({ name: 'X4', events: [], url: 'https://x' }), 400);
    expect((await pool.query("SELECT count(*)::int AS n FROM sys_subscription WHERE name LIKE 'X%'")).rows[0].n).toBe(0);
  });
});

describe('the event history', () => {
  it('lists the company\'s deliveries by event and state, with their tries, and resends chosen ones with a log entry each', async () => {
    const hook = expectOk(await create({ name: 'History hook', events: ['settlement.examined'], url: 'https://h.example/hook' })).data;
    const { eventId } = await emitEvent(db, { orgId, type: 'settlement.examined', key: 'JS202611280001', payload: { settlementId: '1', settleNo: 'JS202611280001', kind: 'pu', ticketCount: 2, totalAmount: '100.00' } });
    // its fan-out, run here (no poller runs with the job library off)
    const [id] = await fanOutEvent(db, orgId, eventId as string);
    await pool.query(`UPDATE sys_delivery SET state = 'FAILED', attempts = 3, last_status = 422, last_error = '接收方返回 HTTP 422' WHERE id = $1`, [id]);
    await pool.query(`INSERT INTO sys_delivery_attempt (org_id, delivery_id, attempt, started_at, duration_ms, status, error, response) VALUES ($1, $2, 1, now(), 12, 422, '接收方返回 HTTP 422', 'bad')`, [orgId, id]);
    const list = expectOk(await call(app, 'POST', '/api/system/outbox/v2/list', admin, {
      search: [{ key: 'state', op: 'eq', val: 'FAILED' }, { key: 'eventType', op: 'eq', val: 'settlement.examined' }], limit: { pn: 1, ps: 10 },
    })).data.list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ messageKey: 'JS202611280001', subscription: 'History hook', lastStatus: 422, lastResponse: 'bad', lastDuration: 12 });
    expect(expectOk(await call(app, 'GET', `/api/system/outbox/attempts/${id}`, admin)).data).toMatchObject([{ attempt: 1, status: 422, durationMs: 12, response: 'bad' }]);
    const logged = await logCount('outboxResend');
    expect(expectOk(await call(app, 'POST', '/api/system/outbox/resend', admin, { ids: [id] })).data.count).toBe(1);
    expect((await pool.query('SELECT state, attempts, resent FROM sys_delivery WHERE id = $1', [id])).rows[0]).toEqual({ state: 'PENDING', attempts: 0, resent: 1 });
    expect(await logCount('outboxResend')).toBe(logged + 1);
    // a waiting one is not queued twice
    expect(expectOk(await call(app, 'POST', '/api/system/outbox/resend', admin, { ids: [id] })).data.count).toBe(0);
    expect(await logCount('outboxResend')).toBe(logged + 1);
    expectOk(await call(app, 'DELETE', '/api/system/interface/delList', admin, { ids: [hook.id] }));
  });

  it('keeps the screens to those granted them', async () => {
    expectFailure(await call(app, 'POST', '/api/system/outbox/v2/list', operator, { limit: { pn: 1, ps: 10 } }), 403);
    expectFailure(await call(app, 'POST', '/api/system/outbox/resend', operator, { ids: ['1'] }), 403);
    expectFailure(await call(app, 'GET', '/api/system/outbox/attempts/1', operator), 403);
    expectFailure(await create({ name: 'Y', events: ['erp.ticket'], url: 'https://x' }, operator), 403);
    expectFailure(await call(app, 'POST', '/api/system/interface/newSecret/1', operator), 403);
  });
});
