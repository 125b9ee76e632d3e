/**
 * The three goods settlements: purchase (采购结算) with a vendor, sales (销售结算) with a customer and
 * allot (调拨结算) with a receiving company of the group (the allot tickets it was dispatched).
 */
export type SettleKind = 'pu' | 'sa' | 'al';

export interface SettleKindDef {
  kind: SettleKind;
  label: string;
  en: string;
  /** the numbering's fallback prefix */
  prefix: string;
  partyColumn: 'vendor_id' | 'customer_id' | 'peer_org_id';
  partyField: 'vendorId' | 'customerId' | 'peerOrgId';
  partyLabel: string;
  partyLabelEn: string;
  menuPath: string;
  /** money paid to the party (OUT) or received from it (IN) */
  payment: 'IN' | 'OUT';
}

export const SETTLE_KINDS: Record<SettleKind, SettleKindDef> = {
  pu: {
    kind: 'pu', label: '采购结算', en: 'Purchase settlements', prefix: 'CGJS', partyColumn: 'vendor_id', partyField: 'vendorId',
    partyLabel: '供应商', partyLabelEn: 'Vendor', menuPath: '/settlement/purchase', payment: 'OUT',
  },
  sa: {
    kind: 'sa', label: '销售结算', en: 'Sales settlements', prefix: 'XSJD', partyColumn: 'customer_id', partyField: 'customerId',
    partyLabel: '客户', partyLabelEn: 'Customer', menuPath: '/settlement/sale', payment: 'IN',
  },
  al: {
    kind: 'al', label: '调拨结算', en: 'Allot settlements', prefix: 'DBJD', partyColumn: 'peer_org_id', partyField: 'peerOrgId',
    partyLabel: '收货公司', partyLabelEn: 'Receiving company', menuPath: '/settlement/allot', payment: 'IN',
  },
};

export const SETTLE_KIND_LIST: SettleKindDef[] = [SETTLE_KINDS.pu, SETTLE_KINDS.sa, SETTLE_KINDS.al];

export const settleBase = (kind: SettleKind) => `/api/settlement/${kind}`;
export const settlePermission = (kind: SettleKind, action: string) => `settlement_${kind}_${action}`;
export const settleView = (kind: SettleKind) => `wb_settlement_${kind}`;
/** The settlement's name in messages and the log: 采购结算 CGJS202611250001. */
export const settleName = (kind: SettleKind, no: string) => `${SETTLE_KINDS[kind].label} ${no}`;
