/**
 * The track scale's two kinds of train: goods bought arriving by rail (采购轨道衡: the vendor's
 * wagons, received into a warehouse) and goods sold leaving by rail (销售轨道衡: the customer's,
 * dispatched from one). Each is a document family of its own over wb_train (its view per kind).
 */
export type TrainKind = 'pu' | 'sa';

export interface TrainKindDef {
  kind: TrainKind;
  label: string;
  labelEn: string;
  menuPath: string;
  prefix: string;
  party: { idName: 'vendorId' | 'customerId'; column: 'vendor_id' | 'customer_id'; label: string; labelEn: string; table: 'md_vendor' | 'md_customer';
    codeName: string; codeColumn: string; nameColumn: string; resource: string; nameField: string };
}

export const TRAIN_KINDS: readonly TrainKindDef[] = [
  {
    kind: 'pu', label: '采购轨道衡', labelEn: 'Purchase track scale', menuPath: '/weigh/track-pu', prefix: 'CGHC',
    party: { idName: 'vendorId', column: 'vendor_id', label: '供应商', labelEn: 'Vendor', table: 'md_vendor', codeName: 'vendorCode', codeColumn: 'vendor_code',
      nameColumn: 'vendor_name', resource: 'masterdata.vendor.resource', nameField: 'vendorName' },
  },
  {
    kind: 'sa', label: '销售轨道衡', labelEn: 'Sales track scale', menuPath: '/weigh/track-sa', prefix: 'XSHC',
    party: { idName: 'customerId', column: 'customer_id', label: '客户', labelEn: 'Customer', table: 'md_customer', codeName: 'customerCode', codeColumn: 'customer_code',
      nameColumn: 'customer_name', resource: 'masterdata.customer.resource', nameField: 'customerName' },
  },
];

export const trainBase = (kind: TrainKind) => `/api/track/${kind}`;
export const trainTable = (kind: TrainKind) => `wb_train_${kind}`;
export const trainPermission = (kind: TrainKind, action: string) => `track_${kind}_${action}`;
export const WAGON_TABLE = 'wb_wagon';
