import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';

// Dictionaries: a company's types and their items, kept by the accountant, read by the operator.
const { app, database } = await createTestApp();
const { pool } = database;
const TYPE = '/api/masterdata/dict-type';
const ITEM = '/api/masterdata/dict-item';

let accountant: string;
let operator: string;
let HDJC: string;
beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  HDJC = await orgId(pool, 'HDJC');
});

const post = (url: string, body: unknown, who = accountant) => call(app, 'POST', url, who, body);

describe('dictionaries', () => {
  it('keeps a type and its items, codes unique per company and per type', async () => {
    const t = expectOk(await post(`${TYPE}/create`, { entity: { typeCode: 'UNLOAD', typeName: '卸货方式', sort: 30 } })).data;
    expect(t).toMatchObject({ typeCode: 'UNLOAD', typeName: '卸货方式', sort: 30, enabled: true, version: 0 });
    expectFailure(await post(`${TYPE}/create`, { entity: { typeCode: 'UNLOAD', typeName: '又一个' } }), 400, '类型编码 UNLOAD 已存在');
    const item = expectOk(await post(`${ITEM}/create`, { entity: { typeId: t.id, itemCode: 'ZX', itemLabel: '自卸', sort: 1 } })).data;
    expect(item).toMatchObject({ typeId: t.id, typeName: '卸货方式', itemCode: 'ZX', itemLabel: '自卸' });
    expectFailure(await post(`${ITEM}/create`, { entity: { typeId: t.id, itemCode: 'ZX', itemLabel: '再一个' } }), 400, '编码 ZX 已存在');
    // the same item code under another type is another item
    const other = (await pool.query(`SELECT id::text FROM md_dict_type WHERE type_code = 'PACKING' AND org_id = (SELECT org_id FROM md_dict_type WHERE id = $1)`, [t.id])).rows[0].id;
    expectOk(await post(`${ITEM}/create`, { entity: { typeId: other, itemCode: 'ZX', itemLabel: '纸箱' } }));
  });

  it("edits a type's items in the type's form: the item list and the type list show them in its order", async () => {
    const t = expectOk(await post(`${TYPE}/create`, { entity: { typeCode: 'WEIGH_MODE', typeName: '计量方式' }, entitysub: [
      { itemCode: 'TWICE', itemLabel: '一车两磅' }, { itemCode: 'ONCE', itemLabel: '一车一磅' },
    ] })).data;
    const [twice, once] = t.entitysub;
    expectOk(await call(app, 'PUT', `${TYPE}/update`, accountant, { entity: t, entitysub: [once, twice, { itemCode: 'PRESET', itemLabel: '预置皮重' }] }));
    const { data: types } = expectOk(await post(`${TYPE}/v2/list`, { search: [{ key: 'typeCode', op: 'eq', val: 'WEIGH_MODE' }], limit: { pn: 1, ps: 10 } }));
    expect(types.list[0].items).toBe('一车一磅、一车两磅、预置皮重');
    const { data: items } = expectOk(await post(`${ITEM}/v2/list`, { search: [{ key: 'typeName', op: 'like', val: '计量方式' }], sort: [{ key: 'sort', dir: 'asc' }], limit: { pn: 1, ps: 10 } }));
    expect(items.list.map((r: { itemCode: string; sort: number }) => `${r.sort}:${r.itemCode}`)).toEqual(['1:ONCE', '2:TWICE', '3:PRESET']);
  });

  it('an item added or deleted on the item screen moves its type on, so a type form opened before saves a conflict', async () => {
    const t = expectOk(await post(`${TYPE}/create`, { entity: { typeCode: 'SEAL', typeName: '铅封' }, entitysub: [{ itemCode: 'S1', itemLabel: '一号' }] })).data;
    const added = expectOk(await post(`${ITEM}/create`, { entity: { typeId: t.id, itemCode: 'S2', itemLabel: '二号' } })).data;
    expectFailure(await call(app, 'PUT', `${TYPE}/update`, accountant, { entity: t, entitysub: t.entitysub }), 409, /已被他人修改/);
    const again = expectOk(await call(app, 'GET', `${TYPE}/get/${t.id}`, accountant)).data;
    expect(again.entitysub.map((r: { itemCode: string }) => r.itemCode).sort()).toEqual(['S1', 'S2']);
    expectOk(await call(app, 'DELETE', `${ITEM}/delList`, accountant, { ids: [added.id] }));
    expectFailure(await call(app, 'PUT', `${TYPE}/update`, accountant, { entity: again, entitysub: again.entitysub }), 409, /已被他人修改/);
    const { rows } = await pool.query('SELECT item_code FROM md_dict_item WHERE type_id = $1', [t.id]);
    expect(rows.map((r) => r.item_code)).toEqual(['S1']);
  });

  it('refuses an item without a type or with a sort that is not a whole number, and writes nothing', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n FROM md_dict_item')).rows[0].n;
    expectFailure(await post(`${ITEM}/create`, { entity: { itemCode: 'X1', itemLabel: '无类型' } }), 400, /字典类型/);
    const type = (await pool.query(`SELECT id::text FROM md_dict_type WHERE type_code = 'CAR_TYPE' ORDER BY id LIMIT 1`)).rows[0].id;
    expectFailure(await post(`${ITEM}/create`, { entity: { typeId: type, itemCode: 'X2', itemLabel: '半个', sort: 1.5 } }), 400, /排序/);
    expect((await pool.query('SELECT count(*)::int AS n FROM md_dict_item')).rows[0].n).toBe(before);
  });

  it("does not reach another company's types: its item cannot name one, its row is 404", async () => {
    const foreign = (await pool.query(`SELECT id::text FROM md_dict_type WHERE org_id = $1 LIMIT 1`, [HDJC])).rows[0].id;
    expectFailure(await post(`${ITEM}/create`, { entity: { typeId: foreign, itemCode: 'Y1', itemLabel: '越界' } }), 400, '字典类型不存在或未分配给当前公司');
    expectFailure(await call(app, 'GET', `${TYPE}/get/${foreign}`, accountant), 404);
    const { data } = expectOk(await post(`${TYPE}/v2/list`, { limit: { pn: 1, ps: 100 } }));
    expect(data.list.map((r: { id: string }) => r.id)).not.toContain(foreign);
  });

  it('lets the operator look but not write', async () => {
    expectOk(await post(`${ITEM}/v2/list`, { limit: { pn: 1, ps: 10 } }, operator));
    expectFailure(await post(`${TYPE}/create`, { entity: { typeCode: 'OP', typeName: '操作员' } }, operator), 403);
  });
});

