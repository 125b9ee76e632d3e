import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';

// The document engine through the group archives: vendors, customers and carriers, as an
// accountant of the plant (HDSN) keeps them and hands them to the trading company (HDJC).
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
const VENDOR = '/api/masterdata/vendor';
const CARRIER = '/api/masterdata/carrier';

let accountant: string;
let operator: string;
let admin: string;
let HDSN: string;
let HDJC: string;

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  admin = (await bearerFor(app, 'admin')).authorization;
  HDSN = await orgId(pool, 'HDSN');
  HDJC = await orgId(pool, 'HDJC');
});

const post = (url: string, body?: unknown, who = accountant) => call(app, 'POST', url, who, body);
const put = (url: string, body: unknown, who = accountant) => call(app, 'PUT', url, who, body);
const del = (url: string, body: unknown, who = accountant) => call(app, 'DELETE', url, who, body);
const get = (url: string, who = accountant) => call(app, 'GET', url, who);

let serial = 0;
async function newVendor(extra: Record<string, unknown> = {}) {
  serial += 1;
  return expectOk(await post(`${VENDOR}/create`, { entity: { vendorName: `测试供应商${serial}有限公司`, contactPhone: '0572-2345678', ...extra } })).data;
}
const vendorRow = async (id: string) => (await pool.query('SELECT * FROM md_vendor WHERE id = $1', [id])).rows[0];

describe('create and get', () => {
  it('numbers a vendor left without a code, stores it for the group and allocates it to the company', async () => {
    const v = await newVendor({ shortName: '  测试 ', creditCode: '' });
    expect(v.vendorCode).toMatch(/^GYS\d{4}$/);
    expect(v.shortName).toBe('测试');
    expect(v.creditCode).toBeNull();
    expect(v).toMatchObject({ id: expect.any(String), version: 0, docStatus: 'FREE', enabled: true, resourceType: 'LOCAL' });
    const alloc = await pool.query('SELECT org_id::text FROM md_vendor_alloc WHERE archive_id = $1', [v.id]);
    expect(alloc.rows).toEqual([{ org_id: HDSN }]);
    expect(expectOk(await get(`${VENDOR}/get/${v.id}`)).data).toEqual(v);
  });

  it('keeps a code typed by hand, and refuses one already used in the group', async () => {
    const v = await newVendor({ vendorCode: 'GYS9001' });
    expect(v.vendorCode).toBe('GYS9001');
    expectFailure(await post(`${VENDOR}/create`, { entity: { vendorCode: 'GYS9001', vendorName: '另一家公司' } }), 400, '供应商编码 GYS9001 已存在');
  });

  it('refuses bad input with the field named, and writes nothing', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n FROM md_vendor')).rows[0].n;
    const res = expectFailure(await post(`${VENDOR}/create`, { entity: { vendorName: '', creditCode: 'abc', contactPhone: 'x' } }), 400, '供应商名称不能为空！');
    expect((res.data as { errors: { field: string }[] }).errors.map((e) => e.field).sort()).toEqual(['contactPhone', 'creditCode', 'vendorName']);
    expectFailure(await post(`${VENDOR}/create`, { entity: { vendorName: '某公司', resourceType: 'SAP' } }), 400, /来源的值 SAP 不是可选值/);
    expectFailure(await post(`${VENDOR}/create`, { entity: 'x' }), 400);
    expect((await pool.query('SELECT count(*)::int AS n FROM md_vendor')).rows[0].n).toBe(before);
  });
});

describe('update', () => {
  it('saves against the version read, bumps it, and answers 409 to a stale one', async () => {
    const v = await newVendor();
    const saved = expectOk(await put(`${VENDOR}/update`, { entity: { ...v, contactPerson: '王经理' } })).data;
    expect(saved).toMatchObject({ contactPerson: '王经理', version: 1, vendorCode: v.vendorCode });
    expectFailure(await put(`${VENDOR}/update`, { entity: { ...v, contactPerson: '李经理' } }), 409);
    expect((await vendorRow(v.id)).contact_person).toBe('王经理');
  });

  it('does not change the code on update', async () => {
    const v = await newVendor();
    const saved = expectOk(await put(`${VENDOR}/update`, { entity: { ...v, vendorCode: 'CHANGED' } })).data;
    expect(saved.vendorCode).toBe(v.vendorCode);
  });
});

