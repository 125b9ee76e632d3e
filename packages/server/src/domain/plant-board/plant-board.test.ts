import { PLANT_BOARD_PATH } from '@wb/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { insertTicket, insertTrip } from '../report/test-support/trips';

const { app, database } = await createTestApp();
const { pool } = database;

/** The plant's wall clock now, 'YYYY-MM-DD HH:mm', and a day ago. */
const plantClock = (at: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' }).format(at);

let manager: string;
let org: string;
beforeAll(async () => {
  manager = (await bearerFor(app, 'general_manager')).authorization;
  org = await orgId(pool, 'HDSN');
});

describe('厂区大屏 (/clouds/index1)', () => {
  it('shows the trucks in the plant, today\'s tons by kind and the waiting interventions of the company', async () => {
    const before = expectOk(await call(app, 'GET', PLANT_BOARD_PATH, manager)).data;
    const trip = await insertTrip(pool, { orgId: org, tripState: 'ENTERED', plate: '沪A12345' });
    await insertTicket(pool, { orgId: org, kind: 'st', state: 'COMPLETED', net: '31.5', completedAt: plantClock(new Date()), registryId: trip });
    await insertTicket(pool, { orgId: org, kind: 'st', state: 'AUDITED', net: '10.25', completedAt: plantClock(new Date()) });
    // yesterday's and an obsolete one weigh nothing today
    await insertTicket(pool, { orgId: org, kind: 'st', state: 'COMPLETED', net: '99', completedAt: plantClock(new Date(Date.now() - 26 * 3_600_000)) });
    await insertTicket(pool, { orgId: org, kind: 'pr', state: 'CLOSED', net: '5', completedAt: plantClock(new Date()) });
    const board = expectOk(await call(app, 'GET', PLANT_BOARD_PATH, manager)).data;
    expect(board.inPlant.length).toBe(before.inPlant.length + 1);
    expect(board.inPlant.map((v: { plateNumber: string }) => v.plateNumber)).toContain('沪A12345');
    const st = board.tonsByKind.find((k: { kind: string }) => k.kind === 'st');
    const stBefore = before.tonsByKind.find((k: { kind: string }) => k.kind === 'st');
    expect(Number(st.tons) - Number(stBefore?.tons ?? 0)).toBeCloseTo(41.75, 4);
    expect(st.tickets - (stBefore?.tickets ?? 0)).toBe(2);
    expect(board.day).toBe(plantClock(new Date()).slice(0, 10));
    expect(Array.isArray(board.scales)).toBe(true);
    expect(Array.isArray(board.interventions)).toBe(true);
  });

  it('is read with its own right: a role without it gets 403, no session 401', async () => {
    const sampler = (await bearerFor(app, 'sampler')).authorization;
    expectFailure(await call(app, 'GET', PLANT_BOARD_PATH, sampler), 403);
    expectFailure(await call(app, 'GET', PLANT_BOARD_PATH), 401);
  });

  it('shows the caller\'s company only', async () => {
    await insertTrip(pool, { orgId: await orgId(pool, 'HDJC'), tripState: 'ENTERED', plate: '沪C99999' });
    const board = expectOk(await call(app, 'GET', PLANT_BOARD_PATH, manager)).data;
    expect(board.inPlant.map((v: { plateNumber: string }) => v.plateNumber)).not.toContain('沪C99999');
  });
});
