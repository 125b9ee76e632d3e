/**
 * The freight families' names: bases of their calls, permission prefixes, menu paths, numbering,
 * and the options of the terms as the screens show them.
 */
export const FREIGHT_BASE = '/api/freight';
export const CONTRACT_BASE = `${FREIGHT_BASE}/contract`;
export const PRICE_BASE = `${FREIGHT_BASE}/price`;
export const PLAN_BASE = `${FREIGHT_BASE}/plan`;

export const CONTRACT_PREFIX = 'freight_contract';
export const PRICE_PREFIX = 'freight_price';
export const PLAN_PREFIX = 'freight_plan';
export const planPermission = (action: string) => `${PLAN_PREFIX}_${action}`;

export const CONTRACT_MENU = '/freight/contract';
export const PRICE_MENU = '/freight/price';
export const PLAN_MENU = '/freight/plan-price';

export const KIND_OPTIONS = [
  { value: 'pu', label: '采购', labelEn: 'Purchase' }, { value: 'sa', label: '销售', labelEn: 'Sale' },
  { value: 'al', label: '调拨', labelEn: 'Allot' }, { value: 'tr', label: '移库', labelEn: 'Transfer' },
];
export const BASIS_OPTIONS = [
  { value: 'OUR_NET', label: '我方净重', labelEn: 'Our net' }, { value: 'SHIPPED', label: '原发数', labelEn: 'Shipped quantity' },
  { value: 'LESSER', label: '两者取小', labelEn: 'The lesser' },
];
export const CHARGE_OPTIONS = [
  { value: 'TON', label: '按吨', labelEn: 'Per ton' }, { value: 'TRIP', label: '按车次', labelEn: 'Per trip' },
  { value: 'TON_KM', label: '按吨公里', labelEn: 'Per ton-km' },
];
export const LOSS_OPTIONS = [{ value: 'PERCENT', label: '按原发比例(%)', labelEn: 'Percent of shipped' }, { value: 'KG', label: '每车公斤', labelEn: 'Kg per trip' }];
export const CONTRACT_STATUS_OPTIONS = [
  { value: 'FREE', label: '草稿', labelEn: 'Draft', color: 'default' },
  { value: 'AUDITED', label: '生效', labelEn: 'In force', color: 'green' },
  { value: 'CLOSED', label: '已关闭', labelEn: 'Closed', color: 'orange' },
  { value: 'OBSOLETE', label: '已作废', labelEn: 'Void', color: 'red' },
];
export const STATUS_OPTIONS = [
  { value: 'FREE', label: '自由', labelEn: 'Free', color: 'default' },
  { value: 'AUDITED', label: '已审核', labelEn: 'Audited', color: 'green' },
  { value: 'OBSOLETE', label: '已作废', labelEn: 'Void', color: 'red' },
];
export const PRICE_SOURCE_OPTIONS = [{ value: 'RESOLVED', label: '运费价格', labelEn: 'Freight price' }, { value: 'TYPED', label: '手工填写', labelEn: 'Typed' }];
export const REMIT_METHODS = [
  { value: 'BANK', label: '银行转账' }, { value: 'CASH', label: '现金' }, { value: 'BILL', label: '承兑汇票' }, { value: 'OTHER', label: '其他' },
] as const;

const strip = (list: readonly { value: string; label: string }[]) => list.map(({ value, label }) => ({ value, label }));
export const KIND_VALUES = strip(KIND_OPTIONS);
export const BASIS_VALUES = strip(BASIS_OPTIONS);
export const CHARGE_VALUES = strip(CHARGE_OPTIONS);
export const LOSS_VALUES = strip(LOSS_OPTIONS);