describe('the lifecycle', () => {
  const act = (action: string, ids: string[]) => post(`${VENDOR}/${action}`, { ids });

  it('audits; an audited vendor cannot be edited, deleted, obsoleted or audited again until un-audited', async () => {
    const v = await newVendor();
    expectOk(await act('audit', [v.id]));
    expect((await vendorRow(v.id)).doc_status).toBe('AUDITED');
    const current = expectOk(await get(`${VENDOR}/get/${v.id}`)).data;
    expectFailure(await put(`${VENDOR}/update`, { entity: { ...current, address: 'x' } }), 400, `供应商 ${v.vendorCode} 已审核，不能修改，请先反审核`);
    expectFailure(await del(`${VENDOR}/delList`, { ids: [v.id] }), 400, `供应商 ${v.vendorCode} 已审核，不能删除，请先反审核`);
    expectFailure(await act('obsolete', [v.id]), 400, `供应商 ${v.vendorCode} 已审核，不能作废，请先反审核`);
    expectFailure(await act('audit', [v.id]), 400, `供应商 ${v.vendorCode} 已审核，不能重复审核`);
    expectOk(await act('unaudit', [v.id]));
    expectFailure(await act('unaudit', [v.id]), 400, `供应商 ${v.vendorCode} 未审核，不能反审核`);
    expectOk(await put(`${VENDOR}/update`, { entity: { ...(expectOk(await get(`${VENDOR}/get/${v.id}`)).data), address: '湖州' } }));
  });

  it('obsolete disables; an obsolete vendor cannot be audited or enabled until recovered', async () => {
    const v = await newVendor();
    expectOk(await act('obsolete', [v.id]));
    expect(await vendorRow(v.id)).toMatchObject({ doc_status: 'OBSOLETE', enabled: false });
    expectFailure(await act('audit', [v.id]), 400, `供应商 ${v.vendorCode} 已作废，不能审核`);
    expectFailure(await act('enable', [v.id]), 400, `供应商 ${v.vendorCode} 已作废，不能启用`);
    expectFailure(await act('obsolete', [v.id]), 400, `供应商 ${v.vendorCode} 已作废，不能重复作废`);
    expectOk(await act('recover', [v.id]));
    expectFailure(await act('recover', [v.id]), 400, `供应商 ${v.vendorCode} 未作废，不能恢复`);
    expectOk(await act('enable', [v.id]));
    expect(await vendorRow(v.id)).toMatchObject({ doc_status: 'FREE', enabled: true });
    expectFailure(await act('enable', [v.id]), 400, `供应商 ${v.vendorCode} 已启用，不能重复启用`);
    expectOk(await act('disable', [v.id]));
    expectFailure(await act('disable', [v.id]), 400, `供应商 ${v.vendorCode} 已停用，不能重复停用`);
  });

  it('takes a batch whole or not at all: one audited row stops the delete of all', async () => {
    const a = await newVendor();
    const b = await newVendor();
    expectOk(await act('audit', [b.id]));
    expectFailure(await del(`${VENDOR}/delList`, { ids: [a.id, b.id] }), 400, new RegExp(b.vendorCode));
    expect(await vendorRow(a.id)).toBeDefined();
    expectOk(await act('unaudit', [b.id]));
    expect(expectOk(await del(`${VENDOR}/delList`, { ids: [a.id, b.id] })).data).toEqual({ count: 2 });
    expect(await vendorRow(a.id)).toBeUndefined();
  });

  it('bumps the version on a state change, so a form opened before it saves a conflict', async () => {
    const v = await newVendor();
    expectOk(await act('disable', [v.id]));
    expectFailure(await put(`${VENDOR}/update`, { entity: { ...v, address: 'x' } }), 409);
  });
});

describe('copy', () => {
  it('copies one vendor with a new number and a marked name, as a new free row', async () => {
    const v = await newVendor({ creditCode: '91330522MA2B3C4D5E'.slice(0, 17) + 'X' });
    await post(`${VENDOR}/audit`, { ids: [v.id] });
    const copy = expectOk(await post(`${VENDOR}/copy/${v.id}`)).data;
    expect(copy.id).not.toBe(v.id);
    expect(copy.vendorCode).not.toBe(v.vendorCode);
    expect(copy.vendorName).toBe(`${v.vendorName}(复制${copy.vendorCode})`);
    expect(copy).toMatchObject({ creditCode: null, docStatus: 'FREE', contactPhone: v.contactPhone, version: 0 });
  });

  it('copies several at once', async () => {
    const a = await newVendor();
    const b = await newVendor();
    expect(expectOk(await post(`${VENDOR}/copy`, { ids: [a.id, b.id] })).data).toEqual({ count: 2 });
  });
});

