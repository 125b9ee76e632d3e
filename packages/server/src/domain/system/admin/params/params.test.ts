import { beforeAll, describe, expect, it } from 'vitest';
import { WEIGH_PARAM_DEFAULTS } from '@wb/protocol';
import { bearerFor, createTestApp } from '../../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../../test/api';

const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;

const read = async (authorization: string) => expectOk(await call(app, 'GET', '/api/system/param/weigh', authorization)).data;
const save = (authorization: string, body: unknown) => call(app, 'PUT', '/api/system/param/weigh', authorization, body);
const storedRows = async () => (await pool.query('SELECT org_id::text, param_key, param_value FROM sys_param ORDER BY 1, 2')).rows;

describe('weighing parameters per company', () => {
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    admin = (await bearerFor(app, 'admin')).authorization;
    operator = (await bearerFor(app, 'operator')).authorization;
  });

  it('reads the defaults where a company never saved any', async () => {
    expect(await read(admin)).toEqual(WEIGH_PARAM_DEFAULTS);
  });

  it('saves what it is given, keeps the rest, and logs each change', async () => {
    const saved = expectOk(await save(admin, { tareValidHours: -1, overloadCheck: 'forbid', weightUnit: 'kg', tareAlarmPercent: 2.5 })).data;
    expect(saved).toEqual({ ...WEIGH_PARAM_DEFAULTS, tareValidHours: -1, overloadCheck: 'forbid', weightUnit: 'kg', tareAlarmPercent: 2.5 });
    expect(await read(admin)).toEqual(saved);
    const log = await pool.query("SELECT detail FROM sys_log WHERE action = 'saveParams' ORDER BY id DESC LIMIT 1");
    expect(log.rows[0].detail).toContain('tareValidHours: 24 -> -1');
    expect(log.rows[0].detail).toContain('weightUnit: t -> kg');
  });

  it('gives the company\'s display params with the user\'s info: the web shows weights and prices by them', async () => {
    const display = async () => expectOk(await call(app, 'GET', '/api/sys-info/me', admin)).data.display;
    expect(await display()).toEqual({ weightUnit: 'kg', weightPrecision: WEIGH_PARAM_DEFAULTS.weightPrecision, unitPricePrecision: WEIGH_PARAM_DEFAULTS.unitPricePrecision });
    const hdsn = await orgId(pool, 'HDSN');
    const other = await pool.query("SELECT id::text FROM sys_org WHERE org_code = 'HDJC'");
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${other.rows[0].id}`, admin));
    expect(await display()).toEqual({ weightUnit: 't', weightPrecision: 2, unitPricePrecision: 4 });
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${hdsn}`, admin));
  });

  it('keeps each company’s parameters to itself', async () => {
    const hdsn = await orgId(pool, 'HDSN');
    const rows = await storedRows();
    expect(rows.every((r) => r.org_id === hdsn)).toBe(true);
    const other = await pool.query("SELECT id::text FROM sys_org WHERE org_code = 'HDJC'");
    const switched = await call(app, 'POST', `/api/sys-user-org/switchOrg/${other.rows[0].id}`, admin);
    expectOk(switched);
    expect(await read(admin)).toEqual(WEIGH_PARAM_DEFAULTS);
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${hdsn}`, admin));
  });

  it.each([
    ['tareValidHours', { tareValidHours: -2 }],
    ['tareValidHours', { tareValidHours: 1.5 }],
    ['overloadCheck', { overloadCheck: 'maybe' }],
    ['weightRounding', { weightRounding: 'floor' }],
    ['weightPrecision', { weightPrecision: 9 }],
    ['tareAlarmPercent', { tareAlarmPercent: '3' }],
    ['overstayHours', { overstayHours: 0 }],
    ['overstayHours', { overstayHours: 169 }],
    ['overstayHours', { overstayHours: 2.5 }],
    ['', { tareValidHours: 12, colour: 'red' }],
  ])('answers 400 naming %s to a bad value, and changes nothing', async (field, body) => {
    const before = await storedRows();
    const failure = expectFailure(await save(admin, body), 400);
    if (field) expect(failure.data).toEqual({ field });
    expect(await storedRows()).toEqual(before);
  });

  it('refuses a user without the parameter permissions', async () => {
    expectFailure(await call(app, 'GET', '/api/system/param/weigh', operator), 403);
    expectFailure(await save(operator, { tareValidHours: 1 }), 403);
  });
});
