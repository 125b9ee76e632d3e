import { describe, expect, it } from 'vitest';
import { dwellUnusual, grossOverRated, netUnusual, operatorOutliers, otherScale, outOfHours, readingJump, reweighedSoon, sameWeight, tareDrift } from './rules';
import { kg, mad, median, robustScore } from './stats';

/** Each rule on a constructed history: a fraud it must catch and a near miss it must leave alone. */
const score = { minHistory: 5, threshold: 3.5, minSpreadKg: 50 };
const MIN = 60_000;

describe('robust statistics', () => {
  it('takes the median and MAD, unmoved by one wild value', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(mad([15_000, 15_020, 14_990, 15_010, 15_000, 40_000])).toBe(10);
    // median 15,005; 0.6745 x (15,400 - 15,005) / max(10, 50) = 5.329
    expect(robustScore(15_400, [15_000, 15_020, 14_990, 15_010, 15_000, 40_000], 50).score).toBeCloseTo(5.329, 3);
    expect(kg('25.3405')).toBe(25_341);
  });
});

describe('TARE_DRIFT: a truck\'s tare off its own history', () => {
  const past = [15_020, 15_000, 14_980, 15_040, 15_010, 14_990];
  it('catches a sales truck 400 kg heavier at tare (a passenger, a full tank): the customer gains, HIGH', () => {
    expect(tareDrift('sa', 15_410, past, score)).toMatchObject({ rule: 'TARE_DRIFT', severity: 'HIGH', evidence: { tareKg: 15_410, medianKg: 15_005 } });
  });
  it('marks the drift that favours nobody MEDIUM, and leaves 60 kg and a new truck alone', () => {
    expect(tareDrift('pu', 15_410, past, score)?.severity).toBe('MEDIUM');
    expect(tareDrift('sa', 15_065, past, score)).toBeNull();
    expect(tareDrift('sa', 18_000, past.slice(0, 4), score)).toBeNull();
  });
});

describe('NET_UNUSUAL: a net far from the truck\'s usual for the material', () => {
  const past = [30_100, 29_900, 30_050, 30_000, 29_950, 30_020];
  it('catches a purchase net 1.2 t above its usual (water on the load)', () => {
    expect(netUnusual('pu', 31_200, past, score)).toMatchObject({ rule: 'NET_UNUSUAL', evidence: { medianKg: 30_010 } });
  });
  it('leaves a heavier sale (nobody gains) and a net inside the spread alone', () => {
    expect(netUnusual('sa', 31_200, past, score)).toBeNull();
    expect(netUnusual('pu', 30_150, past, score)).toBeNull();
  });
});

describe('GROSS_OVER_RATED', () => {
  it('catches a gross 25 % over the rated 49 t as HIGH, 8 % over as MEDIUM', () => {
    expect(grossOverRated(61_250, 49_000, 5)).toMatchObject({ severity: 'HIGH', evidence: { overPercent: 25 } });
    expect(grossOverRated(52_920, 49_000, 5)).toMatchObject({ severity: 'MEDIUM', evidence: { overPercent: 8 } });
  });
  it('leaves a gross inside the tolerance, and a vehicle without a rated mass, alone', () => {
    expect(grossOverRated(51_400, 49_000, 5)).toBeNull();
    expect(grossOverRated(61_250, null, 5)).toBeNull();
  });
});

describe('SAME_WEIGHT: the same weight to the kg on different trucks', () => {
  it('catches three trucks at 31,460 kg within the hour, naming them and their tickets', () => {
    const found = sameWeight([
      { ticketId: '1', plate: '苏A1', kg: 31_460, at: 0 }, { ticketId: '2', plate: '苏A2', kg: 31_460, at: 20 * MIN },
      { ticketId: '3', plate: '苏A3', kg: 31_460, at: 50 * MIN }, { ticketId: '4', plate: '苏A4', kg: 31_461, at: 10 * MIN },
    ], { windowMs: 60 * MIN, minTrucks: 2 });
    expect(found).toEqual([expect.objectContaining({ rule: 'SAME_WEIGHT', severity: 'HIGH', evidence: { kg: 31_460, plates: ['苏A1', '苏A2', '苏A3'], tickets: ['1', '2', '3'] } })]);
  });
  it('leaves one truck weighed twice alike, a kilogram apart, and two trucks hours apart alone', () => {
    expect(sameWeight([
      { ticketId: '1', plate: '苏A1', kg: 31_460, at: 0 }, { ticketId: '2', plate: '苏A1', kg: 31_460, at: 5 * MIN },
      { ticketId: '3', plate: '苏A2', kg: 31_461, at: 6 * MIN }, { ticketId: '4', plate: '苏A3', kg: 31_460, at: 300 * MIN },
    ], { windowMs: 60 * MIN, minTrucks: 2 })).toEqual([]);
  });
});