describe('allocation to companies', () => {
  it('allocates to the sister company, which then sees the vendor, and withdraws it again', async () => {
    const v = await newVendor();
    expect(expectOk(await post(`${VENDOR}/allocate`, { ids: [v.id], orgIds: [HDJC] })).data).toEqual({ count: 1 });
    expect(expectOk(await post(`${VENDOR}/allocate`, { ids: [v.id], orgIds: [HDJC] })).data).toEqual({ count: 0 });
    const listed = expectOk(await post(`${VENDOR}/v2/list`, { search: [{ key: 'vendorCode', op: 'eq', val: v.vendorCode }] })).data.list[0];
    expect(listed.allocOrgNames).toBe('华东水泥有限公司、华东建材贸易有限公司');
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDJC}`, admin));
    try {
      const { data } = expectOk(await post(`${VENDOR}/v2/list`, { search: [{ key: 'vendorCode', op: 'eq', val: v.vendorCode }] }, admin));
      expect(data.list.map((r: { id: string }) => r.id)).toEqual([v.id]);
    } finally {
      expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDSN}`, admin));
    }
    expectFailure(await del(`${VENDOR}/delList`, { ids: [v.id] }), 400, `供应商 ${v.vendorCode} 已分配给其他公司，请先取消分配再删除`);
    expect(expectOk(await post(`${VENDOR}/cancelAllocate`, { ids: [v.id], orgIds: [HDJC] })).data).toEqual({ count: 1 });
    expectFailure(await post(`${VENDOR}/cancelAllocate`, { ids: [v.id], orgIds: [HDSN] }), 400, /由 华东水泥有限公司 创建，不能从该公司取消分配/);
  });

  it('refuses to withdraw a carrier from a company whose vehicles still use it, and changes nothing', async () => {
    const { rows } = await pool.query(`
      SELECT c.id::text, c.carrier_code FROM md_carrier c
       WHERE c.org_id = $1 AND EXISTS (SELECT 1 FROM md_vehicle v WHERE v.carrier_id = c.id AND v.org_id = $2) LIMIT 1`, [HDSN, HDJC]);
    const carrier = rows[0];
    const allocs = async () => (await pool.query('SELECT count(*)::int AS n FROM md_carrier_alloc WHERE archive_id = $1', [carrier.id])).rows[0].n;
    const before = await allocs();
    expectFailure(await post(`${CARRIER}/cancelAllocate`, { ids: [carrier.id], orgIds: [HDJC] }), 400,
      `承运商 ${carrier.carrier_code} 在 华东建材贸易有限公司 仍被使用，不能取消分配`);
    expect(await allocs()).toBe(before);
  });

  it('refuses a company outside the group', async () => {
    const v = await newVendor();
    expectFailure(await post(`${VENDOR}/allocate`, { ids: [v.id], orgIds: ['999999'] }), 400, '组织 999999 不是本集团的公司');
  });
});

