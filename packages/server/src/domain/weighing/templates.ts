import { ROW_ACTIONS_FIELD } from '@wb/protocol';
import { defineListTemplate, type FieldDef, type TemplateDef } from '../../platform/templates/define';
import { createDateColumn, formTemplates, remarkColumn, versionColumn } from '../masterdata/shared/fields';
import { TICKET_KIND_INFO, ticketBase, ticketPermission, type TicketKind } from './kinds';
import { ticketMenuPath } from './menu';
import { rowActionsSql } from './row-actions-sql';

/** The weigh ticket screens of one kind: the list (with totals) and the manual ticket's create and update forms. */
export const ticketView = (kind: TicketKind) => `wb_ticket_${kind}`;

export const TICKET_STATE_OPTIONS = [
  { value: 'FIRST_WEIGHED', label: '一次过磅', labelEn: 'First weighed', color: 'orange' },
  { value: 'CONFIRMED', label: '已确认', labelEn: 'Confirmed', color: 'blue' },
  { value: 'COMPLETED', label: '已完成', labelEn: 'Completed', color: 'cyan' },
  { value: 'AUDITED', label: '已审核', labelEn: 'Audited', color: 'green' },
  { value: 'POSTED', label: '已过账', labelEn: 'Posted', color: 'purple' },
  { value: 'CLOSED', label: '已关闭', labelEn: 'Closed', color: 'default' },
  { value: 'OBSOLETE', label: '已作废', labelEn: 'Void', color: 'red' },
];
const TARE_SOURCES = [
  { value: 'WEIGHED', label: '回皮', labelEn: 'Weighed' }, { value: 'LAST', label: '上次皮重', labelEn: 'Last tare' }, { value: 'AVERAGE', label: '平均皮重', labelEn: 'Average tare' },
  { value: 'STANDARD', label: '标准皮重', labelEn: 'Standard tare' }, { value: 'MANUAL', label: '手工录入', labelEn: 'Entered by hand' },
];
export const PRICE_SOURCES = [
  { value: 'NOTICE_LINE', label: '通知单', labelEn: 'Notice line' }, { value: 'CONTRACT', label: '合同', labelEn: 'Contract' },
  { value: 'PRICE_RULE', label: '价格规则', labelEn: 'Price rule' }, { value: 'MANUAL', label: '手工改价', labelEn: 'Changed by hand' },
];
const YES_NO = [{ value: true, label: '是', labelEn: 'Yes' }, { value: false, label: '否', labelEn: 'No' }];

const sub = (sql: string) => `(${sql})`;
const materialName = sub('SELECT m.inv_name FROM md_material m WHERE m.id = t.material_id');
const warehouseName = sub('SELECT w.ware_name FROM md_warehouse w WHERE w.id = t.warehouse_id');
const partnerName = sub(`SELECT coalesce((SELECT v.vendor_name FROM md_vendor v WHERE v.id = t.vendor_id), (SELECT c.customer_name FROM md_customer c WHERE c.id = t.customer_id))`);
const noticeNo = sub('SELECT n.notice_no FROM wb_notice n WHERE n.id = t.notice_id');
const weight = (fieldName: string, zh: string, en: string, columnSql: string, total = false): FieldDef => ({
  fieldName, fieldExplain: zh, fieldExplainEn: en, fieldType: 'NUMBER', displayKind: 'weight', columnSql, isortField: true, itotal: total, columnWidth: 100,
});

