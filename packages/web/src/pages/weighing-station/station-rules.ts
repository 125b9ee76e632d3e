import { CONFIRMABLE_FINDINGS, type ConfirmableFinding, type WeighKind } from '@wb/protocol';

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

/** The reading as the operator typed it: tons with up to four decimals, never negative. */
export function readingProblem(text: string): string | null {
  if (text.trim() === '') return '请输入重量';
  if (!/^\d{1,7}(\.\d{1,4})?$/.test(text.trim())) return '重量应为不小于0、最多4位小数的数字';
  return null;
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
