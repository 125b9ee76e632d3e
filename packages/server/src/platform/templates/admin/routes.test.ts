import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk } from '../../../../test/api';
import { ALL_TEMPLATES } from '../../../domain/templates';
import { vehicleListTemplate } from '../../../domain/masterdata/vehicle/templates';
import { registryForm, vehiclePicker } from '../fixtures';
import { seedTemplates } from '../seed';

const ctx = await createTestApp();
const { app } = ctx;
const { pool, db } = ctx.database;

let admin: string;
let operator: string;
let vehicleMenu: string;
let vehicleList: string;
let registry: string;
let picker: string;
const one = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0];

beforeAll(async () => {
  await seedTemplates(db, [...ALL_TEMPLATES, vehiclePicker, registryForm]);
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  vehicleMenu = (await one("SELECT id::text FROM sys_menu WHERE kind = 'menu' AND path = '/masterdata/vehicle'")).id;
  vehicleList = (await one("SELECT id::text FROM cg_format WHERE format_code = 'masterdata.vehicle.list'")).id;
  registry = (await one("SELECT id::text FROM cg_format WHERE format_code = 'test.registry.form'")).id;
  picker = (await one("SELECT id::text FROM cg_format WHERE format_code = 'test.vehicle.pick'")).id;
});

type Field = { id: string; fieldName: string; version: string; [k: string]: unknown };
const get = (url: string, authorization = admin) => call(app, 'GET', url, authorization);
const send = (method: 'PUT' | 'POST', url: string, body: unknown, authorization = admin) => call(app, method, url, authorization, body);

async function template(formatId: string) {
  return expectOk(await get(`/api/cg-format/type/subs/${formatId}`)).data as { version: string; source: string; fields: Field[] };
}
async function field(formatId: string, name: string): Promise<Field> {
  return (await template(formatId)).fields.find((f) => f.fieldName === name) as Field;
}
async function editField(formatId: string, name: string, changes: Record<string, unknown>) {
  const f = await field(formatId, name);
  return send('PUT', `/api/cg-format-sub/update/${f.id}`, { version: f.version, ...changes });
}
const served = async () =>
  expectOk(await get(`/api/cg-format/template?formatType=LIST&menuId=${vehicleMenu}`, operator)).data.listSubList as Field[];
const vehicleSearch = (key: string, val: unknown) =>
  send('POST', '/api/masterdata/vehicle/v2/list', { search: [{ key, op: 'like', val }], limit: { pn: 1, ps: 10 } }, operator);
const templateRows = async () => (await pool.query('SELECT *, xmin::text AS v FROM cg_format_field ORDER BY id')).rows;