function listFields(kind: TicketKind): FieldDef[] {
  return [
    { fieldName: 'ticketNo', fieldExplain: '磅单号', fieldExplainEn: 'Ticket no.', fieldType: 'TEXT', columnSql: 't.ticket_no',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 160 },
    { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate', fieldType: 'TEXT', columnSql: 't.plate_number',
      iallowQuery: true, iallowAdvanceQuery: true, isortField: true, searchType: 'input', fixed: 'left', columnWidth: 110 },
    { fieldName: 'state', fieldExplain: '状态', fieldExplainEn: 'State', fieldType: 'ENUM', columnSql: 't.state', options: TICKET_STATE_OPTIONS,
      iallowQuery: true, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 90 },
    weight('gross', '毛重(吨)', 'Gross (t)', 't.gross', true),
    weight('tare', '皮重(吨)', 'Tare (t)', 't.tare', true),
    { fieldName: 'tareSource', fieldExplain: '皮重来源', fieldExplainEn: 'Tare from', fieldType: 'ENUM', columnSql: 't.tare_source', options: TARE_SOURCES, columnWidth: 90 },
    weight('deductTotal', '扣重(吨)', 'Deducted (t)', 't.deduct_total', true),
    weight('net', '净重(吨)', 'Net (t)', 't.net', true),
    { fieldName: 'noticeNo', fieldExplain: '通知单号', fieldExplainEn: 'Notice no.', fieldType: 'TEXT', columnSql: noticeNo, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 160 },
    { fieldName: 'partnerName', fieldExplain: kind === 'sa' ? '客户' : kind === 'pu' ? '供应商' : '往来单位', fieldExplainEn: kind === 'sa' ? 'Customer' : kind === 'pu' ? 'Vendor' : 'Partner',
      fieldType: 'TEXT', columnSql: partnerName, columnWidth: 180 },
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', columnSql: materialName, iallowAdvanceQuery: true, searchType: 'input', columnWidth: 140 },
    { fieldName: 'warehouseName', fieldExplain: '仓库', fieldExplainEn: 'Warehouse', fieldType: 'TEXT', columnSql: warehouseName, columnWidth: 120 },
    { fieldName: 'grossTime', fieldExplain: '毛重时间', fieldExplainEn: 'Gross time', fieldType: 'DATE', columnSql: 't.gross_time', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'tareTime', fieldExplain: '皮重时间', fieldExplainEn: 'Tare time', fieldType: 'DATE', columnSql: 't.tare_time', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'completedAt', fieldExplain: '完成时间', fieldExplainEn: 'Completed', fieldType: 'DATE', columnSql: 't.completed_at', iallowAdvanceQuery: true, isortField: true, searchType: 'dateTimePickerRange', columnWidth: 170 },
    { fieldName: 'price', fieldExplain: '单价', fieldExplainEn: 'Unit price', fieldType: 'NUMBER', displayKind: 'unitPrice', columnSql: 't.price', columnWidth: 100 },
    { fieldName: 'priceSource', fieldExplain: '价格来源', fieldExplainEn: 'Price from', fieldType: 'ENUM', columnSql: 't.price_source', options: PRICE_SOURCES,
      iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 100 },
    { fieldName: 'priceLabel', fieldExplain: '价格依据', fieldExplainEn: 'Priced by', fieldType: 'TEXT', columnSql: 't.price_label', columnWidth: 250 },
    { fieldName: 'amount', fieldExplain: '金额', fieldExplainEn: 'Amount', fieldType: 'NUMBER', displayKind: 'money', columnSql: 't.amount', itotal: true, columnWidth: 110 },
    { fieldName: 'manual', fieldExplain: '手工单', fieldExplainEn: 'Manual', fieldType: 'BOOLEAN', columnSql: 't.manual', options: YES_NO, iallowAdvanceQuery: true, searchType: 'comboxSingle', columnWidth: 80 },
    // an unusual second weighing let through on the operator's confirmation (rules/unusual.ts), in the refusal's words
    { fieldName: 'unusualConfirmed', fieldExplain: '确认放行', fieldExplainEn: 'Confirmed unusual', fieldType: 'TEXT', columnSql: 't.unusual_confirmed', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 220 },
    { fieldName: 'printCount', fieldExplain: '打印次数', fieldExplainEn: 'Prints', fieldType: 'NUMBER', columnSql: 't.print_count', columnWidth: 80 },
    { fieldName: 'driverName', fieldExplain: '司机', fieldExplainEn: 'Driver', fieldType: 'TEXT', columnSql: 't.driver_name', columnWidth: 90 },
    // the calculation (or settlement) that holds the ticket: rules/locks.ts
    { fieldName: 'lockedByNo', fieldExplain: '锁定单据', fieldExplainEn: 'Locked by', fieldType: 'TEXT', columnSql: 't.locked_by_no', iallowAdvanceQuery: true, searchType: 'input', columnWidth: 160 },
    // the goods settlement holding the ticket (domain/settlement), from the ticket's own column
    { fieldName: 'settledByNo', fieldExplain: '结算单号', fieldExplainEn: 'Settled by', fieldType: 'TEXT', columnSql: "(SELECT s.settle_no FROM wb_settlement_row r JOIN wb_settlement s ON s.id = r.settlement_id WHERE r.scope = 'GOODS' AND r.ticket_id = t.id)", iallowAdvanceQuery: true, searchType: 'input', columnWidth: 160 },
    // 085: the yard's gauged volume beside the weighed net, and what the price is per (gauge/rules.ts)
    { fieldName: 'gaugeVolume', fieldExplain: '检尺方量(m³)', fieldExplainEn: 'Gauged (m3)', fieldType: 'NUMBER', columnSql: 't.gauge_volume', isortField: true, itotal: true, columnWidth: 110 },
    { fieldName: 'priceBasis', fieldExplain: '计价依据', fieldExplainEn: 'Price basis', fieldType: 'ENUM', columnSql: 't.price_basis', columnWidth: 120,
      options: [{ value: 'NET', label: '按净重', labelEn: 'Per ton' }, { value: 'VOLUME', label: '按检尺方量', labelEn: 'Per m3' }] },
    // 086: the production batch a sales ticket was loaded from (domain/batch)
    ...(kind === 'sa' ? [{ fieldName: 'batchNo', fieldExplain: '批次号', fieldExplainEn: 'Batch no.', fieldType: 'TEXT', columnSql: '(SELECT b.batch_no FROM md_batch b WHERE b.org_id = t.org_id AND b.id = t.batch_id)',
      iallowAdvanceQuery: true, searchType: 'input', columnWidth: 130 } satisfies FieldDef] : []),
    // what each row's buttons may do (row-actions-sql.ts); read by the list's buttons, never shown
    { fieldName: ROW_ACTIONS_FIELD, fieldExplain: '可用操作', fieldExplainEn: 'Allowed actions', fieldType: 'TEXT', columnSql: rowActionsSql(), ishow: false, ihidden: true },
    // 车数: one per row, so its total is the count of the searched rows
    { fieldName: 'trips', fieldExplain: '车数', fieldExplainEn: 'Trucks', fieldType: 'NUMBER', columnSql: '1', itotal: true, ishow: false, ihidden: true },
    remarkColumn,
    { ...createDateColumn, idefinedSort: true, sortMethod: 'desc' },
    versionColumn,
  ];
}

