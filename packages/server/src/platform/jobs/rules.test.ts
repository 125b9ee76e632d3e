import { describe, expect, it } from 'vitest';
import { CATCH_UP_MS, cronProblem, firingAfter, firingId, keyedJobId, nextFiring } from './rules';

const Z = 'Asia/Shanghai';

describe('schedules', () => {
  it('takes 5 fields, or 6 with seconds first; anything else is named', () => {
    expect(cronProblem('*/5 * * * *')).toBeNull();
    expect(cronProblem('* * * * * *')).toBeNull();
    expect(cronProblem('0 2 * * 1-5')).toBeNull();
    expect(cronProblem('* * * *')).toMatch(/5 段/);
    expect(cronProblem('* * * * * * *')).toMatch(/6 段/);
    expect(cronProblem('61 * * * *')).toMatch(/61/);
    expect(cronProblem('every day at two')).not.toBeNull();
  });

  it('reads a schedule in the plant’s zone', () => {
    // 02:00 in Shanghai is 18:00 UTC the day before
    expect(nextFiring('0 2 * * *', new Date('2026-11-28T12:00:00Z'), Z).toISOString()).toBe('2026-11-28T18:00:00.000Z');
  });

  it('the next firing follows the last by the schedule, unless that is long past', () => {
    const fired = new Date('2026-11-28T08:00:00Z');
    // run late by 1.5 s: the firing at :01 is not skipped
    expect(firingAfter('* * * * * *', fired, new Date('2026-11-28T08:00:01.500Z'), Z).toISOString()).toBe('2026-11-28T08:00:01.000Z');
    // the instances were down for an hour: the schedule goes on from now
    const now = new Date(fired.getTime() + 3600_000 + CATCH_UP_MS);
    expect(firingAfter('* * * * * *', fired, now, Z).getTime()).toBe(Math.floor(now.getTime() / 1000) * 1000 + 1000);
  });

  it('one firing has one id on every instance; another time, schedule or queue another', () => {
    const at = new Date('2026-11-28T08:00:00Z');
    const id = firingId('job.a', '* * * * * *', at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(firingId('job.a', '* * * * * *', new Date(at))).toBe(id);
    expect(firingId('job.a', '* * * * * *', new Date(at.getTime() + 1000))).not.toBe(id);
    expect(firingId('job.a', '*/2 * * * * *', at)).not.toBe(id);
    expect(firingId('job.b', '* * * * * *', at)).not.toBe(id);
    expect(keyedJobId('q', 'k')).toBe(keyedJobId('q', 'k'));
  });
});
