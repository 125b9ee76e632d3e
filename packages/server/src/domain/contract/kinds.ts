import type { ContractKind } from '../../platform/db/schema';

/**
 * The three contracts (domain notes: Money, contracts and prices): who the party is, where the
 * leaf sits and how numbers start (XSHT202611250001 for a sales contract; its amendments XSBC...).
 */
export interface ContractKindDef {
  kind: ContractKind;
  label: string;
  labelEn: string;
  pluralEn: string;
  /** the sidebar folder and the leaf */
  area: string;
  menuPath: string;
  amendPath: string;
  prefix: string;
  amendPrefix: string;
  /** the party: the vendor (pu), the customer (sa), the receiving company of the group (al) */
  party: 'vendor' | 'customer' | 'peer';
}

export const CONTRACT_KINDS: readonly ContractKindDef[] = [
  { kind: 'pu', label: '采购合同', labelEn: 'Purchase contract', pluralEn: 'Purchase contracts', area: '/purchase', menuPath: '/purchase/contract', amendPath: '/purchase/contract-amend', prefix: 'CGHT', amendPrefix: 'CGBC', party: 'vendor' },
  { kind: 'sa', label: '销售合同', labelEn: 'Sales contract', pluralEn: 'Sales contracts', area: '/sale', menuPath: '/sale/contract', amendPath: '/sale/contract-amend', prefix: 'XSHT', amendPrefix: 'XSBC', party: 'customer' },
  { kind: 'al', label: '调拨合同', labelEn: 'Allot contract', pluralEn: 'Allot contracts', area: '/allot', menuPath: '/allot/contract', amendPath: '/allot/contract-amend', prefix: 'DBHT', amendPrefix: 'DBBC', party: 'peer' },
];

export const contractBase = (kind: ContractKind) => `/api/contract/${kind}`;
export const amendBase = (kind: ContractKind) => `/api/contract/${kind}/amend`;
export const contractPermission = (kind: ContractKind, action: string) => `contract_${kind}_${action}`;
export const amendPermission = (kind: ContractKind, action: string) => `contract_${kind}_amend_${action}`;

/** The party's column on the contract and on the notice (the same names on both). */
export const PARTY_COLUMN = { vendor: 'vendor_id', customer: 'customer_id', peer: 'peer_org_id' } as const;
export const PARTY_FIELD = { vendor: 'vendorId', customer: 'customerId', peer: 'peerOrgId' } as const;

/** What a contract action clicked with no row selected says (spec: Contract action needs selection). */
export { CONTRACT_SELECTION_MESSAGE } from '@wb/protocol';
