import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { plantOf, testPlate, type Plant } from '../weighing/test-support';
import { historyTicket } from './scan-test-support';
import { runNightly } from './nightly';

// The history rules of the nightly review over days of tickets written here: a fraud raising one
// alert, its near misses none, and a second run over the same days nothing new.
const { database } = await createTestApp();
const { db, pool } = database;
let plant: Plant;

beforeAll(async () => {
  plant = await plantOf(db);
});

const alerts = async (rule: string) =>
  (await pool.query('SELECT rule, severity, source, dedupe_key, evidence, operator_id::text, ticket_id::text FROM wb_alert WHERE rule = $1 ORDER BY id', [rule])).rows;

describe('the nightly review', () => {
  it('SAME_WEIGHT: three trucks with one gross to the kg within half an hour raise one alert naming them; spread over hours, or two trucks, nothing; a second run nothing new', async () => {
    const day = '2026-11-10';
    const same = [];
    for (const [i, tare] of ['15', '15.5', '16'].entries()) {
      same.push(await historyTicket(db, plant, { plate: testPlate('S'), gross: '40.12', tare, completedAt: `${day} 10:${i}0:00` }));
    }
    for (const hour of ['10', '12', '14']) await historyTicket(db, plant, { plate: testPlate('S'), gross: '41.24', tare: '15', completedAt: `${day} ${hour}:00:00` });
    for (const minute of ['00', '05']) await historyTicket(db, plant, { plate: testPlate('S'), gross: '42.36', tare: '15', completedAt: `${day} 16:${minute}:00` });
    expect(await runNightly(db, plant.orgId, day)).toBe(1);
    expect(await alerts('SAME_WEIGHT')).toEqual([expect.objectContaining({
      severity: 'HIGH', source: 'NIGHTLY', ticket_id: same[0],
      evidence: expect.objectContaining({ kg: 40120, what: 'gross', ticketIds: same }),
    })]);
    expect(await runNightly(db, plant.orgId, day)).toBe(0);
    // the next night's window does not reach back to it
    expect(await runNightly(db, plant.orgId, '2026-11-11')).toBe(0);
  });

  it('OPERATOR_OUTLIER: the operator typing a quarter of the weights against the peers\' few raises; the one typing twice as many as the peers does not', async () => {
    await pool.query(`INSERT INTO wb_alert_setting (org_id, rule, settings) VALUES ($1, 'OPERATOR_OUTLIER', '{"minTotal": 10}')`, [plant.orgId]);
    const users = (await pool.query('SELECT id::text FROM sys_user ORDER BY id LIMIT 4')).rows.map((r) => r.id as string);
    expect(users).toHaveLength(4);
    const day = '2026-10-20';
    const typedOf = [1, 1, 2, 10];
    for (const [u, operatorId] of users.entries()) {
      for (let i = 0; i < 20; i++) {
        await historyTicket(db, plant, {
          // grosses apart, so no two trucks share one
          plate: testPlate('Q'), gross: (40 + (u * 20 + i) * 0.013).toFixed(3), tare: '15', operatorId, typed: i < typedOf[u],
          completedAt: `${day} ${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '10' : '40'}:00`,
        });
      }
    }
    expect(await runNightly(db, plant.orgId, day)).toBe(1);
    expect(await alerts('OPERATOR_OUTLIER')).toEqual([expect.objectContaining({
      operator_id: users[3], dedupe_key: `typed:${users[3]}:2026-10`,
      evidence: expect.objectContaining({ what: '手工录入重量', events: 10, total: 40, ticketIds: [] }),
    })]);
    expect(await runNightly(db, plant.orgId, day)).toBe(0);
  });

  it('NET_UNUSUAL by material: a new truck\'s purchase net far above its size\'s raises once, keyed as at its weighing; near it, a bigger truck, or a truck with its own history, nothing', async () => {
    const day = '2026-09-15';
    const load = (plate: string, net: number, at: string, tare = 15) => historyTicket(db, plant, { plate, tare: String(tare), gross: (tare + net).toFixed(3), completedAt: at });
    // the material's usual: eight trucks, each new, about 25 t
    for (const [i, net] of [25, 25.2, 24.8, 25.1, 24.9, 25.3, 24.7, 25.05].entries()) await load(testPlate('N'), net, `${day} ${String(6 + i).padStart(2, '0')}:00:00`);
    const fraud = await load(testPlate('N'), 40, `${day} 15:00:00`);
    const near = await load(testPlate('N'), 25.4, `${day} 16:00:00`);
    // a bigger truck, new: no truck of its size to hold it to
    const bigger = await load(testPlate('N'), 40, `${day} 16:30:00`, 22);
    // a truck with five loads of its own of the material, all 40 t: the per-weighing rule's to judge, not the night's
    const own = testPlate('N');
    for (let d = 5; d >= 1; d--) await load(own, 40 + d * 0.011, `2026-09-${String(15 - d).padStart(2, '0')} 09:30:00`);
    const judged = await load(own, 40.5, `${day} 17:00:00`);
    // two runs at once (the job on two instances, or 立即执行 during the night's): one alert
    const [a, b] = await Promise.all([runNightly(db, plant.orgId, day), runNightly(db, plant.orgId, day)]);
    expect(a + b).toBe(1);
    expect(await alerts('NET_UNUSUAL')).toEqual([expect.objectContaining({
      severity: 'MEDIUM', source: 'NIGHTLY', dedupe_key: `ticket:${fraud}`, ticket_id: fraud,
      evidence: expect.objectContaining({ netKg: 40000, basis: 'MATERIAL', ticketIds: [fraud] }),
    })]);
    const { rows } = await pool.query(`SELECT ticket_id::text FROM wb_alert WHERE ticket_id = ANY($1)`, [[near, bigger, judged]]);
    expect(rows).toEqual([]);
    expect(await runNightly(db, plant.orgId, day)).toBe(0);
  });

  it('NET_UNUSUAL by material: a truck whose loads of the material lie beyond the tickets the per-weighing scan reads is the night\'s to judge', async () => {
    const day = '2026-06-15';
    const load = (plate: string, net: number, at: string, materialId?: string | null) =>
      historyTicket(db, plant, { plate, tare: '15', gross: (15 + net).toFixed(3), completedAt: at, materialId });
    for (const [i, net] of [25, 25.2, 24.8, 25.1, 24.9, 25.3, 24.7, 25.05].entries()) await load(testPlate('N'), net, `${day} ${String(6 + i).padStart(2, '0')}:00:00`);
    // five loads of the material in May, then 40 tickets of no material since (twice the default lastN): the scan sees none of the five
    const plate = testPlate('N');
    for (let d = 1; d <= 5; d++) await load(plate, 40, `2026-05-0${d} 09:30:00`);
    for (let i = 0; i < 40; i++) await load(plate, 25, `2026-06-${String(10 + Math.floor(i / 10)).padStart(2, '0')} ${String(8 + (i % 10)).padStart(2, '0')}:00:00`, null);
    const ticket = await load(plate, 40, `${day} 17:00:00`);
    expect(await runNightly(db, plant.orgId, day)).toBe(1);
    expect((await alerts('NET_UNUSUAL')).filter((a) => a.ticket_id === ticket)).toEqual([expect.objectContaining({ source: 'NIGHTLY', ticket_id: ticket })]);
  });

  it('refuses a day that is not one', async () => {
    await expect(runNightly(db, plant.orgId, '2026-13')).rejects.toThrow(/日期/);
  });
});
