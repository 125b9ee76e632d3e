import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, demo, signIn } from '../../../test/harness';
import { call, expectOk, orgId } from '../../../test/api';

// Every business read filters on the caller's organisation (DESIGN.md section 1): the operation
// log of one company is never shown to a session in another.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;

let HDSN: string;
let HDJC: string;
beforeAll(async () => {
  HDSN = await orgId(pool, 'HDSN');
  HDJC = await orgId(pool, 'HDJC');
  // rows written by the flows: sign-ins land in HDSN, a switch lands in HDJC
  const accountant = await bearerFor(app, 'accountant');
  expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDJC}`, accountant.authorization));
  expectOk(await call(app, 'GET', '/api/base/logout', accountant.authorization));
  // and enough of each company's own rows to need paging
  await pool.query(
    `INSERT INTO sys_log (org_id, username, action, detail)
     SELECT $1::bigint, 'seed', 'probe', 'hdsn-' || n FROM generate_series(1, 25) n
     UNION ALL
     SELECT $2::bigint, 'seed', 'probe', 'hdjc-' || n FROM generate_series(1, 25) n`,
    [HDSN, HDJC],
  );
});

/** Every row of the log a session can page through. */
async function readWholeLog(authorization: string) {
  const rows: { id: string; detail: string | null }[] = [];
  let total = 0;
  for (let pn = 1; pn < 50; pn++) {
    const { data } = expectOk(await call(app, 'POST', '/api/system/log/v2/list', authorization, { limit: { pn, ps: 20 } }));
    total = data.total;
    rows.push(...data.list);
    if (data.list.length < 20) break;
  }
  return { rows, total };
}

const idsOf = async (org: string) => (await pool.query('SELECT id::text FROM sys_log WHERE org_id = $1 ORDER BY sys_log.id', [org])).rows.map((r) => r.id);

describe('the operation log', () => {
  it("shows a session in HDSN exactly HDSN's rows, with HDSN's total", async () => {
    const { authorization } = await bearerFor(app, 'admin');
    const { rows, total } = await readWholeLog(authorization);
    const expected = await idsOf(HDSN);
    expect(rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b))).toEqual(expected);
    expect(total).toBe(expected.length);
    expect(rows.some((r) => r.detail?.startsWith('hdjc-'))).toBe(false);
  });

  it("shows the same user, after switching to HDJC, exactly HDJC's rows", async () => {
    const { authorization } = await bearerFor(app, 'admin');
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDJC}`, authorization));
    const { rows, total } = await readWholeLog(authorization);
    const expected = await idsOf(HDJC);
    expect(rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b))).toEqual(expected);
    expect(total).toBe(expected.length);
    expect(rows.some((r) => r.detail?.startsWith('hdsn-'))).toBe(false);
    expect(rows.some((r) => r.detail === `from ${HDSN}`)).toBe(true);
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDSN}`, authorization));
  });

  it('never shows rows that belong to no company', async () => {
    await pool.query("INSERT INTO sys_log (org_id, username, action, detail) VALUES (NULL, 'seed', 'probe', 'no-company')");
    const { authorization } = await bearerFor(app, 'admin');
    const { rows } = await readWholeLog(authorization);
    expect(rows.some((r) => r.detail === 'no-company')).toBe(false);
  });

  it('records a sign-in in the company the session opens in, not in a company the user has left', async () => {
    // the accountant last worked in HDJC, then lost that membership
    await pool.query("UPDATE sys_user SET current_org_id = $1 WHERE username = 'accountant'", [HDJC]);
    await pool.query("DELETE FROM sys_user_org WHERE org_id = $1 AND user_id = (SELECT id FROM sys_user WHERE username = 'accountant')", [HDJC]);
    const res = await signIn(app, 'accountant', demo('accountant').password);
    expect(res.statusCode).toBe(200);
    const { rows } = await pool.query("SELECT org_id::text FROM sys_log WHERE username = 'accountant' AND action = 'login' ORDER BY id DESC LIMIT 1");
    expect(rows[0].org_id).toBe(HDSN);
  });
});
