import Decimal from 'decimal.js';
import type { DocumentChildren, DocumentFamily, EntityValues } from '../../../platform/documents/define';
import { remarkField } from '../../masterdata/shared/fields';
import { datedToday, materialIdField, tonsField, warehouseIdField } from '../fields';
import { stockDocLifecycle } from '../lifecycle';
import { transferStockEffects } from './stock';
import { lineReadFields, TRANSFER_LINE_TABLE, TRANSFER_TABLE, transferCreateForm, transferListTemplate, transferReadFields, transferUpdateForm } from './templates';

/**
 * 移库单: goods moved between two warehouses of the company without a truck on the scale. Its audit
 * posts, per line, an OUT of the from-warehouse and an IN to the to-warehouse; un-audit reverses
 * them (transfer/stock.ts).
 */
const SAME_WAREHOUSE = '调入仓库不能与调出仓库相同';

const lines: DocumentChildren = {
  label: '移库明细', table: TRANSFER_LINE_TABLE, parentColumn: 'transfer_id',
  fields: [
    materialIdField,
    tonsField('lineQuantity', 'quantity', '数量'),
    { name: 'lineSeq', column: 'seq', label: '行号', type: 'integer' },
    { name: 'lineRemark', column: 'remark', label: '明细备注', type: 'text', maxLength: 500 },
  ],
  readFields: [...lineReadFields, { name: 'lineSeq', sql: 't.seq' }, { name: 'materialId', sql: 't.material_id::text' }],
  seq: { field: 'lineSeq', column: 'seq' },
  validate: (v: EntityValues) => (v.lineQuantity !== null && v.lineQuantity !== undefined && new Decimal(String(v.lineQuantity)).lte(0)
    ? [{ field: 'lineQuantity', message: '数量必须大于0' }] : []),
  checkWrite: async (_tx, _who, _id, _header, rows) => (rows.length === 0 ? [{ row: null, field: 'entitysub', message: '移库单至少要有一行明细' }] : []),
  constraintMessages: {
    wb_stock_transfer_line_quantity_check: { field: 'lineQuantity', message: '数量必须大于0' },
  },
};

export const transferFamily: DocumentFamily = {
  label: '移库单', base: '/api/stock/transfer', permissionPrefix: 'stock_transfer', table: TRANSFER_TABLE, scope: { kind: 'org' },
  code: { field: 'transferNo', column: 'transfer_no' },
  numbering: { docKind: 'stock.transfer', fallback: { prefix: 'YK', datePattern: 'yyyyMMdd', serialWidth: 4, resetPeriod: 'DAILY' } },
  fields: [
    { name: 'transferNo', column: 'transfer_no', label: '移库单号', type: 'text', updatable: false, unique: true, maxLength: 40 },
    { name: 'transferDate', column: 'transfer_date', label: '移库日期', type: 'date' },
    warehouseIdField('fromWarehouseId', 'from_warehouse_id', '调出仓库', 'fromWareCode'),
    warehouseIdField('toWarehouseId', 'to_warehouse_id', '调入仓库', 'toWareCode'),
    remarkField,
  ],
  lifecycle: stockDocLifecycle, statusColumn: 'doc_status',
  listTemplate: transferListTemplate, forms: [transferCreateForm, transferUpdateForm],
  readFields: [...transferReadFields, { name: 'docStatus', sql: 't.doc_status' }],
  copy: 'one', datax: false, import: false,
  normalise: datedToday('transferDate'),
  validate: (v: EntityValues) => (v.fromWarehouseId && v.fromWarehouseId === v.toWarehouseId ? [{ field: 'toWarehouseId', message: SAME_WAREHOUSE }] : []),
  onStateAction: transferStockEffects,
  constraintMessages: {
    wb_stock_transfer_two_warehouses: { field: 'toWarehouseId', message: SAME_WAREHOUSE },
  },
  children: lines,
};
