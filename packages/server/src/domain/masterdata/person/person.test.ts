import { idNumberCheckDigit } from '@wb/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';

// Factories and persons, kept by the accountant.
const { app, database } = await createTestApp();
const { pool } = database;
const F = '/api/masterdata/factory';
const PERSON = '/api/masterdata/person';

let accountant: string;
let operator: string;
let HDJC: string;
beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  HDJC = await orgId(pool, 'HDJC');
});

const post = (url: string, body: unknown, who = accountant) => call(app, 'POST', url, who, body);
const idNumber = (first17: string) => first17 + idNumberCheckDigit(first17);

describe('factories', () => {
  it('numbers a factory, refuses a code twice, and keeps to the company', async () => {
    const f = expectOk(await post(`${F}/create`, { entity: { factoryName: '矿山分厂', address: '长兴县煤山镇' } })).data;
    expect(f).toMatchObject({ factoryCode: 'GC03', factoryName: '矿山分厂' });
    expectFailure(await post(`${F}/create`, { entity: { factoryCode: 'GC01', factoryName: '重名' } }), 400, '工厂编码 GC01 已存在');
    expectFailure(await post(`${F}/create`, { entity: { factoryCode: 'GC09' } }), 400, /工厂名称/);
    const theirs = (await pool.query('SELECT id::text FROM md_factory WHERE org_id = $1 LIMIT 1', [HDJC])).rows[0].id;
    expectFailure(await call(app, 'GET', `${F}/get/${theirs}`, accountant), 404);
    expectFailure(await post(`${F}/disable`, { ids: [theirs] }), 404);
    expect((await pool.query('SELECT enabled FROM md_factory WHERE id = $1', [theirs])).rows[0].enabled).toBe(true);
  });
});

describe('persons', () => {
  it("checks the id number with the spec's messages and the mobile, and keeps an id number once per company", async () => {
    expectFailure(await post(`${PERSON}/create`, { entity: { personName: '孙立', idNumber: '12345' } }), 400, '身份证号校验错误!');
    const good = idNumber('33052219900101123');
    const wrong = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    expectFailure(await post(`${PERSON}/create`, { entity: { personName: '孙立', idNumber: wrong } }), 400, '身份证号校验位错误!');
    expectFailure(await post(`${PERSON}/create`, { entity: { personName: '孙立', mobile: '1380000' } }), 400, '手机号应为11位手机号');
    const p = expectOk(await post(`${PERSON}/create`, { entity: { personName: '孙立', idNumber: good.toLowerCase(), mobile: '13800000001', department: '物流部' } })).data;
    expect(p).toMatchObject({ personCode: 'RY0005', personName: '孙立', idNumber: good, department: '物流部' });
    expectFailure(await post(`${PERSON}/create`, { entity: { personName: '孙立二', idNumber: good } }), 400, `身份证号 ${good} 已存在`);
    // a person may be kept without an id number
    expectOk(await post(`${PERSON}/create`, { entity: { personName: '临时工' } }));
  });

  it("copies a person without the id number, and does not reach another company's persons", async () => {
    const mine = (await pool.query(`SELECT id::text FROM md_person WHERE person_name = '王建国'`)).rows[0].id;
    const copy = expectOk(await post(`${PERSON}/copy/${mine}`, {})).data;
    expect(copy).toMatchObject({ personName: '王建国', idNumber: null });
    const theirs = (await pool.query('SELECT id::text FROM md_person WHERE org_id = $1 LIMIT 1', [HDJC])).rows[0].id;
    expectFailure(await call(app, 'GET', `${PERSON}/get/${theirs}`, accountant), 404);
    expectFailure(await post(`${PERSON}/create`, { entity: { personName: '操作员建' } }, operator), 403);
  });
});
