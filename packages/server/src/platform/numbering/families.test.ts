import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';

// A company's code rule numbers a business document too (a weigh ticket: weigh.pu), and two
// created at the same moment get two consecutive numbers, never the same one.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
let admin: string;
let orgId: string;
let materialId: string;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  orgId = String(expectOk(await call(app, 'GET', '/api/sys-info/me', admin)).data.currentOrg);
  materialId = String((await pool.query('SELECT archive_id FROM md_material_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [orgId])).rows[0].archive_id);
});

const month = async () => (await pool.query(`SELECT to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYMM') AS m`)).rows[0].m as string;
const manualTicket = (plate: string) => call(app, 'POST', '/api/weigh/pu/create', admin, { entity: { plateNumber: plate, materialId, gross: '40', tare: '15' } });

describe('a code rule on weigh tickets', () => {
  it('numbers two tickets created at once with the rule, one after the other', async () => {
    expectOk(await call(app, 'POST', '/api/system/code-rule/create', admin, {
      entity: { docKind: 'weigh.pu', ruleName: '采购磅单', prefix: 'PB', datePattern: 'yyMM', serialWidth: 5, resetPeriod: 'MONTHLY' },
    }));
    const [a, b] = await Promise.all([manualTicket('苏E66601'), manualTicket('苏E66602')]);
    const numbers = [expectOk(a).data.ticketNo, expectOk(b).data.ticketNo].sort();
    const m = await month();
    expect(numbers).toEqual([`PB${m}00001`, `PB${m}00002`]);
  });
});
