import { ROW_ACTIONS_FIELD } from '@wb/protocol';
import { defineListTemplate, type FieldDef, type TemplateDef } from '../../platform/templates/define';
import { createDateColumn, remarkColumn, versionColumn } from '../masterdata/shared/fields';
import { FREIGHT_KIND_OPTIONS, FS_BASE, FS_LABEL, FS_LABEL_EN, FS_MENU } from './kinds';

/** The freight settlement's screens: its list (v2/list, noPageList, export) and its detail rows (detailList). */
export const FS_STATE_OPTIONS = [
  { value: 'DRAFT', label: '草稿', labelEn: 'Draft', color: 'default' },
  { value: 'EXAMINED', label: '已审核', labelEn: 'Examined', color: 'blue' },
  { value: 'PAID', label: '已付清', labelEn: 'Paid', color: 'green' },
  { value: 'CLOSED', label: '已关闭', labelEn: 'Closed', color: 'default' },
];
export const FS_LIST = 'settlement.freight.list';
export const FS_ROW_LIST = 'settlement.freight.row.list';

const carrierName = '(SELECT c.carrier_name FROM md_carrier c WHERE c.id = t.carrier_id)';
const materialName = '(SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id)';
const money = (fieldName: string, zh: string, en: string, columnSql: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName, fieldExplain: zh, fieldExplainEn: en, fieldType: 'NUMBER', columnSql: `trim_scale(${columnSql})`, itotal: true, columnWidth: 120, ...extra,
});
const kindField: FieldDef = {
  fieldName: 'kind', fieldExplain: '业务类型', fieldExplainEn: 'Kind', fieldType: 'ENUM', columnSql: 't.kind', options: FREIGHT_KIND_OPTIONS,
  iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90,
};

export const freightSettlementListTemplate: TemplateDef = defineListTemplate({
  formatCode: FS_LIST, formatName: FS_LABEL, formatNameEn: FS_LABEL_EN, mainTable: 'wb_settlement_freight', ownerColumn: 'created_by',
  resUrl: `${FS_BASE}/v2/list`, menuPath: FS_MENU,
  fields: [
    { fieldName: 'settleNo', fieldExplain: '结算单号', fieldExplainEn: 'Settlement no.', fieldType: 'TEXT', columnSql: 't.settle_no',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 170 },
    kindField,
    { fieldName: 'carrierName', fieldExplain: '承运商', fieldExplainEn: 'Carrier', fieldType: 'TEXT', columnSql: carrierName, iallowQuery: true, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 180 },
    { fieldName: 'carrierId', fieldExplain: '承运商编号', fieldExplainEn: 'Carrier id', fieldType: 'TEXT', columnSql: 't.carrier_id::text', ishow: false, ihidden: true },
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: materialName, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 140 },
    { fieldName: 'periodFrom', fieldExplain: '开始时间', fieldExplainEn: 'From', fieldType: 'DATE', columnSql: 't.period_from', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'periodTo', fieldExplain: '结束时间', fieldExplainEn: 'To', fieldType: 'DATE', columnSql: 't.period_to', isortField: true, columnWidth: 170 },
    { fieldName: 'state', fieldExplain: '状态', fieldExplainEn: 'State', fieldType: 'ENUM', columnSql: 't.state', options: FS_STATE_OPTIONS,
      iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    { fieldName: 'ticketCount', fieldExplain: '磅单数', fieldExplainEn: 'Tickets', fieldType: 'NUMBER', columnSql: 't.ticket_count', itotal: true, columnWidth: 80 },
    money('totalQuantity', '结算重量(吨)', 'Basis weight (t)', 't.total_quantity', { displayKind: 'weight' }),
    money('rowsAmount', '运费', 'Freight', 't.rows_amount', { displayKind: 'money' }),
    money('rowsTax', '运费税额', 'Freight tax', 't.rows_tax', { displayKind: 'money' }),
    money('adjustAmount', '扣款(亏吨及油卡)', 'Deductions (loss, fuel)', 't.adjust_amount', { displayKind: 'money' }),
    money('totalAmount', '应付运费', 'Payable', 't.total_amount', { displayKind: 'money' }),
    money('invoicedAmount', '已开票', 'Invoiced', 't.invoiced_amount', { displayKind: 'money' }),
    money('paidAmount', '已付款', 'Paid', 't.paid_amount', { displayKind: 'money' }),
    { fieldName: 'examinedAt', fieldExplain: '审核时间', fieldExplainEn: 'Examined', fieldType: 'DATE', columnSql: 't.examined_at', isortField: true, columnWidth: 170 },
    // what each row's buttons may do: a draft is examined or deleted; an examined one un-examined
    { fieldName: ROW_ACTIONS_FIELD, fieldExplain: '可用操作', fieldExplainEn: 'Allowed actions', fieldType: 'TEXT', ishow: false, ihidden: true,
      columnSql: `json_build_object('audit', t.state = 'DRAFT', 'deletes', t.state = 'DRAFT')` },
    remarkColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ],
});

