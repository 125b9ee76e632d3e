import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { DataScope } from '@wb/protocol';
import { call, expectFailure, expectOk, orgId } from '../../../../../test/api';
import { bearerFor, createTestApp } from '../../../../../test/harness';

// A role's data scope, saved on the role screen and applied by the next request to every list:
// four purchase notices of HDSN, one entered by each of four people, read under each scope.
const { app, database } = await createTestApp();
const { pool } = database;
const HDSN = await orgId(pool, 'HDSN');
const HDJC = await orgId(pool, 'HDJC');
const admin = (await bearerFor(app, 'admin')).authorization;

const idOf = async (table: string, where: string, value: string) => (await pool.query(`SELECT id::text FROM ${table} WHERE ${where} = $1`, [value])).rows[0].id as string;
const users = {
  admin: await idOf('sys_user', 'username', 'admin'),
  operator: await idOf('sys_user', 'username', 'operator'),
  quality: await idOf('sys_user', 'username', 'quality'),
  accountant: await idOf('sys_user', 'username', 'accountant'),
};
type Person = keyof typeof users;

// one notice entered (through the engine) and copied three times; each then stands as one person's
const [vendor] = (await pool.query(`SELECT a.archive_id::text AS id FROM md_vendor_alloc a WHERE a.org_id = $1 ORDER BY a.archive_id LIMIT 1`, [HDSN])).rows;
const [material] = (await pool.query(`SELECT a.archive_id::text AS id FROM md_material_alloc a WHERE a.org_id = $1 ORDER BY a.archive_id LIMIT 1`, [HDSN])).rows;
const [warehouse] = (await pool.query(`SELECT id::text FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 1`, [HDSN])).rows;
const created = expectOk(await call(app, 'POST', '/api/notice/pu/create', admin, {
  entity: { vendorId: vendor.id, startTime: '2026-01-01 00:00:00', endTime: '2027-12-31 23:59:59', ctrlMode: 'QUANTITY' },
  entitysub: [{ materialId: material.id, warehouseId: warehouse.id, quantity: '100', price: '10', controlRate: '5' }],
})).data;
for (let i = 0; i < 3; i++) expectOk(await call(app, 'POST', `/api/notice/pu/copy/${created.id}`, admin));
const notices = (await pool.query(`SELECT id::text, notice_no FROM wb_notice WHERE org_id = $1 ORDER BY id`, [HDSN])).rows as { id: string; notice_no: string }[];
const noticeOf = {} as Record<Person, string>;
for (const [i, person] of (['admin', 'operator', 'quality', 'accountant'] as const).entries()) {
  await pool.query('UPDATE wb_notice SET created_by = $1 WHERE id = $2', [users[person], notices[i].id]);
  noticeOf[person] = notices[i].notice_no;
}

// operator and quality work in the weighbridge office, the accountant in finance, the administrator nowhere
const dept = async (code: string) => (await pool.query(`INSERT INTO sys_department (org_id, dept_code, dept_name) VALUES ($1, $2, $2) RETURNING id::text`, [HDSN, code])).rows[0].id as string;
const office = await dept('BF');
const finance = await dept('CW');
const placeIn = (person: Person, deptId: string | null) => pool.query('UPDATE sys_user_org SET dept_id = $1 WHERE user_id = $2 AND org_id = $3', [deptId, users[person], HDSN]);
await placeIn('operator', office);
await placeIn('quality', office);
await placeIn('accountant', finance);

/** A role made on the role screen, granting every menu entry, with the data scope saved there. */
async function role(code: string, dataScope?: DataScope): Promise<string> {
  const { id } = expectOk(await call(app, 'POST', '/api/sys-role', admin, { roleCode: code, roleName: code })).data;
  await pool.query('INSERT INTO sys_role_menu (role_id, menu_id) SELECT $1, id FROM sys_menu', [id]);
  if (dataScope) expectOk(await call(app, 'PUT', `/api/sys-role/${id}/scope`, admin, { dataScope, orgIds: [], assayItemIds: [], classIds: [] }));
  return id;
}
/** The roles a person holds in a company, and nothing else there. */
async function holds(person: Person, org: string, roleIds: string[]) {
  await pool.query('DELETE FROM sys_user_org_role WHERE user_id = $1 AND org_id = $2', [users[person], org]);
  for (const r of roleIds) await pool.query('INSERT INTO sys_user_org_role (user_id, org_id, role_id) VALUES ($1, $2, $3)', [users[person], org, r]);
}

const own = await role('SCOPE_OWN', 'own');
const department = await role('SCOPE_DEPT', 'department');
const company = await role('SCOPE_COMPANY', 'company');
const group = await role('SCOPE_GROUP', 'group');

const tokens = {} as Record<Person, string>;
for (const p of Object.keys(users) as Person[]) tokens[p] = (await bearerFor(app, p)).authorization;

async function seen(person: Person): Promise<string[]> {
  const body = expectOk(await call(app, 'POST', '/api/notice/pu/v2/list', tokens[person], {}));
  expect(body.data.total).toBe(body.data.list.length);
  return body.data.list.map((r: { noticeNo: string }) => r.noticeNo).sort();
}
const numbers = (...people: Person[]) => people.map((p) => noticeOf[p]).sort();

