/**
 * The two price lists (sales and purchase) and their adjustments: the party a rule is keyed by,
 * the menu leaves, the numbering prefixes and the permission keys.
 */
export type PriceKind = 'sa' | 'pu';

export interface PriceKindDef {
  kind: PriceKind;
  label: string;
  labelEn: string;
  adjustLabel: string;
  adjustLabelEn: string;
  menuPath: string;
  adjustMenuPath: string;
  rulePrefix: string;
  adjustPrefix: string;
  party: { label: string; labelEn: string; table: 'md_customer' | 'md_vendor'; codeColumn: string; nameColumn: string; resource: string; nameField: string };
}

export const PRICE_KINDS: readonly PriceKindDef[] = [
  {
    kind: 'sa', label: '销售价格', labelEn: 'Sales prices', adjustLabel: '销售调价单', adjustLabelEn: 'Sales price adjustments',
    menuPath: '/sale/price', adjustMenuPath: '/sale/price-adjust', rulePrefix: 'XSJG', adjustPrefix: 'XSTJ',
    party: { label: '客户', labelEn: 'Customer', table: 'md_customer', codeColumn: 'customer_code', nameColumn: 'customer_name', resource: 'masterdata.customer.resource', nameField: 'customerName' },
  },
  {
    kind: 'pu', label: '采购价格', labelEn: 'Purchase prices', adjustLabel: '采购调价单', adjustLabelEn: 'Purchase price adjustments',
    menuPath: '/purchase/price', adjustMenuPath: '/purchase/price-adjust', rulePrefix: 'CGJG', adjustPrefix: 'CGTJ',
    party: { label: '供应商', labelEn: 'Vendor', table: 'md_vendor', codeColumn: 'vendor_code', nameColumn: 'vendor_name', resource: 'masterdata.vendor.resource', nameField: 'vendorName' },
  },
];

export const priceBase = (kind: PriceKind) => `/api/price/${kind}`;
export const adjustBase = (kind: PriceKind) => `/api/price/${kind}/adjust`;
export const pricePermission = (kind: PriceKind, action: string) => `price_${kind}_${action}`;
export const adjustPermission = (kind: PriceKind, action: string) => `price_adjust_${kind}_${action}`;
