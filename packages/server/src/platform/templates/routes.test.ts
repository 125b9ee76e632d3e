import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { ALL_TEMPLATES } from '../../domain/templates';
import { registryForm, vehiclePicker } from './fixtures';
import { seedTemplates } from './seed';

const ctx = await createTestApp();
const { app } = ctx;
const { pool, db } = ctx.database;

let operator: string;
const id = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0].id as string;
let logMenu: string;
let vehicleButton: string;
let picker: string;
let plateField: string;
beforeAll(async () => {
  await seedTemplates(db, [...ALL_TEMPLATES, vehiclePicker, registryForm]);
  operator = (await bearerFor(app, 'operator')).authorization;
  logMenu = await id("SELECT id::text FROM sys_menu WHERE path = '/system/log'");
  vehicleButton = await id("SELECT id::text FROM sys_menu WHERE permission = 'md_vehicle_view'");
  picker = await id("SELECT id::text FROM cg_format WHERE format_code = 'test.vehicle.pick'");
  plateField = await id(
    "SELECT f.id::text FROM cg_format_field f JOIN cg_format c ON c.id = f.format_id WHERE c.format_code = 'test.registry.form' AND f.field_name = 'plateNumber'",
  );
});

const get = (url: string, authorization = operator) => call(app, 'GET', url, authorization);

describe('GET /api/cg-format/template', () => {
  it("answers a menu's list template with its fields in the spec's names, in order", async () => {
    const { data } = expectOk(await get(`/api/cg-format/template?formatType=LIST&menuId=${logMenu}`));
    expect(data).toMatchObject({
      formatCode: 'system.log.list', formatType: 'LIST', formatStyle: 'FORMAT_LIST_BASE', resMethod: 'POST',
      resUrl: '/api/system/log/v2/list', menuId: logMenu, opations: { main: 'sys_log', son: null }, formSubList: [],
    });
    expect(data.listSubList.map((f: { fieldName: string }) => f.fieldName)).toEqual(['createDate', 'username', 'action', 'family', 'docNo', 'detail', 'ip']);
    expect(data.listSubList[2]).toMatchObject({
      fieldExplain: '操作', fieldType: 'ENUM', iallowQuery: true, isortField: false, searchType: 'comboxSingle',
      options: expect.arrayContaining([{ value: 'login', label: '登录', labelEn: 'Sign in' }]),
    });
  });

  it('keeps how the engine reads the table to the server', async () => {
    const res = await get(`/api/cg-format/template?formatType=LIST&menuId=${logMenu}`);
    expect(res.body).not.toMatch(/column_?sql|org_?column|t\.created_at/i);
  });

  it('answers the form bound to a button entry as formSubList, with validation and popup', async () => {
    const { data } = expectOk(await get(`/api/cg-format/template?formatType=FORM&menuId=${vehicleButton}`));
    expect(data).toMatchObject({ formatCode: 'test.registry.form', formatStyle: 'FORMAT_FOUR_COLUMN_FROM', listSubList: [] });
    expect(data.formSubList[0]).toMatchObject({
      id: plateField, fieldName: 'plateNumber', formSubmitType: 'RESOURCE_CONTROLS', irequired: true, cgFormatResId: picker,
      cgValidate: { validateMethod: '^.{7,8}$', validateTitle: '车牌号应为7到8位' }, cgValFormat: null,
    });
  });

  it('answers 404 for a menu without a template of that type, 400 for a bad id, 401 signed out', async () => {
    expectFailure(await get(`/api/cg-format/template?formatType=FORM&menuId=${logMenu}`), 404);
    expectFailure(await get('/api/cg-format/template?formatType=LIST&menuId=999999999'), 404);
    expectFailure(await get('/api/cg-format/template?formatType=LIST&menuId=1%20OR%201=1'), 400);
    expectFailure(await get('/api/cg-format/template?formatType=VIEW&menuId=1'), 400);
    expectFailure(await call(app, 'GET', `/api/cg-format/template?formatType=LIST&menuId=${logMenu}`), 401);
  });
});

describe('GET /api/cg-format/res/{cgFormatResId}', () => {
  it('answers the popup template, its preset search, and the mapping of the field that opened it', async () => {
    const { data } = expectOk(await get(`/api/cg-format/res/${picker}?resFormatSubId=${plateField}`));
    expect(data).toMatchObject({
      formatName: '选择车辆', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST', valueResourceSubName: 'plateNumber',
      viewResourceSubName: 'plateNumber', detail_id: null, search: [{ key: 'enabled', op: 'eq', val: true }],
      mapData: [
        { fieldSub1: { masterTable: 'registry', fieldName: 'plateNumber' }, fieldSub2: { fieldName: 'plateNumber' } },
        { fieldSub1: { masterTable: 'registry', fieldName: 'carType' }, fieldSub2: { fieldName: 'carType' } },
      ],
    });
    expect(data.listSubList.map((f: { fieldName: string }) => f.fieldName)).toEqual(['plateNumber', 'carType']);
    expect(expectOk(await get(`/api/cg-format/res/${picker}`)).data.mapData).toEqual([]);
  });

  it('answers success false (404) when there is no such popup template', async () => {
    const list = await id("SELECT id::text FROM cg_format WHERE format_code = 'system.log.list'");
    expectFailure(await get(`/api/cg-format/res/${list}`), 404);
    expectFailure(await get('/api/cg-format/res/999999999'), 404);
  });
});

describe('GET /api/cg-format/res-map/{resFormatSubId}', () => {
  it('answers the pairs target (fieldSub1) from source (fieldSub2)', async () => {
    const { data } = expectOk(await get(`/api/cg-format/res-map/${plateField}`));
    expect(data).toEqual([
      { fieldSub1: { masterTable: 'registry', fieldName: 'plateNumber' }, fieldSub2: { fieldName: 'plateNumber' } },
      { fieldSub1: { masterTable: 'registry', fieldName: 'carType' }, fieldSub2: { fieldName: 'carType' } },
    ]);
  });

  it('answers 404 for an unknown field', async () => {
    expectFailure(await get('/api/cg-format/res-map/999999999'), 404);
  });
});

describe('GET /api/cg-format/param/{tplId}', () => {
  it("answers a template's parameter list and its id, or an empty list", async () => {
    const { data } = expectOk(await get(`/api/cg-format/param/${picker}`));
    expect(data).toEqual({ paramList: [{ key: 'enabled', op: 'eq', val: true }], cgFormatParamId: expect.stringMatching(/^\d+$/) });
    const list = await id("SELECT id::text FROM cg_format WHERE format_code = 'system.log.list'");
    expect(expectOk(await get(`/api/cg-format/param/${list}`)).data).toEqual({ paramList: [], cgFormatParamId: null });
  });

  it('answers 404 for an unknown template', async () => {
    expectFailure(await get('/api/cg-format/param/999999999'), 404);
  });
});
