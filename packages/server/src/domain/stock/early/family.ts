import type { DocumentFamily } from '../../../platform/documents/define';
import { remarkField } from '../../masterdata/shared/fields';
import { datedToday, materialIdField, tonsField, warehouseIdField } from '../fields';
import { stockDocLifecycle } from '../lifecycle';
import { earlyStockEffects } from './stock';
import { EARLY_TABLE, earlyCreateForm, earlyListTemplate, earlyReadFields, earlyUpdateForm } from './templates';

/**
 * 期初库存: what a warehouse held of a material when the plant started counting. One per warehouse
 * and material; its audit posts an EARLY stock record, un-audit takes it back while no later
 * movement of that warehouse and material counts on it (early/stock.ts).
 */
export const earlyStockFamily: DocumentFamily = {
  label: '期初库存', base: '/api/stock/early', permissionPrefix: 'stock_early', table: EARLY_TABLE, scope: { kind: 'org' },
  code: { field: 'earlyNo', column: 'early_no' },
  numbering: { docKind: 'stock.early', fallback: { prefix: 'QC', datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
  fields: [
    { name: 'earlyNo', column: 'early_no', label: '单据号', type: 'text', updatable: false, unique: true, maxLength: 40 },
    warehouseIdField('warehouseId', 'warehouse_id', '仓库', 'wareCode'),
    materialIdField,
    tonsField('quantity', 'quantity', '期初数量'),
    { name: 'stockDate', column: 'stock_date', label: '期初日期', type: 'date' },
    remarkField,
  ],
  lifecycle: stockDocLifecycle, statusColumn: 'doc_status',
  listTemplate: earlyListTemplate, forms: [earlyCreateForm, earlyUpdateForm],
  readFields: [...earlyReadFields, { name: 'docStatus', sql: 't.doc_status' }],
  copy: 'none', datax: false,
  normalise: datedToday('stockDate'),
  onStateAction: earlyStockEffects,
  constraintMessages: {
    // a second opening stock of one warehouse and material would count the start twice
    wb_stock_early_one: { field: 'materialId', message: '该仓库的该物料已有期初库存' },
  },
};