describe('OPERATOR_OUTLIER: one operator against the peers', () => {
  const peers = [
    { operator: '张三', events: 2, total: 400 }, { operator: '李四', events: 3, total: 380 },
    { operator: '王五', events: 1, total: 410 }, { operator: '赵六', events: 2, total: 350 },
  ];
  it('catches the operator who types 40 of 300 weights where the others type under 1 %', () => {
    expect(operatorOutliers('手工录入重量', [...peers, { operator: '钱七', events: 40, total: 300 }], { minTotal: 50, threshold: 3.5, minSpreadRate: 0.01 }))
      .toEqual([expect.objectContaining({ rule: 'OPERATOR_OUTLIER', severity: 'HIGH', evidence: expect.objectContaining({ operator: '钱七', events: 40, total: 300 }) })]);
  });
  it('leaves 2 % against under 1 % alone, and an operator with a handful of weighings', () => {
    const found = operatorOutliers('手工录入重量', [...peers, { operator: '钱七', events: 6, total: 300 }, { operator: '孙八', events: 3, total: 10 }], { minTotal: 50, threshold: 3.5, minSpreadRate: 0.01 });
    expect(found).toEqual([]);
  });
});

describe('OUT_OF_HOURS', () => {
  it('catches 02:10 at a plant open 06:00-22:00, and 12:00 at a plant open overnight 20:00-06:00', () => {
    expect(outOfHours(130, { from: 360, to: 1320 })).toMatchObject({ rule: 'OUT_OF_HOURS', evidence: { at: '02:10' } });
    expect(outOfHours(720, { from: 1200, to: 360 })).not.toBeNull();
  });
  it('leaves 21:59 and the overnight plant\'s 23:00 and 05:59 alone', () => {
    expect(outOfHours(1319, { from: 360, to: 1320 })).toBeNull();
    expect(outOfHours(1380, { from: 1200, to: 360 })).toBeNull();
    expect(outOfHours(359, { from: 1200, to: 360 })).toBeNull();
  });
});

describe('REWEIGHED_SOON and OTHER_SCALE', () => {
  it('catches a truck completing again 12 minutes after its last, and a second weighing on another scale where forbidden', () => {
    expect(reweighedSoon('苏E1', 0, 12 * MIN, { withinMs: 30 * MIN })).toMatchObject({ rule: 'REWEIGHED_SOON', evidence: { gapMinutes: 12 } });
    expect(otherScale('1号磅', '2号磅', true)).toMatchObject({ rule: 'OTHER_SCALE' });
  });
  it('leaves 31 minutes, a first trip, the same scale and a plant that allows it alone', () => {
    expect(reweighedSoon('苏E1', 0, 31 * MIN, { withinMs: 30 * MIN })).toBeNull();
    expect(reweighedSoon('苏E1', null, 31 * MIN, { withinMs: 30 * MIN })).toBeNull();
    expect(otherScale('1号磅', '1号磅', true)).toBeNull();
    expect(otherScale('1号磅', '2号磅', false)).toBeNull();
  });
});

describe('DWELL_UNUSUAL', () => {
  const lane = [62, 58, 70, 65, 60, 75, 68];
  it('catches 20 minutes on a scale where trucks stand about a minute', () => {
    expect(dwellUnusual(1200, lane, { minHistory: 5, threshold: 3.5, minSpreadKg: 10 })).toMatchObject({ rule: 'DWELL_UNUSUAL', evidence: { medianSeconds: 65 } });
  });
  it('leaves 90 seconds alone', () => {
    expect(dwellUnusual(90, lane, { minHistory: 5, threshold: 3.5, minSpreadKg: 10 })).toBeNull();
  });
});

describe('READING_JUMP: a stable reading that steps', () => {
  const jump = { settleKg: 20, minLoadKg: 1000, minStepKg: 200, minPlateau: 3, maxStepShare: 0.25 };
  const at = (kgs: number[]) => kgs.map((k, i) => ({ at: i * 500, kg: k }));
  it('catches a truck held at 30,000 kg that steps to 31,000 kg in one reading (a round step: HIGH)', () => {
    expect(readingJump(at([0, 8_000, 19_000, 29_990, 30_000, 30_010, 30_000, 31_000, 31_005, 31_000]), jump))
      .toMatchObject({ rule: 'READING_JUMP', severity: 'HIGH', evidence: { fromKg: 30_000, toKg: 31_000, stepKg: 1_000, heldReadings: 4 } });
    expect(readingJump(at([30_000, 30_000, 30_000, 30_700, 30_700]), jump)?.severity).toBe('HIGH');
    expect(readingJump(at([30_000, 30_000, 30_000, 30_730, 30_740]), jump)?.severity).toBe('MEDIUM');
  });
  it('leaves a truck driving on, its front axle standing before the rear rolls on, and a settle inside 20 kg alone', () => {
    expect(readingJump(at([0, 0, 0, 9_000, 17_000, 26_000, 30_000, 30_010, 30_000]), jump)).toBeNull();
    expect(readingJump(at([0, 11_000, 11_010, 11_000, 11_005, 30_000, 30_010]), jump)).toBeNull();
    expect(readingJump(at([30_000, 30_000, 30_000, 30_015, 30_015]), jump)).toBeNull();
  });
});
