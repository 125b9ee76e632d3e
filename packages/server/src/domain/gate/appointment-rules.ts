/**
 * 预约规则: which rules govern a registry's entry, and whether now is inside a rule's window. Pure:
 * the repo reads the rules and the plant's wall clock, and takes the day's quota under its lock.
 */
export interface AppointmentRule {
  id: string;
  code: string;
  name: string;
  kind: string | null;
  /** the materials' codes it governs, comma-joined ('0101001,0102001'); null: every material */
  materialCode: string | null;
  /** 'HH:mm:ss,HH:mm:ss'; a window whose end is before its start runs past midnight */
  window: string | null;
  quota: number | null;
  /** 'HH:mm:ss': the time of day the quota's day starts (a plant day that opens with its morning shift); null: midnight */
  quotaDayStart: string | null;
  /** 'yyyy-MM-dd,yyyy-MM-dd': the plant days the rule governs, both ends included; null: every day */
  validDays: string | null;
}

export interface EntryFacts {
  registryNo: string;
  kind: string;
  materialCode: string | null;
}

/** Whether a plant day ('yyyy-MM-dd') is among the rule's days, both ends included. */
export function inForce(validDays: string | null, day: string): boolean {
  if (!validDays) return true;
  const [from, to] = validDays.split(',');
  return day >= from && day <= to;
}

/**
 * The enabled rules that name this registry's kind and one of their materials its material (a blank key names every one) and
 * are in force on the plant's day.
 */
export function rulesFor(rules: readonly AppointmentRule[], entry: EntryFacts, day: string): AppointmentRule[] {
  return rules.filter((r) => (r.kind === null || r.kind === entry.kind) && (r.materialCode === null || (entry.materialCode !== null && r.materialCode.split(',').includes(entry.materialCode))) && inForce(r.validDays, day));
}

const hm = (t: string) => t.slice(0, 5);

/** Whether a time of day ('HH:mm:ss') is inside the window, both ends included. */
export function inWindow(window: string | null, timeOfDay: string): boolean {
  if (!window) return true;
  const [from, to] = window.split(',');
  if (from <= to) return timeOfDay >= from && timeOfDay <= to;
  return timeOfDay >= from || timeOfDay <= to;
}

export function windowRefusal(rule: AppointmentRule, entry: EntryFacts, timeOfDay: string): string | null {
  if (inWindow(rule.window, timeOfDay)) return null;
  const [from, to] = (rule.window as string).split(',');
  return `登记单 ${entry.registryNo} 不在预约时段 ${hm(from)}-${hm(to)} 内（预约规则 ${rule.code} ${rule.name}），不能入厂`;
}

/**
 * The day ('yyyy-MM-dd') whose quota an entry at this plant day and time of day counts against:
 * before the rule's day start it still belongs to the day before (the night shift's trucks count
 * with the day they began).
 */
export function quotaDay(rule: Pick<AppointmentRule, 'quotaDayStart'>, day: string, timeOfDay: string): string {
  if (!rule.quotaDayStart || timeOfDay >= rule.quotaDayStart) return day;
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export const quotaRefusal = (rule: AppointmentRule, entry: EntryFacts) =>
  `预约规则 ${rule.code} ${rule.name} 今日入厂限额 ${rule.quota} 车已满，登记单 ${entry.registryNo} 不能入厂`;
