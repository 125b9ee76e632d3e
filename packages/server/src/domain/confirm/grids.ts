import type { TicketKind } from '../../platform/db/schema';

/**
 * The site-confirmation grids (spec calls: weigh confirmation lists and submits; DESIGN section 3:
 * confirm/{pu,pu-sampling,sa,al-sh,al-fh,tr-sh,tr-fh}): which tickets each shows and in which mode.
 * Allot and transfer are confirmed at both ends: 收货 (sh, the receiving side unloads) and 发货 (fh,
 * the dispatching side loads). Purchase sampling judges the sample taken from the truck (合格 or
 * 不合格) instead of accepting the goods.
 */
export const CONFIRM_GRIDS = {
  pu: { kind: 'pu', side: null, sampling: false, label: '采购现场确认', labelEn: 'Purchase site confirmation', menuPath: '/purchase/confirm' },
  'pu-sampling': { kind: 'pu', side: null, sampling: true, label: '采购取样确认', labelEn: 'Purchase sampling confirmation', menuPath: '/purchase/sampling' },
  sa: { kind: 'sa', side: null, sampling: false, label: '销售现场确认', labelEn: 'Sales site confirmation', menuPath: '/sale/confirm' },
  'al-sh': { kind: 'al', side: 'RECEIVE', sampling: false, label: '调拨收货确认', labelEn: 'Allot receipt confirmation', menuPath: '/allot/confirm-receive' },
  'al-fh': { kind: 'al', side: 'DISPATCH', sampling: false, label: '调拨发货确认', labelEn: 'Allot dispatch confirmation', menuPath: '/allot/confirm-dispatch' },
  'tr-sh': { kind: 'tr', side: 'RECEIVE', sampling: false, label: '移库收货确认', labelEn: 'Transfer receipt confirmation', menuPath: '/transfer/confirm-receive' },
  'tr-fh': { kind: 'tr', side: 'DISPATCH', sampling: false, label: '移库发货确认', labelEn: 'Transfer dispatch confirmation', menuPath: '/transfer/confirm-dispatch' },
} as const satisfies Record<string, { kind: TicketKind; side: 'RECEIVE' | 'DISPATCH' | null; sampling: boolean; label: string; labelEn: string; menuPath: string }>;

export type ConfirmGrid = keyof typeof CONFIRM_GRIDS;
export const CONFIRM_GRID_NAMES = Object.keys(CONFIRM_GRIDS) as ConfirmGrid[];

/** Permission keys of a grid: its list and its buttons. */
export const gridPermission = (grid: ConfirmGrid, what: 'view' | 'submit') => `confirm_${grid.replace('-', '_')}_${what}`;
