import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { newCard, newNotice } from './test-support';

// The demo environment refuses every change; the card reader's questions are reads and are answered.
const { app, database } = await createTestApp({ DEMO_MODE: 'true' });
const { pool } = database;
let auth: string;
let org: string;

beforeAll(async () => {
  auth = (await bearerFor(app, 'operator')).authorization;
  org = await orgId(pool, 'HDSN');
});

const post = (url: string, body: unknown) => call(app, 'POST', url, auth, body);

describe('registries in the demo environment', () => {
  it('answers the card reader\'s reads and refuses a gate-in, logging nothing', async () => {
    await newCard(pool, org, '3C4D5E6F');
    expect(expectOk(await post('/api/registry/tr/card/check', { cardUid: '3C4D5E6F' })).data).toMatchObject({ cardUid: '3C4D5E6F', registryNo: null });
    expect(expectOk(await post('/api/registry/tr/card/bindable', { cardUid: '3C4D5E6F' })).data).toMatchObject({ cardUid: '3C4D5E6F' });
    expectFailure(await post('/api/registry/tr/card/read', { cardUid: '3C4D5E6F' }), 404, /没有未完成的登记单/);
    const { lineId, noticeId } = await newNotice(pool, org);
    const { rows: [r] } = await pool.query(
      `INSERT INTO wb_registry (org_id, kind, registry_no, plate_number, notice_id, notice_line_id, pre_quantity, doc_status, trip_state)
       VALUES ($1, 'tr', 'DEMO1', '浙G10001', $2, $3, 1, 'AUDITED', 'PLANNED') RETURNING id::text`, [org, noticeId, lineId]);
    const before = (await pool.query('SELECT count(*)::int AS n FROM sys_log')).rows[0].n;
    expectFailure(await post('/api/registry/tr/letin', { ids: [r.id] }), 423);
    expect((await pool.query('SELECT trip_state FROM wb_registry WHERE id = $1', [r.id])).rows[0].trip_state).toBe('PLANNED');
    expect((await pool.query('SELECT count(*)::int AS n FROM sys_log')).rows[0].n).toBe(before);
  });
});
