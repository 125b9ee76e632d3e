import { defineListTemplate } from '../../platform/templates/define';
import { DIRECTION_OPTIONS, materialCodeSql, materialNameSql, tonsColumn, warehouseNameSql } from './fields';

/**
 * The two read-only stock screens: balances (库存查询) by warehouse and material with their total,
 * and the stock records in and out (出入库记录) with their source document.
 */
export const BALANCE_LIST_CODE = 'stock.balance.list';
export const RECORD_LIST_CODE = 'stock.record.list';

const orgName = { fieldName: 'orgName', fieldExplain: '公司', fieldExplainEn: 'Company', fieldType: 'TEXT' as const, columnSql: '(SELECT o.org_name FROM sys_org o WHERE o.id = t.org_id)', columnWidth: 160 };

export const balanceListTemplate = defineListTemplate({
  formatCode: BALANCE_LIST_CODE, formatName: '库存查询', formatNameEn: 'Stock balances', mainTable: 'wb_stock_balance',
  resUrl: '/api/stock/balance/v2/list', menuPath: '/stock/balance',
  fields: [
    orgName,
    { fieldName: 'wareCode', fieldExplain: '仓库编码', fieldExplainEn: 'Warehouse code', fieldType: 'TEXT',
      columnSql: '(SELECT w.ware_code FROM md_warehouse w WHERE w.id = t.warehouse_id)', isortField: true, idefinedSort: true, sortMethod: 'asc', columnWidth: 110 },
    { fieldName: 'wareName', fieldExplain: '仓库', fieldExplainEn: 'Warehouse', fieldType: 'TEXT', columnSql: warehouseNameSql('warehouse_id'),
      iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 150 },
    { fieldName: 'invCode', fieldExplain: '物料编码', fieldExplainEn: 'Material code', fieldType: 'TEXT', columnSql: materialCodeSql('material_id'),
      iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 120 },
    { fieldName: 'invName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: materialNameSql('material_id'),
      iallowQuery: true, isortField: true, searchType: 'input', columnWidth: 180 },
    tonsColumn('quantity', '结存数量(吨)', 'Balance (t)', 't.quantity', { displayKind: 'weight', itotal: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 140 }),
    { fieldName: 'updatedAt', fieldExplain: '更新时间', fieldExplainEn: 'Updated', fieldType: 'DATE', columnSql: 't.updated_at', isortField: true, columnWidth: 170 },
  ],
});

/** The document a record came from: the weigh ticket (or the one it corrects), the opening stock or the transfer form. */
const sourceNo = `coalesce(
  (SELECT k.ticket_no FROM wb_ticket k WHERE k.id = coalesce(t.ticket_id, t.corrects_ticket_id)),
  (SELECT e.early_no FROM wb_stock_early e WHERE e.id = t.early_id),
  (SELECT f.transfer_no FROM wb_stock_transfer f WHERE f.id = t.transfer_id))`;
const SOURCE_KINDS = [
  { value: 'TICKET', label: '过磅单', labelEn: 'Weigh ticket' }, { value: 'EARLY', label: '期初库存', labelEn: 'Opening stock' }, { value: 'TRANSFER', label: '移库单', labelEn: 'Transfer form' },
  { value: 'CORRECTION', label: '净重更正', labelEn: 'Net correction' },
];
const sourceKind = `CASE WHEN t.ticket_id IS NOT NULL THEN 'TICKET' WHEN t.early_id IS NOT NULL THEN 'EARLY'
  WHEN t.corrects_ticket_id IS NOT NULL THEN 'CORRECTION' ELSE 'TRANSFER' END`;

const signedChange = "CASE WHEN t.reversed_at IS NOT NULL THEN 0 WHEN t.direction = 'OUT' THEN -t.quantity ELSE t.quantity END";

export const recordListTemplate = defineListTemplate({
  formatCode: RECORD_LIST_CODE, formatName: '出入库记录', formatNameEn: 'Stock records', mainTable: 'wb_stock_record',
  resUrl: '/api/stock/record/v2/list', menuPath: '/stock/record',
  fields: [
    { fieldName: 'postedAt', fieldExplain: '记账时间', fieldExplainEn: 'Posted', fieldType: 'DATE', columnSql: 't.posted_at',
      iallowQuery: true, isortField: true, idefinedSort: true, sortMethod: 'desc', searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'direction', fieldExplain: '方向', fieldExplainEn: 'Direction', fieldType: 'ENUM', columnSql: 't.direction',
      options: DIRECTION_OPTIONS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 100 },
    { fieldName: 'wareName', fieldExplain: '仓库', fieldExplainEn: 'Warehouse', fieldType: 'TEXT', columnSql: warehouseNameSql('warehouse_id'),
      iallowQuery: true, searchType: 'input', columnWidth: 150 },
    { fieldName: 'invCode', fieldExplain: '物料编码', fieldExplainEn: 'Material code', fieldType: 'TEXT', columnSql: materialCodeSql('material_id'), columnWidth: 110 },
    { fieldName: 'invName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: materialNameSql('material_id'),
      iallowQuery: true, searchType: 'input', columnWidth: 160 },
    tonsColumn('quantity', '数量(吨)', 'Quantity (t)', 't.quantity', { displayKind: 'weight' }),
    // what the record does to its balance: the total over a search is the net change it shows
    // (in and out of different directions do not add up as quantities, and a reversed record did nothing)
    tonsColumn('balanceChange', '结存变动(吨)', 'Balance change (t)', signedChange, { displayKind: 'weight', itotal: true, columnWidth: 150 }),
    { fieldName: 'sourceKind', fieldExplain: '来源', fieldExplainEn: 'Source', fieldType: 'ENUM', columnSql: sourceKind, options: SOURCE_KINDS,
      iallowQuery: true, searchType: 'comboxSingle', columnWidth: 100 },
    { fieldName: 'sourceNo', fieldExplain: '来源单号', fieldExplainEn: 'Source number', fieldType: 'TEXT', columnSql: sourceNo,
      iallowAdvanceQuery: true, searchType: 'input', columnWidth: 170 },
    { fieldName: 'reversed', fieldExplain: '已撤回', fieldExplainEn: 'Reversed', fieldType: 'BOOLEAN', columnSql: 't.reversed_at IS NOT NULL',
      options: [{ value: true, label: '已撤回', labelEn: 'Reversed', color: 'red' }, { value: false, label: '有效', labelEn: 'Valid', color: 'green' }], iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'reversedAt', fieldExplain: '撤回时间', fieldExplainEn: 'Reversed at', fieldType: 'DATE', columnSql: 't.reversed_at', columnWidth: 170 },
    { fieldName: 'postedBy', fieldExplain: '记账人', fieldExplainEn: 'Posted by', fieldType: 'TEXT', columnSql: '(SELECT u.real_name FROM sys_user u WHERE u.id = t.posted_by)', columnWidth: 100 },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', columnSql: 't.remark', columnWidth: 160 },
  ],
});
