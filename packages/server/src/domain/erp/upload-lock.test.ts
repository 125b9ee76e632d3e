import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';

// The upload lock (weighing/rules/transitions.ts): a ticket sent to the ERP cannot be changed until the upload is withdrawn.
const { app, database } = await createTestApp();
const { pool } = database;
let admin: string;
let materialId: string;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  const orgId = String(expectOk(await call(app, 'GET', '/api/sys-info/me', admin)).data.currentOrg);
  materialId = String((await pool.query('SELECT archive_id FROM md_material_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [orgId])).rows[0].archive_id);
});

describe('a ticket being uploaded to the ERP', () => {
  it('refuses an edit and voiding, and takes them again once the upload is withdrawn', async () => {
    const t = expectOk(await call(app, 'POST', '/api/weigh/pu/create', admin, { entity: { plateNumber: '苏E55501', materialId, gross: '40', tare: '15', price: '10' } })).data;
    expectOk(await call(app, 'POST', '/api/weigh/pu/upload', admin, { ids: [t.id] }));
    const locked = expectOk(await call(app, 'GET', `/api/weigh/pu/get/${t.id}`, admin)).data;
    expectFailure(await call(app, 'PUT', '/api/weigh/pu/update', admin, { entity: { id: t.id, version: locked.version, tare: '16' } }), 400, /已上传，已锁定，不能/);
    expectFailure(await call(app, 'POST', '/api/weigh/pu/obsolete', admin, { ids: [t.id] }), 400, /已上传，已锁定，不能/);
    expect((await pool.query('SELECT tare::text, state FROM wb_ticket WHERE id = $1', [t.id])).rows[0]).toEqual({ tare: '15.0000', state: 'COMPLETED' });

    expectOk(await call(app, 'POST', '/api/weigh/pu/cancelUpload', admin, { ids: [t.id] }));
    const free = expectOk(await call(app, 'GET', `/api/weigh/pu/get/${t.id}`, admin)).data;
    expect(Number(expectOk(await call(app, 'PUT', '/api/weigh/pu/update', admin, { entity: { id: t.id, version: free.version, tare: '16' } })).data.tare)).toBe(16);
  });
});