describe('the data scope on the role screen', () => {
  it('is company for a new role, and saved with the role scope', async () => {
    const id = await role('SCOPE_NEW');
    expect(expectOk(await call(app, 'GET', `/api/sys-role/${id}`, admin)).data.dataScope).toBe('company');
    expectOk(await call(app, 'PUT', `/api/sys-role/${id}/scope`, admin, { dataScope: 'department', orgIds: [], assayItemIds: [], classIds: [] }));
    expect(expectOk(await call(app, 'GET', `/api/sys-role/${id}`, admin)).data.dataScope).toBe('department');
    // a save that leaves it out keeps it
    expectOk(await call(app, 'PUT', `/api/sys-role/${id}/scope`, admin, { orgIds: [], assayItemIds: [], classIds: [] }));
    expect(expectOk(await call(app, 'GET', `/api/sys-role/${id}`, admin)).data.dataScope).toBe('department');
  });

  it('refuses a scope it does not know, naming the field, and changes nothing', async () => {
    const res = await call(app, 'PUT', `/api/sys-role/${own}/scope`, admin, { dataScope: 'everyone', orgIds: [], assayItemIds: [], classIds: [] });
    const body = expectFailure(res, 400, /数据范围只能是本人、本部门、本公司或集团/);
    expect(body.data).toMatchObject({ field: 'dataScope' });
    expect(expectOk(await call(app, 'GET', `/api/sys-role/${own}`, admin)).data.dataScope).toBe('own');
  });

  it('keeps the roles existing before scopes at company, but the general manager\'s, which looks over the group (集团驾驶舱)', async () => {
    const { rows } = await pool.query(`SELECT DISTINCT data_scope FROM sys_role WHERE role_code LIKE 'ROLE\\_%' AND role_code <> 'ROLE_GENERAL_MANAGER'`);
    expect(rows).toEqual([{ data_scope: 'company' }]);
    const { rows: manager } = await pool.query(`SELECT data_scope FROM sys_role WHERE role_code = 'ROLE_GENERAL_MANAGER'`);
    expect(manager).toEqual([{ data_scope: 'group' }]);
  });
});

describe('a list under each data scope', () => {
  it('own: only the rows the caller created', async () => {
    await holds('operator', HDSN, [own]);
    expect(await seen('operator')).toEqual(numbers('operator'));
  });

  it('own: the export of the list holds the same rows', async () => {
    await holds('operator', HDSN, [own]);
    const res = await call(app, 'POST', '/api/notice/pu/export', tokens.operator, {});
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const cells = sheet.getSheetValues().slice(2).map((r) => (r as unknown[]).map(String)).flat();
    expect(sheet.rowCount).toBe(2);
    expect(cells).toContain(noticeOf.operator);
  });

  it('department: the rows created by anyone of the caller department in this company', async () => {
    await holds('operator', HDSN, [department]);
    expect(await seen('operator')).toEqual(numbers('operator', 'quality'));
    await holds('accountant', HDSN, [department]);
    expect(await seen('accountant')).toEqual(numbers('accountant'));
  });

  it('department without a department: the caller own rows', async () => {
    await holds('admin', HDSN, [department]);
    expect(await seen('admin')).toEqual(numbers('admin'));
  });

  it('department follows a move to another department on the next request', async () => {
    await holds('quality', HDSN, [department]);
    expect(await seen('quality')).toEqual(numbers('operator', 'quality'));
    await placeIn('quality', finance);
    expect(await seen('quality')).toEqual(numbers('quality', 'accountant'));
    await placeIn('quality', office);
  });

  it('company and group: every row of the company', async () => {
    await holds('operator', HDSN, [company]);
    expect(await seen('operator')).toEqual(numbers('admin', 'operator', 'quality', 'accountant'));
    await holds('operator', HDSN, [group]);
    expect(await seen('operator')).toEqual(numbers('admin', 'operator', 'quality', 'accountant'));
  });
});

describe('a person holding several roles', () => {
  it('gets the widest of them in the current company', async () => {
    await holds('operator', HDSN, [own, department]);
    expect(await seen('operator')).toEqual(numbers('operator', 'quality'));
    await holds('operator', HDSN, [own, company, department]);
    expect(await seen('operator')).toEqual(numbers('admin', 'operator', 'quality', 'accountant'));
  });

  it('leaves out a role switched off', async () => {
    await holds('operator', HDSN, [own, company]);
    expectOk(await call(app, 'PUT', `/api/sys-role/${company}/disable`, admin));
    try {
      expect(await seen('operator')).toEqual(numbers('operator'));
    } finally {
      expectOk(await call(app, 'PUT', `/api/sys-role/${company}/enable`, admin));
    }
  });

  it('leaves out a role held in another company', async () => {
    await holds('accountant', HDSN, [own]);
    await holds('accountant', HDJC, [company]);
    expect(await seen('accountant')).toEqual(numbers('accountant'));
  });
});
