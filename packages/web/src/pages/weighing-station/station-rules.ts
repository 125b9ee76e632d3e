import { CONFIRMABLE_FINDINGS, DISPLAY_DEFAULTS, toDecimal, type ConfirmableFinding, type DisplayParams, type WeighKind } from '@wb/protocol';

/**
 * What the weighing screen decides before it calls (the server decides everything else; the kinds
 * and their names are the protocol's): whether a kind needs the scale's direction, and the one
 * request id a press keeps through its retries, so a call resent after a lost answer weighs once.
 */

/** Allot and transfer are weighed at both ends: the scale says which end it is. */
export const needsDirection = (kind: WeighKind) => kind === 'al' || kind === 'tr';

/** A press's identity: made once, kept while the same press is retried. */
export function newRequestId(stationId: string, now = Date.now(), random = Math.random): string {
  return `${stationId}-${now.toString(36)}-${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`;
}

type ReadingParams = Pick<DisplayParams, 'weightUnit' | 'weightPrecision'>;

/**
 * The decimals a typed reading may have: the plant's weight decimals in its unit, within the four
 * decimals of a ton a ticket holds (a kilogram has at most one).
 */
export const readingDecimals = (p: ReadingParams = DISPLAY_DEFAULTS): number => Math.min(p.weightPrecision, p.weightUnit === 'kg' ? 1 : 4);

/** The reading as the operator typed it, in the plant's unit: never negative, at most the plant's decimals. */
export function readingProblem(text: string, p: ReadingParams = DISPLAY_DEFAULTS, unitLabel = '吨'): string | null {
  if (text.trim() === '') return '请输入重量';
  const decimals = readingDecimals(p);
  // seven digits of tons at most, as a ticket holds them
  const digits = p.weightUnit === 'kg' ? 10 : 7;
  const pattern = new RegExp(decimals === 0 ? `^\\d{1,${digits}}$` : `^\\d{1,${digits}}(\\.\\d{1,${decimals}})?$`);
  if (!pattern.test(text.trim())) {
    return decimals === 0 ? `重量应为不小于0的整数（${unitLabel}）` : `重量应为不小于0、最多${decimals}位小数的数字（${unitLabel}）`;
  }
  return null;
}

/** A typed reading as the screen shows it once typed: the plant's decimals (31.9 -> 31.90); anything else as typed. */
export function readingText(text: string, p: ReadingParams = DISPLAY_DEFAULTS): string {
  const d = readingProblem(text, p) ? null : toDecimal(text.trim());
  return d ? d.toFixed(readingDecimals(p)) : text;
}

/** What the server takes: tons (a kilogram plant's 31950 is 31.95). */
export function readingInTons(text: string, p: ReadingParams = DISPLAY_DEFAULTS): string {
  const d = toDecimal(text.trim());
  if (!d) return text.trim();
  return (p.weightUnit === 'kg' ? d.dividedBy(1000) : d).toFixed();
}

/** The station's id is remembered on this computer: it names the scale in every call. */
export const STATION_STORAGE_KEY = 'wb.weighing.station';
/** The scale this computer takes its readings from, likewise. */
export const SCALE_STORAGE_KEY = 'wb.weighing.scale';

/**
 * A refusal the operator may confirm (an unusual second weighing the plant lets through on
 * confirmation): what to confirm and the refusal's words, from the refusal's data; null for any
 * other refusal.
 */
export function confirmableOf(data: Record<string, unknown> | null): { confirm: ConfirmableFinding[]; messages: string[] } | null {
  const confirm = Array.isArray(data?.confirm) ? data.confirm.filter((c): c is ConfirmableFinding => (CONFIRMABLE_FINDINGS as readonly unknown[]).includes(c)) : [];
  if (confirm.length === 0) return null;
  const errors = Array.isArray(data?.errors) ? data.errors : [];
  const messages = errors.map((e) => (e as { message?: unknown }).message).filter((m): m is string => typeof m === 'string');
  return { confirm, messages };
}
