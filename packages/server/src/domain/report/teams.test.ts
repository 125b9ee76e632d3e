import { describe, expect, it } from 'vitest';
import { clockOf, DEFAULT_TEAMS, minuteOf, teamAt, teamsRefusal } from './teams';

const team = (name: string, start: string, end: string, seq = 1) => ({ seq, name, nameEn: null, startMinute: minuteOf(start)!, endMinute: minuteOf(end)! });

describe('teams', () => {
  it('puts a minute in the team whose hours hold it, the night shift across midnight', () => {
    expect(teamAt(DEFAULT_TEAMS, minuteOf('08:00')!).name).toBe('白班');
    expect(teamAt(DEFAULT_TEAMS, minuteOf('19:59')!).name).toBe('白班');
    expect(teamAt(DEFAULT_TEAMS, minuteOf('20:00')!).name).toBe('夜班');
    expect(teamAt(DEFAULT_TEAMS, minuteOf('00:00')!).name).toBe('夜班');
    expect(teamAt(DEFAULT_TEAMS, minuteOf('07:59')!).name).toBe('夜班');
  });

  it('accepts teams that cut the day once, one after another', () => {
    expect(teamsRefusal(DEFAULT_TEAMS)).toBeNull();
    expect(teamsRefusal([team('全天', '00:00', '00:00')])).toBeNull();
    expect(teamsRefusal([team('早班', '06:00', '14:00'), team('中班', '14:00', '22:00'), team('夜班', '22:00', '06:00')])).toBeNull();
  });

  it('refuses a gap, an overlap, a day covered twice and a name used twice', () => {
    expect(teamsRefusal([team('早班', '06:00', '14:00'), team('夜班', '15:00', '06:00')])).toBe('班组“早班”的结束时间应为下一班组的开始时间');
    expect(teamsRefusal([team('早班', '06:00', '14:00'), team('夜班', '13:00', '06:00')])).toMatch(/结束时间应为下一班组的开始时间/);
    expect(teamsRefusal([team('甲', '08:00', '20:00'), team('乙', '20:00', '08:00'), team('丙', '08:00', '20:00'), team('丁', '20:00', '08:00')])).toBe('班组时间应正好覆盖一天24小时');
    expect(teamsRefusal([team('白班', '08:00', '20:00'), team('白班', '20:00', '08:00')])).toBe('班组名称不能重复');
    expect(teamsRefusal([])).toBe('至少需要一个班组');
  });

  it('reads and writes the clock', () => {
    expect(minuteOf('23:59')).toBe(1439);
    expect(minuteOf('24:00')).toBeNull();
    expect(minuteOf('8:00')).toBeNull();
    expect(clockOf(485)).toBe('08:05');
  });
});