export function ticketListTemplate(kind: TicketKind): TemplateDef {
  const info = TICKET_KIND_INFO[kind];
  return defineListTemplate({
    formatCode: `weigh.${kind}.list`, formatName: info.label, formatNameEn: info.en, mainTable: ticketView(kind), ownerColumn: 'created_by',
    resUrl: `${ticketBase(kind)}/v2/list`, menuPath: ticketMenuPath(kind), fields: listFields(kind),
  });
}

/** The manual ticket (手工磅单): typed gross and tare, the net computed by the server (manual.ts). */
export function ticketForms(kind: TicketKind): [TemplateDef, TemplateDef] {
  const info = TICKET_KIND_INFO[kind];
  const table = ticketView(kind);
  return formTemplates({ formatCode: `weigh.${kind}`, formatName: `手工${info.label}`, formatNameEn: `manual ${info.en.replace(/s$/, '').toLowerCase()}`, prefix: ticketPermission(kind), mainTable: table, style: 'FORMAT_EIGHT_COLUMN_FROM' }, [
    { fieldName: 'ticketNo', fieldExplain: '磅单号', fieldExplainEn: 'Ticket no.', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.ticket_no', iupdate: false, tipsMessage: '留空则按编码规则自动编号' },
    { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldExplainEn: 'Plate', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.plate_number', irequired: true },
    { fieldName: 'materialName', fieldExplain: '物料', fieldExplainEn: 'Material', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql: materialName, irequired: true,
      resource: { formatCode: 'masterdata.inventory.resource', map: [
        { masterTable: table, fieldName: 'materialId', from: 'id' }, { masterTable: table, fieldName: 'materialName', from: 'invName' }] } },
    { fieldName: 'materialId', fieldExplain: '物料编号', fieldExplainEn: 'Material id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.material_id::text', ishow: false, ihidden: true },
    { fieldName: 'warehouseName', fieldExplain: '仓库', fieldExplainEn: 'Warehouse', fieldType: 'TEXT', formSubmitType: 'RESOURCE_CONTROLS', columnSql: warehouseName,
      resource: { formatCode: 'masterdata.warehouse.resource', map: [
        { masterTable: table, fieldName: 'warehouseId', from: 'id' }, { masterTable: table, fieldName: 'warehouseName', from: 'wareName' }] } },
    { fieldName: 'warehouseId', fieldExplain: '仓库编号', fieldExplainEn: 'Warehouse id', fieldType: 'TEXT', formSubmitType: 'ONE_TXT', columnSql: 't.warehouse_id::text', ishow: false, ihidden: true },
    { fieldName: 'gross', fieldExplain: '毛重(吨)', fieldExplainEn: 'Gross (t)', fieldType: 'NUMBER', displayKind: 'weight', formSubmitType: 'NUMBER', columnSql: 't.gross', irequired: true },
    { fieldName: 'tare', fieldExplain: '皮重(吨)', fieldExplainEn: 'Tare (t)', fieldType: 'NUMBER', displayKind: 'weight', formSubmitType: 'NUMBER', columnSql: 't.tare', irequired: true },
    // shown live as gross less tare while they are typed; the saved net is the server's (manual.ts:
    // its rounding, the material's hidden deduct), so a changed formula cannot change a ticket
    { fieldName: 'net', fieldExplain: '净重(吨)', fieldExplainEn: 'Net (t)', fieldType: 'NUMBER', displayKind: 'weight', formSubmitType: 'CALCULATE', columnSql: 't.net',
      calculate: 'gross - tare', iupdate: false, tipsMessage: '按毛重减皮重即时计算；保存时按暗扣与计量精度复核' },
    { fieldName: 'price', fieldExplain: '单价', fieldExplainEn: 'Unit price', fieldType: 'NUMBER', displayKind: 'unitPrice', formSubmitType: 'NUMBER', columnSql: 't.price' },
    // a ticket typed by hand after the fact: the driver archive is searched as the name is typed, newest first
    { fieldName: 'driverName', fieldExplain: '司机', fieldExplainEn: 'Driver', fieldType: 'TEXT', formSubmitType: 'SEARCH_AUTOMATIC', columnSql: 't.driver_name',
      customTable: 'POST /api/masterdata/driver/autocomplete?search={search}',
      options: [{ value: 'driverName', label: '姓名', labelEn: 'Name' }, { value: 'mobile', label: '手机号', labelEn: 'Mobile' }] },
    { fieldName: 'remark', fieldExplain: '备注', fieldExplainEn: 'Remark', fieldType: 'TEXT', formSubmitType: 'TEXTAREA', columnSql: 't.remark', rows: 2 },
  ]);
}