describe('format select and field definitions', () => {
  it('lists formats searched by code, name and type, paged', async () => {
    const all = expectOk(await send('POST', '/api/cg-format/select', { limit: { pn: 1, ps: 2 } })).data;
    expect(all.total).toBe((await one('SELECT count(*)::int AS n FROM cg_format')).n);
    expect(all.list).toHaveLength(2);
    const lists = expectOk(await send('POST', '/api/cg-format/select', { formatType: 'LIST', limit: { pn: 1, ps: 100 } })).data;
    expect(lists.total).toBe((await one("SELECT count(*)::int AS n FROM cg_format WHERE format_type = 'LIST'")).n);
    expect(lists.list.every((f: { formatType: string }) => f.formatType === 'LIST')).toBe(true);
    // past the first hundred too (the plant has more lists than a page): the type and a code together
    for (const code of ['masterdata.vehicle.list', 'system.log.list']) {
      const found = expectOk(await send('POST', '/api/cg-format/select', { formatType: 'LIST', formatCode: code })).data;
      expect(found.list.map((f: { formatCode: string }) => f.formatCode)).toContain(code);
    }
    const byCode = expectOk(await send('POST', '/api/cg-format/select', { formatCode: 'masterdata.vehicle.list' })).data;
    expect(byCode.list).toEqual([expect.objectContaining({
      formatCode: 'masterdata.vehicle.list', source: 'code', declared: true, menuName: '车辆', fieldCount: vehicleListTemplate.fields.length,
    })]);
    const byName = expectOk(await send('POST', '/api/cg-format/select', { formatName: '选择车' })).data;
    expect(byName.list).toEqual(expect.arrayContaining([expect.objectContaining({ formatCode: 'test.vehicle.pick', declared: false })]));
    expect(byName.list.every((f: { formatName: string }) => f.formatName.includes('选择车'))).toBe(true);
    expect(expectOk(await send('POST', '/api/cg-format/select', { formatCode: '%' })).data.total).toBe(0);
    // a picker's typed word finds a format by its code or by its name
    const byWord = async (keyword: string) => expectOk(await send('POST', '/api/cg-format/select', { keyword, limit: { pn: 1, ps: 100 } })).data.list.map((f: { formatCode: string }) => f.formatCode);
    expect(await byWord('vehicle.list')).toContain('masterdata.vehicle.list');
    expect(await byWord('选择车')).toContain('test.vehicle.pick');
  });

  it("answers a format's fields with their versions and whether the engine reads them, never the SQL", async () => {
    const res = await get(`/api/cg-format/type/subs/${vehicleList}`);
    expect(res.body).not.toMatch(/column_?sql|org_?column|t\.plate_number/i);
    const { fields } = expectOk(res).data;
    expect(fields[0]).toMatchObject({ fieldName: 'plateNumber', readable: true, version: expect.stringMatching(/^\d+$/), ops: expect.arrayContaining(['like']) });
    const form = await template(registry);
    expect(form.fields.every((f) => f.readable === false)).toBe(true);
    expectFailure(await get('/api/cg-format/type/subs/999999999'), 404);
  });

  it('answers the searchable fields a search parameter may name', async () => {
    const names = expectOk(await get(`/api/cg-format/type/search/${vehicleList}`)).data.map((f: Field) => f.fieldName);
    expect(names).toContain('carType');
    expect(expectOk(await get(`/api/cg-format/type/search/${registry}`)).data).toEqual([]);
  });
});

describe('an edit is served at once', () => {
  it('a hidden column, a new label and a new place are what the template call answers next', async () => {
    expectOk(await editField(vehicleList, 'carType', { ishow: false, fieldExplain: '车辆类型', fieldExplainEn: 'Truck type' }));
    const order = (await template(vehicleList)).fields.map((f) => f.id);
    const t = await template(vehicleList);
    const moved = [order[2], ...order.filter((id) => id !== order[2])];
    expectOk(await send('PUT', `/api/cg-format/type/subs/${vehicleList}/order`, { version: t.version, fieldIds: moved }));
    const fields = await served();
    expect(fields[0]).toMatchObject({ fieldName: 'carType', fieldExplain: '车辆类型', fieldExplainEn: 'Truck type', ishow: false });
    expect(fields.map((f) => f.fieldName).slice(1, 3)).toEqual(['plateNumber', 'plateType']);
    expect((await template(vehicleList)).source).toBe('admin');
  });

  it('the vehicle list refuses a search key once disallowed and accepts it again once allowed', async () => {
    expectOk(await vehicleSearch('carType', '半挂'));
    expectOk(await editField(vehicleList, 'carType', { iallowQuery: false }));
    expectFailure(await vehicleSearch('carType', '半挂'), 400, '字段 carType 不允许查询');
    expectOk(await editField(vehicleList, 'carType', { iallowQuery: true }));
    expectOk(await vehicleSearch('carType', '半挂'));
  });

  it('writes each edit to the operation log', async () => {
    const { rows } = await pool.query("SELECT username, detail FROM sys_log WHERE action = 'templateEdit' ORDER BY id");
    expect(rows[0]).toMatchObject({ username: 'admin', detail: expect.stringMatching(/^masterdata\.vehicle\.list\.carType: /) });
  });
});

