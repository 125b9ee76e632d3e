import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk } from '../../../../test/api';
import { enqueue } from '../../../platform/outbox/repo';

// The interface configuration and the event history through HTTP, as the administrator's screens use them.
const { app, database } = await createTestApp();
const { pool, db } = database;
let admin: string;
let operator: string;
let orgId: string;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  orgId = expectOk(await call(app, 'GET', '/api/sys-info/me', admin)).data.currentOrg;
});

describe('interfaces and interface messages', () => {
  it('configures the ERP endpoint of the company, checking the address', async () => {
    expectFailure(await call(app, 'POST', '/api/system/interface/create', admin, { entity: { topic: 'erp.ticket', url: 'ftp://erp' } }), 400, '接收地址应以 http:// 或 https:// 开头');
    const created = expectOk(await call(app, 'POST', '/api/system/interface/create', admin, { entity: { topic: 'erp.ticket', url: 'https://erp.example/wb', secret: 'k' } })).data;
    expect(created).toMatchObject({ topic: 'erp.ticket', url: 'https://erp.example/wb', timeoutMs: 10000, maxAttempts: 12 });
    const { rows } = await pool.query('SELECT org_id FROM sys_outbox_endpoint WHERE id = $1', [created.id]);
    expect(String(rows[0].org_id)).toBe(String(orgId));
    expectFailure(await call(app, 'POST', '/api/system/interface/create', admin, { entity: { topic: 'erp.ticket', url: 'https://other' } }), 400);
  });

  it('lists the company\'s messages and resends a failed one', async () => {
    const id = await enqueue(db, { orgId, topic: 'erp.ticket', key: 'XSBD202611210001', payload: {} });
    await pool.query(`UPDATE sys_outbox SET state = 'FAILED', attempts = 3, last_status = 422, last_error = '接收方返回 HTTP 422' WHERE id = $1`, [id]);
    const list = expectOk(await call(app, 'POST', '/api/system/outbox/v2/list', admin, { search: [{ key: 'state', op: 'eq', val: 'FAILED' }], limit: { pn: 1, ps: 10 } })).data;
    expect(list.list.map((r: { messageKey: string }) => r.messageKey)).toEqual(['XSBD202611210001']);
    expect(expectOk(await call(app, 'POST', '/api/system/outbox/resend', admin, { ids: [id] })).data.count).toBe(1);
    expect((await pool.query('SELECT state, attempts FROM sys_outbox WHERE id = $1', [id])).rows[0]).toEqual({ state: 'PENDING', attempts: 0 });
  });

  it('keeps the screens to those granted them', async () => {
    expectFailure(await call(app, 'POST', '/api/system/outbox/v2/list', operator, { limit: { pn: 1, ps: 10 } }), 403);
    expectFailure(await call(app, 'POST', '/api/system/outbox/resend', operator, { ids: ['1'] }), 403);
    expectFailure(await call(app, 'POST', '/api/system/interface/create', operator, { entity: { topic: 'erp.ticket', url: 'https://x' } }), 403);
  });
});
