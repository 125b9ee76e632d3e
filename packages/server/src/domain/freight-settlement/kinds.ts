/**
 * The freight settlement (运费结算): one carrier's tickets of one kind (purchase, sales, allot or
 * transfer hauls) and period. One menu leaf and one set of calls for all kinds; the kind is a field.
 */
export type FreightKind = 'pu' | 'sa' | 'al' | 'tr';
export const FREIGHT_KINDS: readonly FreightKind[] = ['pu', 'sa', 'al', 'tr'];
export const FREIGHT_KIND_OPTIONS = [
  { value: 'pu', label: '采购', labelEn: 'Purchase' },
  { value: 'sa', label: '销售', labelEn: 'Sales' },
  { value: 'al', label: '调拨', labelEn: 'Allot' },
  { value: 'tr', label: '转库', labelEn: 'Transfer' },
];

export const FS_LABEL = '运费结算';
export const FS_LABEL_EN = 'Freight settlements';
export const FS_BASE = '/api/freightSettle';
export const FS_MENU = '/settlement/freight';
export const fsPermission = (action: string) => `freight_settle_${action}`;
/** the numbering: YFJS + yyyyMMdd + 4 */
export const FS_NUMBERING = { docKind: 'settlement.freight', fallback: { prefix: 'YFJS', datePattern: 'yyyyMMdd' as const, serialWidth: 4, resetPeriod: 'DAILY' as const } };
/** at most this many tickets in one settlement: a longer period is split */
export const MAX_TICKETS = 5000;