describe('what an edit may not do', () => {
  it('never writes column_sql or anything else that becomes SQL', async () => {
    const before = await templateRows();
    const f = await field(vehicleList, 'plateNumber');
    for (const extra of [{ columnSql: 't.password_hash' }, { column_sql: 't.id' }, { mainTable: 'sys_user' }, { fieldName: 'x' }, { fieldType: 'NUMBER' }]) {
      expectFailure(await send('PUT', `/api/cg-format-sub/update/${f.id}`, { version: f.version, ishow: false, ...extra }), 400, /不允许的字段/);
    }
    const t = await template(vehicleList);
    for (const extra of [{ mainTable: 'sys_user' }, { orgColumn: 'id' }, { resUrl: '/api/x' }]) {
      expectFailure(await send('PUT', `/api/cg-format/update/${vehicleList}`, { version: t.version, ...extra }), 400, /不允许的字段/);
    }
    expect(await templateRows()).toEqual(before);
  });

  it.each([
    ['itotal', { itotal: true }, 'plateNumber', '字段 plateNumber 不是数字，不能合计'],
    ['idefinedSort', { idefinedSort: true, isortField: false }, 'axleType', '字段 axleType 作为默认排序时必须允许排序'],
    ['validateMethod', { validateMethod: '([a-z', validateTitle: '格式' }, 'carType', '字段 carType 的校验正则无效'],
    ['options', { options: [{ value: 'A', label: '甲' }, { value: 'A', label: '乙' }] }, 'plateType', '字段 plateType 的选项值重复'],
    ['rows', { rows: 30 }, 'carType', /rows/],
    ['searchType', { searchType: 'slider' }, 'carType', /searchType/],
    ['cgFormatResId', { cgFormatResId: '999999999' }, 'carType', '弹窗资源模板不存在'],
  ])('refuses %s that would break the list, naming it, with nothing changed', async (name, changes, fieldName, msg) => {
    const before = await templateRows();
    const body = expectFailure(await editField(vehicleList, fieldName, changes), 400, msg);
    expect(body.data).toMatchObject({ field: name });
    expect(await templateRows()).toEqual(before);
  });

  it('refuses searching, sorting or totalling a field the engine does not read', async () => {
    const before = await templateRows();
    for (const flag of ['iallowQuery', 'isortField', 'itotal']) {
      const body = expectFailure(await editField(registry, 'carType', { [flag]: true }), 400, '字段 carType 不是数据库列，不能查询、排序或合计');
      expect(body.data).toMatchObject({ field: flag });
    }
    expect(await templateRows()).toEqual(before);
  });

  it('refuses an order that leaves out or repeats a field', async () => {
    const t = await template(vehicleList);
    const ids = t.fields.map((f) => f.id);
    expectFailure(await send('PUT', `/api/cg-format/type/subs/${vehicleList}/order`, { version: t.version, fieldIds: ids.slice(1) }), 400, /全部字段/);
    expectFailure(await send('PUT', `/api/cg-format/type/subs/${vehicleList}/order`, { version: t.version, fieldIds: [ids[0], ...ids.slice(0, -1)] }), 400);
  });

  it('answers 403 to anyone without the template permission and 401 signed out', async () => {
    const f = await field(vehicleList, 'carType');
    const t = await template(vehicleList);
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/cg-format/select', {}],
      ['GET', `/api/cg-format/type/subs/${vehicleList}`],
      ['GET', `/api/cg-format/type/search/${vehicleList}`],
      ['PUT', `/api/cg-format/update/${vehicleList}`, { version: t.version, formatName: 'x' }],
      ['PUT', `/api/cg-format-sub/update/${f.id}`, { version: f.version, ishow: false }],
      ['PUT', `/api/cg-format/type/subs/${vehicleList}/order`, { version: t.version, fieldIds: [f.id] }],
      ['GET', `/api/cg-format-sub/res-map/${f.id}`],
      ['PUT', `/api/cg-format-sub/res-map/${f.id}`, { version: f.version, pairs: [] }],
      ['GET', `/api/cg-form-sub-param/getparams/${vehicleList}`],
      ['POST', '/api/cg-form-sub-param/list', {}],
      ['POST', '/api/cg-form-sub-param/create', { formatId: vehicleList, version: null, paramList: [] }],
      ['POST', '/api/cg-format-allot/findList', {}],
      ['POST', '/api/cg-format-allot/create', { formatId: vehicleList, version: t.version, menuId: null }],
      ['POST', `/api/cg-format/restore/${vehicleList}`, {}],
    ];
    const before = await templateRows();
    for (const [method, url, body] of calls) {
      expectFailure(await call(app, method as 'GET', url, operator, body), 403);
      expectFailure(await call(app, method as 'GET', url, undefined, body), 401);
    }
    expect(await templateRows()).toEqual(before);
  });
});

