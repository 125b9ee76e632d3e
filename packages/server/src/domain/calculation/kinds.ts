/**
 * The two calculations: a sales calculation (销售计算) of a customer's sales tickets and an allot
 * calculation (调拨计算) of the allot tickets dispatched to a receiving company of the group.
 */
export type CalcKind = 'sa' | 'al';

export interface CalcKindDef {
  kind: CalcKind;
  label: string;
  en: string;
  /** the numbering's fallback prefix */
  prefix: string;
  /** wb_ticket.locked_by_kind of the tickets it locks (domain/weighing/rules/locks.ts words it) */
  lockKind: string;
  /** its party: the customer, or the receiving company */
  partyColumn: 'customer_id' | 'peer_org_id';
  partyField: 'customerId' | 'peerOrgId';
  partyLabel: string;
  partyLabelEn: string;
  menuPath: string;
  /** the menu folder it sits in */
  area: '/sale' | '/allot';
}

export const CALC_KINDS: Record<CalcKind, CalcKindDef> = {
  sa: {
    kind: 'sa', label: '销售计算', en: 'Sales calculations', prefix: 'XSJS', lockKind: 'SA_CALCULATION', partyColumn: 'customer_id', partyField: 'customerId',
    partyLabel: '客户', partyLabelEn: 'Customer', menuPath: '/sale/calculation', area: '/sale',
  },
  al: {
    kind: 'al', label: '调拨计算', en: 'Allot calculations', prefix: 'DBJS', lockKind: 'AL_CALCULATION', partyColumn: 'peer_org_id', partyField: 'peerOrgId',
    partyLabel: '收货公司', partyLabelEn: 'Receiving company', menuPath: '/allot/calculation', area: '/allot',
  },
};

export const CALC_KIND_LIST: CalcKindDef[] = [CALC_KINDS.sa, CALC_KINDS.al];

export const calcBase = (kind: CalcKind) => (kind === 'sa' ? '/api/sale/calculation' : '/api/allot/calculation');
export const calcPermission = (kind: CalcKind, action: string) => `calculation_${kind}_${action}`;
export const calcView = (kind: CalcKind) => `wb_calculation_${kind}`;
