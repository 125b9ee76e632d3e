/**
 * What the weighing screen decides before it calls (the server decides everything else): which
 * kinds it weighs and the words for them, whether a kind needs the scale's direction, and the one
 * request id a press keeps through its retries, so a call resent after a lost answer weighs once.
 */
export const STATION_KINDS = ['pu', 'sa', 'al', 'tr', 'pr', 'st', 'pt'] as const;
export type StationKind = (typeof STATION_KINDS)[number];

export const KIND_WORDS: Record<StationKind, { zh: string; en: string }> = {
  pu: { zh: '采购', en: 'Purchase' }, sa: { zh: '销售', en: 'Sales' }, al: { zh: '调拨', en: 'Allot' }, tr: { zh: '移库', en: 'Transfer' },
  pr: { zh: '生产', en: 'Production' }, st: { zh: '其他入库', en: 'Other in' }, pt: { zh: '其他出库', en: 'Other out' },
};

/** Allot and transfer are weighed at both ends: the scale says which end it is. */
export const needsDirection = (kind: StationKind) => kind === 'al' || kind === 'tr';

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