describe('company isolation', () => {
  it("answers 404 for an archive not allocated to the caller's company, and touches nothing", async () => {
    const { rows } = await pool.query(`
      SELECT c.id::text FROM md_customer c WHERE NOT EXISTS (SELECT 1 FROM md_customer_alloc a WHERE a.archive_id = c.id AND a.org_id = $1) LIMIT 1`, [HDSN]);
    const id = rows[0].id;
    const before = (await pool.query('SELECT version, enabled FROM md_customer WHERE id = $1', [id])).rows[0];
    expectFailure(await get(`/api/masterdata/customer/get/${id}`), 404);
    expectFailure(await post('/api/masterdata/customer/disable', { ids: [id] }), 404);
    expectFailure(await del('/api/masterdata/customer/delList', { ids: [id] }), 404);
    expectFailure(await put('/api/masterdata/customer/update', { entity: { id, version: before.version, customerName: 'x' } }), 404);
    expectFailure(await post(`/api/masterdata/customer/copy/${id}`), 404);
    expect((await pool.query('SELECT version, enabled FROM md_customer WHERE id = $1', [id])).rows[0]).toEqual(before);
  });

  it('lists only the archives allocated to the company', async () => {
    const { data } = expectOk(await post('/api/masterdata/customer/v2/list', { limit: { pn: 1, ps: 100 } }));
    const { rows } = await pool.query('SELECT archive_id::text AS id FROM md_customer_alloc WHERE org_id = $1', [HDSN]);
    expect(data.list.map((r: { id: string }) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(Object.keys(data.list[0])).toEqual(expect.arrayContaining(['id', 'version', 'customerCode', 'customerName', 'docStatus']));
  });
});

describe('permissions', () => {
  it('needs the action key: the operator may look (for popups) but not create or audit', async () => {
    expectOk(await post(`${VENDOR}/v2/list`, {}, operator));
    const res = await post(`${VENDOR}/create`, { entity: { vendorName: '越权公司' } }, operator);
    expectFailure(res, 403);
    expect(res.headers['x-missing-permission']).toBe('md_vendor_create');
    expectFailure(await post(`${VENDOR}/audit`, { ids: ['1'] }, operator), 403);
    const quality = (await bearerFor(app, 'quality')).authorization;
    expectFailure(await post(`${VENDOR}/v2/list`, {}, quality), 403);
  });
});

describe('autocomplete', () => {
  it('matches the typed text in code or name, ten at most, newest first', async () => {
    const { data } = expectOk(await get(`${VENDOR}/autocomplete?search=${encodeURIComponent('有限 公司')}`));
    expect(data.list.length).toBeLessThanOrEqual(10);
    expect(data.list.length).toBeGreaterThan(0);
    for (const r of data.list) expect(`${r.vendorCode}${r.vendorName}`).toContain('有限公司');
    const dates = data.list.map((r: { createDate: string }) => r.createDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const byPost = expectOk(await post(`${VENDOR}/autocomplete?search=GYS000`, { search: [{ key: 'enabled', op: 'eq', val: true }] })).data;
    for (const r of byPost.list) expect(r.vendorCode).toContain('GYS000');
  });
});

describe('datax', () => {
  const entities = [
    { vendorCode: 'ERP-001', vendorName: 'ERP 同步供应商一', resourceType: 'NC' },
    { vendorCode: 'ERP-002', vendorName: 'ERP 同步供应商二', resourceType: 'NC', contactPerson: '赵' },
  ];

  it('creates by code, then updates only what changed; the same push twice changes nothing', async () => {
    expect(expectOk(await post(`${VENDOR}/datax`, { entities })).data).toEqual({ created: 2, updated: 0 });
    expect(expectOk(await post(`${VENDOR}/datax`, { entities })).data).toEqual({ created: 0, updated: 0 });
    const changed = [{ ...entities[0], contactPerson: '钱' }, entities[1], { vendorCode: 'ERP-003', vendorName: 'ERP 同步供应商三' }];
    expect(expectOk(await post(`${VENDOR}/datax`, { entities: changed })).data).toEqual({ created: 1, updated: 1 });
    const { rows } = await pool.query(`SELECT vendor_code, contact_person, version, resource_type FROM md_vendor WHERE vendor_code LIKE 'ERP-%' ORDER BY vendor_code`);
    expect(rows).toEqual([
      { vendor_code: 'ERP-001', contact_person: '钱', version: 1, resource_type: 'NC' },
      { vendor_code: 'ERP-002', contact_person: '赵', version: 0, resource_type: 'NC' },
      { vendor_code: 'ERP-003', contact_person: null, version: 0, resource_type: 'LOCAL' },
    ]);
    const allocated = await pool.query(`SELECT count(*)::int AS n FROM md_vendor_alloc a JOIN md_vendor v ON v.id = a.archive_id WHERE v.vendor_code LIKE 'ERP-%' AND a.org_id = $1`, [HDSN]);
    expect(allocated.rows[0].n).toBe(3);
  });

  it('refuses the whole push when one entity is bad, naming each', async () => {
    const res = expectFailure(await post(`${VENDOR}/datax`, { entities: [{ vendorCode: 'ERP-101', vendorName: '好的' }, { vendorCode: 'ERP-102' }, { vendorName: '无编码' }] }), 400);
    expect((res.data as { errors: unknown[] }).errors).toEqual([
      { row: 2, field: 'vendorName', message: '供应商名称不能为空！' },
      { row: 3, field: 'vendorCode', message: '供应商编码不能为空！' },
    ]);
    expect((await pool.query(`SELECT count(*)::int AS n FROM md_vendor WHERE vendor_code = 'ERP-101'`)).rows[0].n).toBe(0);
  });
  it('refuses a push naming a field no vendor has, naming the entity and the field, and writes nothing', async () => {
    const logs = async () => (await pool.query(`SELECT count(*)::int AS n FROM sys_log WHERE action = 'datax'`)).rows[0].n;
    const before = await logs();
    const res = expectFailure(await post(`${VENDOR}/datax`, { entities: [{ vendorCode: 'ERP-201', vendorName: '好的' }, { vendorCode: 'ERP-202', vendorName: '拼错', contactPersn: '孙' }] }), 400);
    expect((res.data as { errors: unknown[] }).errors).toEqual([{ row: 2, field: 'contactPersn', message: '不允许的字段: contactPersn' }]);
    expect((await pool.query(`SELECT count(*)::int AS n FROM md_vendor WHERE vendor_code LIKE 'ERP-20%'`)).rows[0].n).toBe(0);
    expect(await logs()).toBe(before);
  });
});

describe('the popup reads the list', () => {
  it("accepts the popup template's id on the list, and refuses another list's", async () => {
    const id = async (code: string) => (await pool.query('SELECT id::text FROM cg_format WHERE format_code = $1', [code])).rows[0].id;
    expectOk(await post(`${VENDOR}/v2/list`, { tplId: await id('masterdata.vendor.resource') }));
    expectOk(await post(`${VENDOR}/v2/list`, { tplId: await id('masterdata.vendor.list') }));
    expectFailure(await post(`${VENDOR}/v2/list`, { tplId: await id('masterdata.customer.resource') }), 400);
  });
});
