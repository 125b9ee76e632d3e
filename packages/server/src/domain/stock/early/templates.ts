import { defineListTemplate } from '../../../platform/templates/define';
import { createDateColumn, formTemplates, readFieldsOf, remarkColumn, versionColumn } from '../../masterdata/shared/fields';
import { materialCodeSql, materialNameSql, materialPicker, STOCK_STATUS_OPTIONS, tonsColumn, warehouseNameSql, warehousePicker } from '../fields';

/** 期初库存: the list and the create and update forms. */
export const EARLY_TABLE = 'wb_stock_early';

export const earlyListTemplate = defineListTemplate({
  formatCode: 'stock.early.list', formatName: '期初库存', formatNameEn: 'Opening stock', mainTable: EARLY_TABLE, ownerColumn: 'created_by',
  resUrl: '/api/stock/early/v2/list', menuPath: '/stock/early',
  fields: [
    { fieldName: 'earlyNo', fieldExplain: '单据号', fieldExplainEn: 'Number', fieldType: 'TEXT', columnSql: 't.early_no',
      iallowQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 150 },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', columnSql: 't.doc_status',
      options: STOCK_STATUS_OPTIONS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'wareName', fieldExplain: '仓库', fieldExplainEn: 'Warehouse', fieldType: 'TEXT', columnSql: warehouseNameSql('warehouse_id'),
      iallowQuery: true, searchType: 'input', columnWidth: 140 },
    { fieldName: 'invCode', fieldExplain: '物料编码', fieldExplainEn: 'Material code', fieldType: 'TEXT', columnSql: materialCodeSql('material_id'), columnWidth: 110 },
    { fieldName: 'invName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: materialNameSql('material_id'),
      iallowQuery: true, searchType: 'input', columnWidth: 160 },
    tonsColumn('quantity', '期初数量(吨)', 'Quantity (t)', 't.quantity', { displayKind: 'weight', itotal: true }),
    { fieldName: 'stockDate', fieldExplain: '期初日期', fieldExplainEn: 'Date', fieldType: 'DATE', columnSql: 't.stock_date',
      iallowQuery: true, isortField: true, searchType: 'datePickerRange', columnWidth: 110 },
    { fieldName: 'auditedAt', fieldExplain: '审核时间', fieldExplainEn: 'Audited', fieldType: 'DATE', columnSql: 't.audited_at', columnWidth: 170 },
    remarkColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ],
});

export const [earlyCreateForm, earlyUpdateForm] = formTemplates({ formatCode: 'stock.early', formatName: '期初库存', formatNameEn: 'opening stock', prefix: 'stock_early', mainTable: EARLY_TABLE }, [
  { fieldName: 'earlyNo', fieldExplain: '单据号', fieldExplainEn: 'Number', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.early_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
  ...warehousePicker(EARLY_TABLE, 'warehouseId', 'wareName', '仓库', 'Warehouse', 'warehouse_id'),
  ...materialPicker(EARLY_TABLE),
  { fieldName: 'quantity', fieldExplain: '期初数量(吨)', fieldExplainEn: 'Quantity (t)', fieldType: 'NUMBER', displayKind: 'weight', formSubmitType: 'NUMBER', columnSql: 't.quantity', irequired: true },
  { fieldName: 'stockDate', fieldExplain: '期初日期', fieldExplainEn: 'Date', fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: 't.stock_date', tipsMessage: '留空则为今天' },
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
]);

export const earlyReadFields = readFieldsOf(earlyCreateForm);