async function importItems(rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('导入');
  for (const r of rows) sheet.addRow(r);
  const bytes = Buffer.from(await wb.xlsx.writeBuffer());
  const boundary = '----wbdict' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="items.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return app.inject({ method: 'POST', url: `${ITEM}/import`, headers: { authorization: accountant, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

describe('dictionary items import', () => {
  const itemCount = async () => (await pool.query('SELECT count(*)::int AS n FROM md_dict_item')).rows[0].n as number;

  it("names the type by its code, in the caller's company only", async () => {
    const before = await itemCount();
    expectOk(await importItems([['类型编码', '编码', '名称', '排序'], ['PACKING', 'JZX', '集装箱', 40], ['CAR_TYPE', 'XSC', '厢式货车', 50]]));
    expect(await itemCount()).toBe(before + 2);
    const { rows } = await pool.query(`SELECT i.org_id::text FROM md_dict_item i WHERE i.item_code IN ('JZX', 'XSC')`);
    expect(new Set(rows.map((r) => r.org_id)).has(HDJC)).toBe(false);
  });

  it('refuses the whole sheet when a type is unknown or a code repeats within its type', async () => {
    const before = await itemCount();
    expectFailure(await importItems([['类型编码', '编码', '名称'], ['PACKING', 'T1', '甲'], ['NOPE', 'T2', '乙']]), 400, '类型编码 NOPE 不存在');
    expectFailure(await importItems([['类型编码', '编码', '名称'], ['PACKING', 'T3', '甲'], ['PACKING', 'T3', '乙']]), 400, '编码 T3 已存在');
    expect(await itemCount()).toBe(before);
  });
});

describe('字典管理 under 系统管理', () => {
  const SYSTEM = '/api/system/dict';

  it('keeps the same types and items as 基础资料, for the administrator', async () => {
    const admin = (await bearerFor(app, 'admin')).authorization;
    const listed = expectOk(await post(`${SYSTEM}/v2/list`, { limit: { pn: 1, ps: 50 } }, admin)).data;
    const same = expectOk(await post(`${TYPE}/v2/list`, { limit: { pn: 1, ps: 50 } }, admin)).data;
    expect(listed.total).toBeGreaterThan(0);
    expect(listed.list.map((r: { typeCode: string }) => r.typeCode)).toEqual(same.list.map((r: { typeCode: string }) => r.typeCode));
    const t = expectOk(await post(`${SYSTEM}/create`, { entity: { typeCode: 'GATE', typeName: '门岗' }, entitysub: [{ itemCode: 'E', itemLabel: '东门' }] }, admin)).data;
    const seen = expectOk(await call(app, 'GET', `${TYPE}/get/${t.id}`, admin)).data;
    expect(seen).toMatchObject({ typeCode: 'GATE', entitysub: [expect.objectContaining({ itemCode: 'E', itemLabel: '东门' })] });
    expectFailure(await post(`${SYSTEM}/create`, { entity: { typeCode: 'GATE', typeName: '又一个' } }, admin), 400, '类型编码 GATE 已存在');
  });

  it('is its own right: keeping 基础资料\'s dictionaries does not open the system screen', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n FROM md_dict_type')).rows[0].n;
    expectFailure(await post(`${SYSTEM}/v2/list`, {}), 403);
    expectFailure(await post(`${SYSTEM}/create`, { entity: { typeCode: 'NOPE', typeName: '不行' } }), 403);
    expect((await pool.query('SELECT count(*)::int AS n FROM md_dict_type')).rows[0].n).toBe(before);
  });

  it('gives the menu leaf its list, and its add button the master-child type form', async () => {
    const admin = (await bearerFor(app, 'admin')).authorization;
    const leaf = (await pool.query("SELECT id::text FROM sys_menu WHERE kind = 'menu' AND path = '/system/dict'")).rows[0].id;
    const list = expectOk(await call(app, 'GET', `/api/cg-format/template?formatType=LIST&menuId=${leaf}`, admin)).data;
    expect(list).toMatchObject({ formatName: '字典管理', formatNameEn: 'Dictionaries', resUrl: `${SYSTEM}/v2/list` });
    const add = (await pool.query("SELECT id::text FROM sys_menu WHERE permission = 'sys_dict_create' AND parent_id = $1", [leaf])).rows[0].id;
    const form = expectOk(await call(app, 'GET', `/api/cg-format/template?formatType=FORM&menuId=${add}`, admin)).data;
    expect(form).toMatchObject({ formatStyle: 'FORMAT_MASTER_CHILD_FROM', opations: { son: 'md_dict_item' } });
  });
});