/** The rows of the freight settlements (one per ticket, with its loss charge), searched by the settlement's number. */
export const freightSettlementRowListTemplate: TemplateDef = defineListTemplate({
  formatCode: FS_ROW_LIST, formatName: `${FS_LABEL}明细`, formatNameEn: `${FS_LABEL_EN} rows`, mainTable: 'wb_settlement_freight_row', ownerColumn: 'created_by',
  resUrl: `${FS_BASE}/detailList`, menuPath: `${FS_MENU}-row`,
  fields: [
    { fieldName: 'settleNo', fieldExplain: '结算单号', fieldExplainEn: 'Settlement no.', fieldType: 'TEXT', columnSql: 't.settle_no', iallowQuery: true, searchType: 'input', columnWidth: 170 },
    { fieldName: 'settlementId', fieldExplain: '结算单编号', fieldExplainEn: 'Settlement id', fieldType: 'TEXT', columnSql: 't.settlement_id::text', ishow: false, ihidden: true },
    { fieldName: 'seq', fieldExplain: '行号', fieldExplainEn: 'Row', fieldType: 'NUMBER', columnSql: 't.seq', isortField: true, idefinedSort: true, sortMethod: 'asc', columnWidth: 60 },
    { fieldName: 'ticketNo', fieldExplain: '磅单号', fieldExplainEn: 'Ticket no.', fieldType: 'TEXT', columnSql: 't.ticket_no', iallowQuery: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'completedAt', fieldExplain: '完成时间', fieldExplainEn: 'Completed', fieldType: 'DATE', columnSql: 't.completed_at', isortField: true, columnWidth: 170 },
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: materialName, columnWidth: 140 },
    money('shipped', '原发数(吨)', 'Shipped (t)', 't.shipped', { displayKind: 'weight', columnWidth: 100 }),
    money('grossNet', '实收(吨)', 'Received (t)', 't.gross_net', { displayKind: 'weight', columnWidth: 100 }),
    money('quantity', '结算重量(吨)', 'Basis weight (t)', 't.quantity', { displayKind: 'weight', columnWidth: 110 }),
    money('price', '运价', 'Freight price', 't.price', { displayKind: 'unitPrice', itotal: false, columnWidth: 100 }),
    money('amount', '运费', 'Freight', 't.amount', { displayKind: 'money' }),
    money('tax', '税额', 'Tax', 't.tax', { displayKind: 'money' }),
    money('shortage', '亏吨(吨)', 'Shortage (t)', 't.shortage', { displayKind: 'weight', columnWidth: 100 }),
    money('lossCharge', '亏吨扣款', 'Loss charge', 't.loss_charge', { displayKind: 'money' }),
    money('payable', '应付', 'Payable', 't.payable', { displayKind: 'money' }),
  ],
});
