import type { CodeRule } from '../../platform/numbering/rules';
import { TICKET_KINDS, type TicketKind } from './rules/kinds';

/** The weigh ticket kinds as the routes, menus and numbers name them. */
export { TICKET_KINDS, type TicketKind };

export interface TicketKindInfo {
  label: string;
  en: string;
  /** the number's prefix when the company has no code rule of its own */
  prefix: string;
  /** the registry kind whose trucks this kind weighs (pt weighs trucks of the other registries, st) */
  registryKind: 'pu' | 'sa' | 'al' | 'tr' | 'pr' | 'st';
}

export const TICKET_KIND_INFO: Record<TicketKind, TicketKindInfo> = {
  pu: { label: '采购过磅单', en: 'Purchase tickets', prefix: 'CGBD', registryKind: 'pu' },
  sa: { label: '销售过磅单', en: 'Sales tickets', prefix: 'XSBD', registryKind: 'sa' },
  al: { label: '调拨过磅单', en: 'Allot tickets', prefix: 'DBBD', registryKind: 'al' },
  tr: { label: '移库过磅单', en: 'Transfer tickets', prefix: 'YKBD', registryKind: 'tr' },
  pr: { label: '生产过磅单', en: 'Production tickets', prefix: 'SCBD', registryKind: 'pr' },
  st: { label: '其他出厂过磅单', en: 'Other outgoing tickets', prefix: 'QTCK', registryKind: 'st' },
  pt: { label: '其他入厂过磅单', en: 'Other incoming tickets', prefix: 'QTRK', registryKind: 'st' },
};

export const isTicketKind = (value: string): value is TicketKind => (TICKET_KINDS as readonly string[]).includes(value);
export const ticketBase = (kind: TicketKind) => `/api/weigh/${kind}`;
/** permission keys are `${prefix}_${action}`: weigh_pu_view, weigh_pu_weigh, weigh_pu_audit ... */
export const ticketPermission = (kind: TicketKind) => `weigh_${kind}`;

export const ticketNumbering = (kind: TicketKind): { docKind: string; fallback: CodeRule } => ({
  docKind: `weigh.${kind}`,
  fallback: { prefix: TICKET_KIND_INFO[kind].prefix, datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' },
});
