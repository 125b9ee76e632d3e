import { inWindow, rulesFor, type AppointmentRule } from '../gate/appointment-rules';

/**
 * 司机自助's own decisions (pure): what the driver is told of his trip, which days he may book and
 * how many places are left, and whether a signature is one he may send.
 */
export type DriverState = 'WAITING' | 'CALLED' | 'IN_PLANT' | 'WEIGHED_ONCE' | 'DONE';

export interface TripFacts {
  docStatus: string;
  tripState: string;
  enabled: boolean;
  calledAt: Date | null;
  /** the trip's live ticket's state, when it was weighed */
  ticketState: string | null;
}

const DONE_TICKET = new Set(['COMPLETED', 'AUDITED', 'POSTED', 'CLOSED']);

/** The state the driver sees: the ticket's progress first, then where the truck is, then the gate's call. */
export function driverState(t: TripFacts): DriverState {
  if (t.tripState === 'RELEASED' || (t.ticketState && DONE_TICKET.has(t.ticketState))) return 'DONE';
  if (t.tripState === 'WEIGHING' || t.ticketState) return 'WEIGHED_ONCE';
  if (t.tripState === 'ENTERED') return 'IN_PLANT';
  return t.calledAt ? 'CALLED' : 'WAITING';
}

/** How many plant days ahead (today included) a driver may book. */
export const BOOKING_DAYS = 7;

const hm = (t: string) => t.slice(0, 5);
/** A rule's window as the driver reads it: 08:00-17:00. */
export const windowText = (window: string | null) => (window ? window.split(',').map(hm).join('-') : null);

/** The windows of the rules governing an entry, as one text; null when none limits the time. */
export function windowsText(rules: readonly AppointmentRule[]): string | null {
  const texts = [...new Set(rules.map((r) => windowText(r.window)).filter((w): w is string => w !== null))];
  return texts.length ? texts.join(' / ') : null;
}

/** A window whose end has passed today (a window past midnight never has: its end is tomorrow). */
export function windowOver(window: string | null, timeOfDay: string): boolean {
  if (!window) return false;
  const [from, to] = window.split(',');
  if (from > to) return false;
  return timeOfDay > to && !inWindow(window, timeOfDay);
}

export interface DayOffer {
  day: string;
  window: string | null;
  placesLeft: number | null;
  bookable: boolean;
}

/**
 * The days offered for one notice line: the rules governing the line's kind and material on each
 * day, the fewest places left among those with a day quota (null: no quota), and whether he may
 * book it (a place left, today's windows not over, the notice still running that day).
 */
export function dayOffers(
  rules: readonly AppointmentRule[], entry: { kind: string; materialCode: string | null }, days: readonly string[],
  clock: { day: string; timeOfDay: string }, used: (ruleId: string, day: string) => number, noticeEndDay: string,
): DayOffer[] {
  return days.map((day) => {
    const mine = rulesFor(rules, { registryNo: '', ...entry }, day);
    const quotas = mine.filter((r) => r.quota !== null).map((r) => Math.max(0, (r.quota as number) - used(r.id, day)));
    const placesLeft = quotas.length ? Math.min(...quotas) : null;
    const over = day === clock.day && mine.some((r) => windowOver(r.window, clock.timeOfDay));
    return { day, window: windowsText(mine), placesLeft, bookable: placesLeft !== 0 && !over && day <= noticeEndDay };
  });
}

/** Why a booking for this day is refused before any place is taken, or null. */
export function bookingDayRefusal(day: string, days: readonly string[], rules: readonly AppointmentRule[], clock: { day: string; timeOfDay: string }, noticeEndDay: string): string | null {
  if (!days.includes(day)) return `参数 day 错误: 只能预约 ${days[0]} 至 ${days[days.length - 1]} 的日期`;
  if (day > noticeEndDay) return `通知单 ${noticeEndDay} 到期，不能预约 ${day}`;
  if (day === clock.day) {
    const over = rules.find((r) => windowOver(r.window, clock.timeOfDay));
    if (over) return `预约规则 ${over.code} ${over.name} 今日预约时段 ${windowText(over.window)} 已过，请预约其他日期`;
  }
  return null;
}

export const bookingQuotaRefusal = (rule: AppointmentRule, day: string) =>
  `预约规则 ${rule.code} ${rule.name} ${day} 入厂限额 ${rule.quota} 车已满，请预约其他日期`;


/** The largest signature accepted, decoded. */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A signature sent as a PNG data URL, decoded; or the reason it is refused. */
export function readSignature(dataUrl: string): { ok: true; bytes: Buffer } | { ok: false; message: string } {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl.trim());
  if (!m) return { ok: false, message: '参数 signature 错误: 签名应为 PNG 图片（data:image/png;base64,...）' };
  if (m[1].length > Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 4) return { ok: false, message: '参数 signature 错误: 签名图片不能超过 200 KB' };
  const bytes = Buffer.from(m[1], 'base64');
  if (bytes.length > SIGNATURE_MAX_BYTES) return { ok: false, message: '参数 signature 错误: 签名图片不能超过 200 KB' };
  if (bytes.length < 60 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) return { ok: false, message: '参数 signature 错误: 签名不是有效的 PNG 图片' };
  return { ok: true, bytes };
}

/** A receipt is for a sales delivery whose second weighing is done, once. */
export function receiptRefusal(ticket: { kind: string; state: string } | null, already: boolean): string | null {
  if (!ticket) return '还没有磅单，不能确认收货';
  if (ticket.kind !== 'sa') return '只有销售发货可以确认收货';
  if (!['COMPLETED', 'AUDITED', 'POSTED'].includes(ticket.state)) return '磅单尚未完成二次过磅，不能确认收货';
  if (already) return '该磅单已确认收货';
  return null;
}

/** Why the gate may not call this registry in, or null. */
export function callRefusal(r: { code: string; docStatus: string; tripState: string; enabled: boolean }): string | null {
  if (r.docStatus !== 'AUDITED') return `登记单 ${r.code} 未审核，不能叫号`;
  if (!r.enabled) return `登记单 ${r.code} 已停用，不能叫号`;
  if (r.tripState !== 'PLANNED') return `登记单 ${r.code} 车辆已入厂，不用叫号`;
  return null;
}

/** Why a booking may not be cancelled, or null. */
export function cancelRefusal(b: { cancelledAt: Date | null }, r: { tripState: string; calledAt: Date | null; docStatus: string }): string | null {
  if (b.cancelledAt || r.docStatus === 'OBSOLETE') return '该预约已取消';
  if (r.tripState !== 'PLANNED' || r.calledAt) return '已叫号或已入厂的预约不能取消';
  return null;
}
