/**
 * Teams (班组): the shifts a plant day is cut into. The teams of a company, taken in order, cover
 * the 24 hours once and without gaps; the plant day starts when its first team starts, so a night
 * shift that runs past midnight counts for the day it began (the trade's habit: the night shift
 * of the 21st ends on the morning of the 22nd).
 */
export interface Team {
  seq: number;
  name: string;
  nameEn: string | null;
  /** minutes after midnight, plant time */
  startMinute: number;
  endMinute: number;
}

export const MINUTES_PER_DAY = 1440;

/** A company that configured no teams works a day and a night shift. */
export const DEFAULT_TEAMS: readonly Team[] = [
  { seq: 1, name: '白班', nameEn: 'Day shift', startMinute: 8 * 60, endMinute: 20 * 60 },
  { seq: 2, name: '夜班', nameEn: 'Night shift', startMinute: 20 * 60, endMinute: 8 * 60 },
];

/** 'HH:mm' of a minute of the day. */
export function clockOf(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The minute of the day of 'HH:mm' (00:00 to 23:59), or null when it is not one. */
export function minuteOf(clock: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

const lengthOf = (t: Pick<Team, 'startMinute' | 'endMinute'>) => (t.endMinute - t.startMinute + MINUTES_PER_DAY) % MINUTES_PER_DAY || MINUTES_PER_DAY;

/**
 * Why a set of teams cannot cut a day, or null when it can: each team starts where the one
 * before it ended, and the last ends where the first starts.
 */
export function teamsRefusal(teams: readonly Pick<Team, 'name' | 'startMinute' | 'endMinute'>[]): string | null {
  if (teams.length === 0) return '至少需要一个班组';
  const names = new Set(teams.map((t) => t.name));
  if (names.size !== teams.length) return '班组名称不能重复';
  for (let i = 0; i < teams.length; i++) {
    const next = teams[(i + 1) % teams.length];
    if (teams[i].endMinute !== next.startMinute) return `班组“${teams[i].name}”的结束时间应为下一班组的开始时间`;
  }
  const covered = teams.reduce((sum, t) => sum + lengthOf(t), 0);
  if (covered !== MINUTES_PER_DAY) return '班组时间应正好覆盖一天24小时';
  return null;
}

/** The minute of the day the plant day starts: its first team's start. */
export const dayStartMinute = (teams: readonly Team[]): number => teams[0].startMinute;

/** The team a minute of the day belongs to. */
export function teamAt(teams: readonly Team[], minute: number): Team {
  const found = teams.find((t) => (t.startMinute < t.endMinute
    ? minute >= t.startMinute && minute < t.endMinute
    : minute >= t.startMinute || minute < t.endMinute));
  // a checked set of teams covers every minute; the first team stands in for an unchecked one
  return found ?? teams[0];
}
