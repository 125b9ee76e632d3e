import { masterChildForm } from '../../../platform/documents/master-child-form';
import { defineListTemplate, type FieldDef } from '../../../platform/templates/define';
import { createDateColumn, formTemplates, readFieldsOf, remarkColumn, versionColumn } from '../../masterdata/shared/fields';
import { codePicker } from '../../masterdata/shared/code-picker';
import { materialCodeSql, materialNameSql, STOCK_STATUS_OPTIONS, tonsColumn, warehouseNameSql, warehousePicker } from '../fields';

/** 移库单: the list, and the master-child forms (the header's two warehouses above its lines). */
export const TRANSFER_TABLE = 'wb_stock_transfer';
export const TRANSFER_LINE_TABLE = 'wb_stock_transfer_line';

const linesSummary = `(SELECT string_agg(m.inv_name || ' ' || trim_scale(l.quantity)::text, '、' ORDER BY l.seq)
  FROM wb_stock_transfer_line l JOIN md_material m ON m.id = l.material_id WHERE l.transfer_id = t.id)`;

export const transferListTemplate = defineListTemplate({
  formatCode: 'stock.transfer.list', formatName: '移库单', formatNameEn: 'Transfer forms', mainTable: TRANSFER_TABLE, ownerColumn: 'created_by',
  resUrl: '/api/stock/transfer/v2/list', menuPath: '/stock/transfer-form',
  fields: [
    { fieldName: 'transferNo', fieldExplain: '移库单号', fieldExplainEn: 'Number', fieldType: 'TEXT', columnSql: 't.transfer_no',
      iallowQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 150 },
    { fieldName: 'docStatus', fieldExplain: '单据状态', fieldExplainEn: 'Status', fieldType: 'ENUM', columnSql: 't.doc_status',
      options: STOCK_STATUS_OPTIONS, iallowQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'transferDate', fieldExplain: '移库日期', fieldExplainEn: 'Date', fieldType: 'DATE', columnSql: 't.transfer_date',
      iallowQuery: true, isortField: true, searchType: 'datePickerRange', columnWidth: 110 },
    { fieldName: 'fromWareName', fieldExplain: '调出仓库', fieldExplainEn: 'From warehouse', fieldType: 'TEXT', columnSql: warehouseNameSql('from_warehouse_id'),
      iallowQuery: true, searchType: 'input', columnWidth: 140 },
    { fieldName: 'toWareName', fieldExplain: '调入仓库', fieldExplainEn: 'To warehouse', fieldType: 'TEXT', columnSql: warehouseNameSql('to_warehouse_id'),
      iallowQuery: true, searchType: 'input', columnWidth: 140 },
    { fieldName: 'lines', fieldExplain: '物料及数量(吨)', fieldExplainEn: 'Materials and tons', fieldType: 'TEXT', columnSql: linesSummary, columnWidth: 280 },
    tonsColumn('totalQuantity', '合计数量(吨)', 'Total (t)', '(SELECT coalesce(sum(l.quantity), 0) FROM wb_stock_transfer_line l WHERE l.transfer_id = t.id)', { displayKind: 'weight', itotal: true }),
    { fieldName: 'auditedAt', fieldExplain: '审核时间', fieldExplainEn: 'Audited', fieldType: 'DATE', columnSql: 't.audited_at', columnWidth: 170 },
    remarkColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ],
});

const headerFields: FieldDef[] = [
  { fieldName: 'transferNo', fieldExplain: '移库单号', fieldExplainEn: 'Number', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.transfer_no', iupdate: false, tipsMessage: '留空则按编码规则自动生成' },
  { fieldName: 'transferDate', fieldExplain: '移库日期', fieldExplainEn: 'Date', fieldType: 'DATE', formSubmitType: 'DATA_BOX', columnSql: 't.transfer_date', tipsMessage: '留空则为今天' },
  ...warehousePicker(TRANSFER_TABLE, 'fromWarehouseId', 'fromWareName', '调出仓库', 'From warehouse', 'from_warehouse_id'),
  ...warehousePicker(TRANSFER_TABLE, 'toWarehouseId', 'toWareName', '调入仓库', 'To warehouse', 'to_warehouse_id'),
  { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
];

/** The lines as the form's table edits them: a material named by its code, and the tons moved. */
export const lineColumns: FieldDef[] = [
  codePicker({ fieldName: 'materialCode', fieldExplain: '物料编码', fieldExplainEn: 'Material code', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: materialCodeSql('material_id'), irequired: true, columnWidth: 130 }, 'material', 'materialName', TRANSFER_LINE_TABLE),
  { fieldName: 'materialName', fieldExplain: '物料名称', fieldExplainEn: 'Material', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: materialNameSql('material_id'), iupdate: false, columnWidth: 160 },
  { fieldName: 'lineQuantity', fieldExplain: '数量(吨)', fieldExplainEn: 'Quantity (t)', fieldType: 'NUMBER', displayKind: 'weight', formSubmitType: 'NUMBER', columnSql: 't.quantity', irequired: true, itotal: true, columnWidth: 120 },
  { fieldName: 'lineRemark', fieldExplain: '明细备注', fieldExplainEn: 'Line remark', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.remark', columnWidth: 200 },
];

const [createForm, updateForm] = formTemplates({ formatCode: 'stock.transfer', formatName: '移库单', formatNameEn: 'transfer form', prefix: 'stock_transfer', mainTable: TRANSFER_TABLE }, headerFields);
const remark = '审核时按明细从调出仓库出库、向调入仓库入库；反审核撤回。';
export const transferCreateForm = masterChildForm({ ...createForm, remark }, TRANSFER_LINE_TABLE, lineColumns);
export const transferUpdateForm = masterChildForm({ ...updateForm, remark }, TRANSFER_LINE_TABLE, lineColumns);

export const transferReadFields = readFieldsOf({ ...createForm, fields: headerFields });
export const lineReadFields = readFieldsOf({ ...createForm, fields: lineColumns });
