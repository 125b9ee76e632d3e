import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';

const { app, database } = await createTestApp();
const { pool } = database;
const lastId = async () => Number((await pool.query('SELECT coalesce(max(id), 0) AS n FROM sys_log')).rows[0].n);
const entriesSince = async (after: number) =>
  (await pool.query('SELECT action, family, detail FROM sys_log WHERE id > $1 ORDER BY id', [after])).rows;

describe('the team setup save in the operation log', () => {
  let admin: string;
  beforeAll(async () => {
    admin = (await bearerFor(app, 'admin')).authorization;
  });

  it('writes one entry with the teams before -> after, and none for a refused set', async () => {
    const before = await lastId();
    const teams = [{ name: '早班', start: '06:00', end: '18:00' }, { name: '晚班', start: '18:00', end: '06:00' }];
    expectOk(await call(app, 'PUT', '/api/report/teams', admin, { teams }));
    expect(await entriesSince(before)).toEqual([
      { action: 'saveTeams', family: '班组', detail: '白班 08:00-20:00, 夜班 20:00-08:00 -> 早班 06:00-18:00, 晚班 18:00-06:00' },
    ]);
    const refused = await lastId();
    expectFailure(await call(app, 'PUT', '/api/report/teams', admin, { teams: [{ name: '早班', start: '06:00', end: '12:00' }] }), 400);
    expect(await entriesSince(refused)).toEqual([]);
    expect((await pool.query('SELECT count(*)::int AS n FROM wb_report_team')).rows[0].n).toBe(2);
  });
});
