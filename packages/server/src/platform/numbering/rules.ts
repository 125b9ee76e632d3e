/**
 * Document numbers (domain notes: Numbering): prefix + date part + zero-padded serial per company
 * and document kind, for example CGTZ202611210001. Pure: the date comes from the database's clock
 * in the plant's time zone, the serial from the serial table.
 */
export type DatePattern = 'yyyy' | 'yyyyMM' | 'yyyyMMdd' | 'yyMM' | 'yyMMdd';
export type ResetPeriod = 'DAILY' | 'MONTHLY' | 'YEARLY' | 'NEVER';

export interface CodeRule {
  prefix: string;
  datePattern: DatePattern | null;
  serialWidth: number;
  resetPeriod: ResetPeriod;
}

/** The plant's calendar day a number is taken on, as yyyyMMdd. */
export type PlantDay = string;

function datePart(pattern: DatePattern, day: PlantDay): string {
  switch (pattern) {
    case 'yyyy':
      return day.slice(0, 4);
    case 'yyyyMM':
      return day.slice(0, 6);
    case 'yyyyMMdd':
      return day;
    case 'yyMM':
      return day.slice(2, 6);
    case 'yyMMdd':
      return day.slice(2, 8);
  }
}

/** The span a serial counts in: it restarts at 1 when this key changes. */
export function periodKey(rule: Pick<CodeRule, 'resetPeriod'>, day: PlantDay): string {
  switch (rule.resetPeriod) {
    case 'DAILY':
      return day;
    case 'MONTHLY':
      return day.slice(0, 6);
    case 'YEARLY':
      return day.slice(0, 4);
    case 'NEVER':
      return '';
  }
}

/** What every number of a rule's period starts with: prefix and date part. */
export function numberStem(rule: CodeRule, day: PlantDay): string {
  return `${rule.prefix}${rule.datePattern ? datePart(rule.datePattern, day) : ''}`;
}

/**
 * The number for one serial. A serial wider than the rule's width is written in full rather than
 * cut: a number must never repeat, and a longer one still sorts after the shorter ones of its day.
 */
export function formatNumber(rule: CodeRule, day: PlantDay, serial: number): string {
  return `${numberStem(rule, day)}${String(serial).padStart(rule.serialWidth, '0')}`;
}