describe('versions', () => {
  it('answers 409 to an edit of a field written since it was read', async () => {
    const f = await field(vehicleList, 'axleType');
    expectOk(await send('PUT', `/api/cg-format-sub/update/${f.id}`, { version: f.version, columnWidth: 80 }));
    expectFailure(await send('PUT', `/api/cg-format-sub/update/${f.id}`, { version: f.version, columnWidth: 90 }), 409, '数据已被修改，请刷新后重试');
    expect((await field(vehicleList, 'axleType')).columnWidth).toBe(80);
  });

  it('of two edits racing from one read, one is saved and the other answers 409', async () => {
    const f = await field(vehicleList, 'lastTare');
    const results = await Promise.all(
      ['甲', '乙', '丙'].map((label) => send('PUT', `/api/cg-format-sub/update/${f.id}`, { version: f.version, fieldExplain: label })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const saved = ['甲', '乙', '丙'][results.findIndex((r) => r.statusCode === 200)];
    expect((await served()).find((x) => x.fieldName === 'lastTare')?.fieldExplain).toBe(saved);
  });
});

describe('seeding and restoring', () => {
  it("keeps an administrator's edit through the next start's seeding; restore brings back code's definition", async () => {
    expectOk(await editField(vehicleList, 'enabled', { fieldExplain: '是否启用', iallowQuery: false }));
    await seedTemplates(db, [...ALL_TEMPLATES, vehiclePicker, registryForm]);
    expect((await served()).find((f) => f.fieldName === 'enabled')).toMatchObject({ fieldExplain: '是否启用', iallowQuery: false });
    const restored = expectOk(await send('POST', `/api/cg-format/restore/${vehicleList}`, {}));
    expect(restored.msg).toBe('已恢复为代码定义');
    const fields = await served();
    expect(fields.map((f) => f.fieldName)).toEqual(vehicleListTemplate.fields.map((f) => f.fieldName));
    expect(fields.find((f) => f.fieldName === 'enabled')).toMatchObject({ fieldExplain: '状态', iallowQuery: true });
    expect(fields.find((f) => f.fieldName === 'carType')).toMatchObject({ fieldExplain: '车型', ishow: true });
    expect((await template(vehicleList)).source).toBe('code');
    expect((await one("SELECT count(*)::int AS n FROM sys_log WHERE action = 'templateRestore'")).n).toBe(1);
  });

  it('refuses to restore a template code does not declare', async () => {
    expectFailure(await send('POST', `/api/cg-format/restore/${registry}`, {}), 400, '此模板没有代码定义，无法恢复');
  });
});

describe('search parameters', () => {
  it('saves a parameter list the engine accepts, and refuses one it would not', async () => {
    const read = expectOk(await get(`/api/cg-form-sub-param/getparams/${picker}`)).data;
    expect(read).toMatchObject({ paramList: [{ key: 'enabled', op: 'eq', val: true }], version: expect.stringMatching(/^\d+$/) });
    const save = (paramList: unknown[], version = read.version) => send('POST', '/api/cg-form-sub-param/create', { formatId: picker, version, paramList });
    expectFailure(await save([{ key: 'carType', op: 'like', val: 'x' }]), 400, '字段 carType 不允许查询');
    expectFailure(await save([{ key: 'nope', op: 'eq', val: 1 }]), 400, '查询参数 nope 不是此模板的字段');
    expectFailure(await save([{ key: 'plateNumber', op: 'gt', val: 'x', sql: '1=1' }]), 400, /不允许的字段/);
    const saved = expectOk(await save([{ key: 'plateNumber', op: 'like', val: '苏' }])).data;
    expect(saved.paramList).toEqual([{ key: 'plateNumber', op: 'like', val: '苏' }]);
    expectFailure(await save([], read.version), 409);
    expect(expectOk(await get(`/api/cg-format/res/${picker}`, operator)).data.search).toEqual([{ key: 'plateNumber', op: 'like', val: '苏' }]);
    const all = expectOk(await send('POST', '/api/cg-form-sub-param/list', {})).data;
    expect(all).toEqual([expect.objectContaining({ formatId: picker, formatCode: 'test.vehicle.pick' })]);
  });

  it('starts a list for a template that had none, once', async () => {
    const first = await send('POST', '/api/cg-form-sub-param/create', { formatId: registry, version: null, paramList: [] });
    expectOk(first);
    expectFailure(await send('POST', '/api/cg-form-sub-param/create', { formatId: registry, version: null, paramList: [] }), 409);
  });
});

describe('popup field mappings', () => {
  it('replaces what a popup fills in, from fields of the popup only', async () => {
    const plate = await field(registry, 'plateNumber');
    const read = expectOk(await get(`/api/cg-format-sub/res-map/${plate.id}`)).data;
    expect(read.popup).toMatchObject({ formatCode: 'test.vehicle.pick' });
    expect(read.pairs).toHaveLength(2);
    const pair = (target: string, source: string) => ({ fieldSub1: { masterTable: 'registry', fieldName: target }, fieldSub2: { fieldName: source } });
    expectFailure(await send('PUT', `/api/cg-format-sub/res-map/${plate.id}`, { version: read.field.version, pairs: [pair('x', 'password')] }), 400, '来源字段 password 不是弹窗资源模板的字段');
    expectFailure(await send('PUT', `/api/cg-format-sub/res-map/${plate.id}`, { version: read.field.version, pairs: [pair('x', 'carType'), pair('x', 'plateNumber')] }), 400, /重复/);
    expectOk(await send('PUT', `/api/cg-format-sub/res-map/${plate.id}`, { version: read.field.version, pairs: [pair('carType', 'carType')] }));
    expect(expectOk(await get(`/api/cg-format/res-map/${plate.id}`, operator)).data).toEqual([pair('carType', 'carType')]);
    expectFailure(await send('PUT', `/api/cg-format-sub/res-map/${plate.id}`, { version: read.field.version, pairs: [] }), 409);
    const carType = await field(registry, 'carType');
    expectFailure(await send('PUT', `/api/cg-format-sub/res-map/${carType.id}`, { version: carType.version, pairs: [pair('a', 'carType')] }), 400, /没有弹窗资源模板/);
  });
});

describe('format allot', () => {
  it('binds a form to a button entry and a list to a menu entry, and lists the bindings', async () => {
    const button = (await one("SELECT id::text FROM sys_menu WHERE permission = 'sys_log_view'")).id;
    const logMenu = (await one("SELECT id::text FROM sys_menu WHERE kind = 'menu' AND path = '/system/log'")).id;
    const form = await template(registry);
    expectFailure(await send('POST', '/api/cg-format-allot/create', { formatId: registry, version: form.version, menuId: logMenu }), 400, '表单模板应绑定按钮');
    expectFailure(await send('POST', '/api/cg-format-allot/create', { formatId: picker, version: (await template(picker)).version, menuId: button }), 400, /只有列表模板和表单模板/);
    expectOk(await send('POST', '/api/cg-format-allot/create', { formatId: registry, version: form.version, menuId: button }));
    expect(expectOk(await get(`/api/cg-format/template?formatType=FORM&menuId=${button}`, operator)).data.formatCode).toBe('test.registry.form');
    const found = expectOk(await send('POST', '/api/cg-format-allot/findList', { formatId: registry })).data;
    expect(found).toEqual([expect.objectContaining({ formatCode: 'test.registry.form', menuId: button, kind: 'button' })]);
    expectFailure(await send('POST', '/api/cg-format-allot/create', { formatId: registry, version: form.version, menuId: null }), 409);
  });
});

describe('search parameters and the fields they name', () => {
  it('refuses a value the list engine would refuse, and keeps a field a parameter names searchable', async () => {
    const read = expectOk(await get(`/api/cg-form-sub-param/getparams/${vehicleList}`)).data;
    const save = (paramList: unknown[], version = read.version) => send('POST', '/api/cg-form-sub-param/create', { formatId: vehicleList, version, paramList });
    expectFailure(await save([{ key: 'axleType', op: 'ge', val: 'abc' }]), 400, /axleType.*不是数字/);
    expectFailure(await save([{ key: 'plateType', op: 'eq', val: 'PURPLE' }]), 400, /plateType/);
    expectOk(await save([{ key: 'axleType', op: 'ge', val: 2 }]));
    const before = await templateRows();
    const body = expectFailure(await editField(vehicleList, 'axleType', { iallowAdvanceQuery: false }), 400, /axleType 是此模板查询参数的条件/);
    expect(body.data).toMatchObject({ field: 'iallowQuery' });
    expect(await templateRows()).toEqual(before);
  });
});

describe('format properties', () => {
  it("a list's page size applies to its next page; a popup's search and label fields must be its own", async () => {
    const t = await template(vehicleList);
    expectOk(await send('PUT', `/api/cg-format/update/${vehicleList}`, { version: t.version, ps: 3, formatName: '车辆档案' }));
    const page = expectOk(await send('POST', '/api/masterdata/vehicle/v2/list', {}, operator)).data;
    expect(page.list).toHaveLength(Math.min(3, page.total));
    expect(expectOk(await get(`/api/cg-format/template?formatType=LIST&menuId=${vehicleMenu}`, operator)).data).toMatchObject({ ps: 3, formatName: '车辆档案' });
    const popup = await template(picker);
    const before = await one('SELECT value_resource_sub_name AS v, xmin::text AS x FROM cg_format WHERE id = $1', [picker]);
    expectFailure(await send('PUT', `/api/cg-format/update/${picker}`, { version: popup.version, valueResourceSubName: 'password' }), 400, '字段 password 不是此模板的字段');
    expect(await one('SELECT value_resource_sub_name AS v, xmin::text AS x FROM cg_format WHERE id = $1', [picker])).toEqual(before);
    expectOk(await send('PUT', `/api/cg-format/update/${picker}`, { version: popup.version, viewResourceSubName: 'carType' }));
    expect(expectOk(await get(`/api/cg-format/res/${picker}`, operator)).data.viewResourceSubName).toBe('carType');
    expectFailure(await send('PUT', `/api/cg-format/update/${picker}`, { version: popup.version, remark: 'x' }), 409);
  });
});

describe('a popup and the list its resUrl names', () => {
  // the vehicle list no longer searches by vehicle type, while the popup reading it offers to
  const setSearchable = (formatId: string, name: string, on: boolean) =>
    pool.query('UPDATE cg_format_field SET iallow_query = $3 WHERE format_id = $1 AND field_name = $2', [formatId, name, on]);

  it('refuses a popup parameter the list behind it would refuse, naming it, and saves nothing', async () => {
    await setSearchable(vehicleList, 'carType', false);
    await setSearchable(picker, 'carType', true);
    try {
      const read = expectOk(await get(`/api/cg-form-sub-param/getparams/${picker}`)).data;
      const before = await one('SELECT param_list, xmin::text AS x FROM cg_format_param WHERE format_id = $1', [picker]);
      const body = expectFailure(await send('POST', '/api/cg-form-sub-param/create', { formatId: picker, version: read.version, paramList: [
        { key: 'plateNumber', op: 'like', val: '苏' }, { key: 'carType', op: 'like', val: '重型' }] }), 400,
      '查询参数 carType 不被弹窗列表 /api/masterdata/vehicle/v2/list 接受：字段 carType 不允许查询');
      expect(body.data).toEqual({ field: 'paramList.1.key' });
      expect(await one('SELECT param_list, xmin::text AS x FROM cg_format_param WHERE format_id = $1', [picker])).toEqual(before);
      // what the list takes is still saved
      expectOk(await send('POST', '/api/cg-form-sub-param/create', { formatId: picker, version: read.version, paramList: [{ key: 'plateNumber', op: 'like', val: '苏' }] }));
    } finally {
      await setSearchable(vehicleList, 'carType', true);
      await setSearchable(picker, 'carType', false);
    }
  });

  it('refuses making a popup field searchable that the list behind it does not search by', async () => {
    await setSearchable(vehicleList, 'carType', false);
    try {
      const before = await templateRows();
      const body = expectFailure(await editField(picker, 'carType', { iallowQuery: true }), 400, '字段 carType 在弹窗列表 /api/masterdata/vehicle/v2/list 中不允许查询');
      expect(body.data).toEqual({ field: 'iallowQuery' });
      expect(await templateRows()).toEqual(before);
    } finally {
      await setSearchable(vehicleList, 'carType', true);
    }
    expectOk(await editField(picker, 'carType', { iallowQuery: true }));
  });
});
