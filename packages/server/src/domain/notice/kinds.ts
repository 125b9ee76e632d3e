import type { NoticeKind } from '../../platform/db/schema';

/**
 * The four notices (domain notes: the kinds of movement): who the goods go to or come from, and
 * how their numbers start (CGTZ202611210001 for a purchase notice).
 */
export interface NoticeKindDef {
  kind: NoticeKind;
  label: string;
  labelEn: string;
  /** the menu leaf and the list in English */
  pluralEn: string;
  /** the menu leaf and the URL of its list */
  menuPath: string;
  prefix: string;
  /** the header's counterparty: vendor (pu), customer (sa), the receiving company (al); none for a transfer */
  counterparty: 'vendor' | 'customer' | 'peer' | null;
}

export const NOTICE_KINDS: readonly NoticeKindDef[] = [
  { kind: 'pu', label: '采购通知单', labelEn: 'Purchase notice', pluralEn: 'Purchase notices', menuPath: '/notice/pu', prefix: 'CGTZ', counterparty: 'vendor' },
  { kind: 'sa', label: '销售提货单', labelEn: 'Sales bill of lading', pluralEn: 'Sales bills of lading', menuPath: '/notice/sa', prefix: 'XSTD', counterparty: 'customer' },
  { kind: 'al', label: '调拨通知单', labelEn: 'Allot notice', pluralEn: 'Allot notices', menuPath: '/notice/al', prefix: 'DBTZ', counterparty: 'peer' },
  { kind: 'tr', label: '移库通知单', labelEn: 'Transfer notice', pluralEn: 'Transfer notices', menuPath: '/notice/tr', prefix: 'YKTZ', counterparty: null },
];

export const noticeBase = (kind: NoticeKind) => `/api/notice/${kind}`;
export const noticePermission = (kind: NoticeKind, action: string) => `notice_${kind}_${action}`;
